import { defineConfig } from 'vitest/config';

/** Foundation endpoint tests: they run over the generated lake and again over a lake built by the ingester. */
const FOUNDATION_ENDPOINTS = ['test/endpoints/block/**/*.test.ts', 'test/endpoints/transaction/**/*.test.ts'];

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Two cores: files in parallel would fight over DuckDB threads; each file shares one app.
    fileParallelism: false,
    pool: 'forks',
    projects: [
      {
        extends: true,
        // Every test, over one tiny lake made by the real generator (test/global-setup.ts).
        test: { name: 'generated', include: ['test/**/*.test.ts'], globalSetup: ['test/global-setup.ts'] },
      },
      {
        extends: true,
        // The Foundation endpoint tests again, over a lake the ingester built from the fake node (issue 3).
        test: { name: 'ingested', include: FOUNDATION_ENDPOINTS, globalSetup: ['test/global-setup-ingested.ts'] },
      },
    ],
  },
});
