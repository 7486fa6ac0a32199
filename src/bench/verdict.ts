/**
 * When a difference between two targets is a change: the rules `compare` and the report apply to figures measured in
 * rounds (src/bench/README.md, "Verdicts"). Never a change inside the run-to-run spread.
 */

export type Verdict = 'faster' | 'slower' | 'within spread' | 'no verdict (under 2 rounds)' | 'no verdict (under 5 paired rounds)' | `only in ${'A' | 'B'}`;

/** The median, e.g. `median([3, 1, 2])` = `2`, `median([1, 2, 3, 4])` = `2.5`. */
export function median(xs: readonly number[]): number {
  const s = [...xs].sort((x, y) => x - y);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/**
 * The verdict on a lower-is-better figure measured in rounds: a change only when the two sets of rounds do not
 * overlap and their medians differ by more than the larger run-to-run spread (max − min) of either side,
 * e.g. `judge([10, 11, 12], [20, 21, 22]).verdict` = `'slower'`, `judge([10, 12], [11, 13]).verdict` = `'within spread'`.
 */
export function judge(a: readonly number[], b: readonly number[]): { verdict: Verdict; spread: number | undefined } {
  if (a.length < 2 || b.length < 2) return { verdict: 'no verdict (under 2 rounds)', spread: undefined };
  const spreadOf = (xs: readonly number[]) => Math.max(...xs) - Math.min(...xs);
  const spread = Math.max(spreadOf(a), spreadOf(b));
  const diff = median(b) - median(a);
  const apart = Math.min(...b) > Math.max(...a) || Math.max(...b) < Math.min(...a);
  if (!apart || Math.abs(diff) <= spread) return { verdict: 'within spread', spread };
  return { verdict: diff < 0 ? 'faster' : 'slower', spread };
}

/**
 * B's p50 over A's, round by round, for the rounds where both answered (rounds of one run, aligned by index),
 * e.g. `pairedRatios([{ requests: 5, p50: 10 }], [{ requests: 5, p50: 12 }])` = `[1.2]`.
 */
export function pairedRatios(a: readonly { requests: number; p50: number }[], b: readonly { requests: number; p50: number }[]): number[] {
  if (a.length !== b.length) return [];
  const out: number[] = [];
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x.requests > 0 && y.requests > 0 && x.p50 > 0) out.push(Math.round((y.p50 / x.p50) * 10_000) / 10_000);
  }
  return out;
}

/**
 * The verdict on paired ratios (B / A of a lower-is-better figure, per round): a change only when there are at least
 * five, every round points the same way and the median ratio is further from 1 than the ratios' spread (max − min),
 * e.g. `pairedJudge([1.3, 1.32, 1.31, 1.29, 1.3])` = `'slower'`, `pairedJudge([0.98, 1.05, 1.01, 0.99, 1.02])` =
 * `'within spread'`. Fewer rounds call noise a change too often: simulated with log-normal noise, 30% of unchanged
 * labels with two rounds, 9% with three, 2% with four, 0.6% with five; and on the committed A-against-A run
 * (bench/results/compare/same-server, three rounds) the rule would have called 4 of 26 labels a change.
 */
export function pairedJudge(ratios: readonly number[]): Verdict {
  if (ratios.length < 5) return 'no verdict (under 5 paired rounds)';
  const spread = Math.max(...ratios) - Math.min(...ratios);
  const m = median(ratios);
  const sameSide = ratios.every((r) => r > 1) || ratios.every((r) => r < 1);
  if (!sameSide || Math.abs(m - 1) <= spread) return 'within spread';
  return m > 1 ? 'slower' : 'faster';
}
