import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // One tiny lake per run, made by the real generator (test/global-setup.ts).
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Two cores: files in parallel would fight over DuckDB threads; each file shares one app.
    fileParallelism: false,
    pool: 'forks',
  },
});
