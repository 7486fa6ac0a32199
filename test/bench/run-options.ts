/**
 * Runner options for the bench tests: what a test chooses (targets, workload, mode, load) over the settings every
 * test shares (no warm-up, no floor, no progress bar, no log, 5 s timeout).
 */
import type { RunOptions } from '../../src/bench/runner.ts';

export type TestRun = Pick<RunOptions, 'targets' | 'workload' | 'workloadFile' | 'mode' | 'connections' | 'repeat'> & Partial<RunOptions>;

export function testRunOptions(run: TestRun): RunOptions {
  return {
    warmup: 0,
    timeoutS: 5,
    bailout: 100,
    floor: false,
    progress: false,
    command: 'test',
    tool: 'tronlake test',
    log: () => {},
    ...run,
  };
}
