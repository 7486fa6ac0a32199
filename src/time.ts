/**
 * Lengths of time the whole project counts in, written once: a UTC day in milliseconds, e.g.
 * `utcDayStart(1662014442000)` = 1661990400000 (2022-09-01T00:00Z). No leap seconds: TRON timestamps are Unix ms.
 */
export const DAY_MS = 86_400_000;

/** The start of the UTC day holding `ms` (ms ≥ 0), e.g. `utcDayStart(DAY_MS + 5)` = DAY_MS. */
export function utcDayStart(ms: number): number {
  return Math.floor(ms / DAY_MS) * DAY_MS;
}
