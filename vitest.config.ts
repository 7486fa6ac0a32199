import { defineConfig } from 'vitest/config';
import { budget } from './test/helpers/budget.ts';
import { LongestFirst } from './test/sequencer.ts';

// Both test lakes (and every lake a test publishes) cut the by-address copies' buckets into address-range files of at
// most this many rows (src/lake/derive/address-ranges.ts; the catalog's bound, 262,144, would leave a tiny lake's buckets
// whole), so every by-address endpoint test reads several range files per bucket and runs merge them (test/README.md).
process.env.TRONLAKE_RANGE_ROWS ??= '1000';

/** Every endpoint test (and the exactness audit) runs over the generated lake and again over a lake built by the ingester. */
const ENDPOINT_TESTS = ['test/endpoints/**/*.test.ts', 'test/exact/**/*.test.ts', 'test/contract/series-bounds.test.ts'];

export default defineConfig({
  test: {
    // Limits from the work, times the slack a busy machine needs (test/helpers/budget.ts): a plain test's work is
    // under 20 quiet seconds, a file's setup (an app and a DuckDB over the lake) under 40.
    testTimeout: budget(20),
    hookTimeout: budget(40),
    // Two files at a time, one per core: alone, the suite kept 1.2 of the 2 cores busy (its files wait on child
    // processes, sockets, fsync and timers as much as on DuckDB), so a second worker fills the idle core.
    fileParallelism: true,
    maxWorkers: 2,
    // Files that build lakes of their own start first, longest first (test/sequencer.ts): no long file left for last.
    sequence: { sequencer: LongestFirst },
    pool: 'forks',
    // A worker runs a project's files one after another with one module graph, so the app and the expectation
    // DuckDB over the project's lake (test/helpers/lake.ts) open once per worker, not once per file: opening them was
    // most of an endpoint file's time (34 endpoint files, both projects, load ~10: 128 s → 20 s wall). Safe because no
    // test mocks modules, stubs globals or env, or changes the shared app (test/README.md "Shared app").
    isolate: false,
    projects: [
      {
        extends: true,
        // Every test, over one tiny lake made by the real generator (test/global-setup.ts).
        test: { name: 'generated', include: ['test/**/*.test.ts'], globalSetup: ['test/global-setup.ts'] },
      },
      {
        extends: true,
        // Every endpoint test again, over a multi-day lake the ingester built from the fake node.
        test: { name: 'ingested', include: ENDPOINT_TESTS, globalSetup: ['test/global-setup-ingested.ts'] },
      },
    ],
  },
});
