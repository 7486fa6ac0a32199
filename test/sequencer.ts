/**
 * The order files start in (vitest.config.ts `sequence.sequencer`): with two workers, a long file started last keeps
 * one worker busy while the other idles, so the files that build lakes of their own start first, longest first. On a
 * clean clone vitest knows no duration and would start the largest files first, which are not the longest.
 */
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Files over ~15 quiet seconds, longest first (bench/results/suite-time.md: the session-12 clean-clone run). */
export const LONGEST_FIRST: readonly string[] = [
  'test/lake/incremental-derive.test.ts',
  'test/http/exports.test.ts',
  'test/datasets/generate-resume.test.ts',
  'test/datasets/ingest/ingest.test.ts',
  'test/datasets/ingest/crash.test.ts',
  'test/datasets/generate.test.ts',
  'test/datasets/ingest/node-lists.test.ts',
  'test/datasets/governance-batches.test.ts',
  'test/http/app.test.ts',
  'test/lake/reference-readers.test.ts',
  'test/bench/peers.test.ts',
  'test/datasets/generate-retention.test.ts',
  'test/http/faults.test.ts',
  'test/http/retention.test.ts',
  'test/http/scrub.test.ts',
  'test/http/admission.test.ts',
  'test/fuzz/params.test.ts',
  'test/http/guards.test.ts',
  'test/lake/sort-parts.test.ts',
  'test/datasets/ingest/trc20-snapshots.test.ts',
  'test/cli/commands.test.ts',
  'test/datasets/ingest/snapshots.test.ts',
  'test/lake/reference.test.ts',
  'test/bench/real-app.test.ts',
  'test/lake/layout-rederive.test.ts',
  'test/lake/witness-midnight.test.ts',
  'test/lake/supply-anchored.test.ts',
  'test/lake/usd-price-rule.test.ts',
];

/** vitest's order (projects one after the other, known durations, then sizes) with the files above moved to the front. */
export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const base = await super.sort(files);
    const rank = (f: TestSpecification): number => {
      const i = LONGEST_FIRST.indexOf(path.relative(f.project.config.root, f.moduleId).split(path.sep).join('/'));
      return i < 0 ? LONGEST_FIRST.length : i;
    };
    return base.map((f, i) => ({ f, i, r: rank(f) })).sort((a, b) => a.r - b.r || a.i - b.i).map((x) => x.f);
  }
}
