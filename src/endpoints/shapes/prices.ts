/**
 * Issue 33: exact price text (price_candles, dex_prices, token_day_prices: decimal text, token_prices' DOUBLE printed
 * as its shortest text, which may carry an exponent) as integers in units of 10^-18, for the price endpoints' exact
 * products and ratios (statistics/trx-volume, statistics/token-tvc).
 */
import { ratioDecimal } from '../../params/amounts.ts';

/** Units of 10^-18 in one. */
export const E18 = 10n ** 18n;

/**
 * A non-negative decimal text as an integer in units of 10^-18, digits past the 18th cut (floor), e.g.
 * `e18('0.29')` = 290000000000000000n, `e18('9.7e-07')` = 970000000000n; undefined when it is not such a text.
 */
export function e18(text: string): bigint | undefined {
  const m = /^\s*(\d*)(?:\.(\d*))?(?:[eE]([-+]?\d+))?\s*$/.exec(text);
  if (!m || (m[1] === '' && (m[2] ?? '') === '')) return undefined;
  const digits = `${m[1]}${m[2] ?? ''}`;
  const shift = 18 + Number(m[3] ?? 0) - (m[2] ?? '').length;
  if (Math.abs(shift) > 400) return undefined;
  return shift >= 0 ? BigInt(digits) * 10n ** BigInt(shift) : BigInt(digits) / 10n ** BigInt(-shift);
}

/** (newest − previous) / previous of two price texts, rounded once to `places`; null without both or a zero base. */
export function changeRatio(newest: unknown, previous: unknown, places = 6): string | null {
  if (newest === null || newest === undefined || previous === null || previous === undefined) return null;
  const a = e18(String(newest));
  const b = e18(String(previous));
  return a === undefined || b === undefined || b === 0n ? null : ratioDecimal(a - b, b, places);
}
