/**
 * A test's time limit, from the work it does rather than from one quiet run (issue 28, "the suite under load").
 *
 * A limit only catches a hang: a correct test on a busy machine must never fail on it. So every limit is written as
 * the quiet seconds of the test's work on this project's 2-core machine, times `SLACK`, the slowdown a shared machine
 * may impose: at a load of 4 on 2 cores a CPU-bound test gets about a third of the cores it gets alone, and the suite's
 * DuckDB threads add to that; 6 leaves room beyond it. `TRONLAKE_TEST_SLACK` raises it on a slower machine.
 * E.g. `it('builds two lakes', fn, budget(60))` may take 6 minutes by default.
 */
export const SLACK = Math.max(1, Number(process.env.TRONLAKE_TEST_SLACK) || 6);

/** The limit, in ms, of a test or hook whose work takes `quietSeconds` on a quiet machine, e.g. `budget(30)` = 180000. */
export function budget(quietSeconds: number): number {
  return Math.ceil(quietSeconds * SLACK * 1000);
}
