/**
 * The one rule for numbers (docs/compat.md "Numbers"): amounts are exact integers in the smallest unit end to end.
 * A value scaled by decimals is formatted from the exact integer with decimal string arithmetic, never through a
 * double; thresholds are parsed into exact integers and compared exactly.
 */
import { z } from 'zod';
import { JsonDecimal } from '../wire/json.ts';

const INTEGER_RE = /^-?\d+$/;
const DECIMAL_RE = /^(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
/** Longest threshold accepted, in digits of the smallest unit (uint256 has 78). */
const MAX_DIGITS = 80;

/**
 * An exact integer (bigint, or a decimal string of one) divided by 10^decimals, as a decimal string without
 * trailing zeros, e.g. `scaleDecimal('614370361093000000', 6)` = '614370361093', `scaleDecimal(-1500n, 3)` = '-1.5'.
 */
export function scaleDecimal(raw: string | bigint, decimals: number): string {
  const s = typeof raw === 'bigint' ? raw.toString() : raw.trim();
  if (!INTEGER_RE.test(s)) throw new Error(`scaleDecimal: not an integer: '${s.slice(0, 40)}'`);
  if (!Number.isInteger(decimals) || decimals < 0) throw new Error(`scaleDecimal: bad decimals ${decimals}`);
  const negative = s.startsWith('-');
  const digits = (negative ? s.slice(1) : s).replace(/^0+(?=\d)/, '');
  const padded = digits.padStart(decimals + 1, '0');
  const whole = padded.slice(0, padded.length - decimals);
  const fraction = padded.slice(padded.length - decimals).replace(/0+$/, '');
  const text = fraction ? `${whole}.${fraction}` : whole;
  return negative && text !== '0' ? `-${text}` : text;
}

/**
 * The same scaled value as an exact JSON number literal (wire/json.ts prints its digits as they are), for a field
 * TronScan types as a number, e.g. `scaledNumber('614370361093000000', 6)` prints as 614370361093.
 */
export function scaledNumber(raw: string | bigint, decimals: number): JsonDecimal {
  return new JsonDecimal(scaleDecimal(raw, decimals));
}

/**
 * An exact integer cell of a query (a number inside ±2^53, a bigint beyond, a DECIMAL's text) as a bigint; null and
 * undefined are 0, e.g. `exactInteger('123456789012345678901')` = 123456789012345678901n. Throws on a fraction.
 */
export function exactInteger(v: unknown): bigint {
  if (v === null || v === undefined) return 0n;
  if (typeof v === 'bigint') return v;
  if (typeof v === 'number' && Number.isSafeInteger(v)) return BigInt(v);
  if (typeof v === 'string' && INTEGER_RE.test(v.trim())) return BigInt(v.trim());
  throw new Error(`exactInteger: not an exact integer: ${String(v).slice(0, 40)}`);
}

/**
 * The exact sum of amounts with different decimals, each `raw / 10^decimals`, as a JSON number literal, e.g.
 * `sumScaled([{ raw: 15n, decimals: 1 }, { raw: 25n, decimals: 2 }])` prints as 1.75 (brought to the largest
 * decimals, added as integers, scaled once).
 */
export function sumScaled(parts: readonly { raw: bigint; decimals: number }[]): JsonDecimal {
  const top = parts.reduce((m, p) => Math.max(m, p.decimals), 0);
  const total = parts.reduce((a, p) => a + p.raw * 10n ** BigInt(top - p.decimals), 0n);
  return scaledNumber(total, top);
}

/**
 * The smallest integer not below a non-negative decimal text (exponent allowed), exactly, e.g.
 * `ceilInteger('1e18')` = 10n ** 18n, `ceilInteger('0.5')` = 1n, `ceilInteger('12.0')` = 12n; undefined for
 * malformed text or more than 80 digits.
 */
export function ceilInteger(text: string): bigint | undefined {
  const t = text.trim();
  const m = DECIMAL_RE.exec(t);
  if (!m) return undefined;
  const [mantissa, exp = '0'] = t.toLowerCase().split('e') as [string, string?];
  const [intPart = '', fracPart = ''] = mantissa.split('.');
  const e = Number(exp);
  if (!Number.isSafeInteger(e)) return undefined;
  const all = intPart + fracPart;
  const digits = all.replace(/^0+/, '');
  if (digits === '') return 0n;
  // Position of the decimal point within `digits` (leading zeros dropped).
  const point = intPart.length + e - (all.length - digits.length);
  if (point > MAX_DIGITS) return undefined;
  if (point <= 0) return 1n; // 0 < value < 1
  const whole = digits.slice(0, point).padEnd(point, '0');
  const rest = digits.slice(point);
  return BigInt(whole) + (/[1-9]/.test(rest) ? 1n : 0n);
}

/**
 * A threshold on amounts in the smallest unit (`filterTokenValue`): a non-negative decimal, parsed exactly and
 * rounded up to an integer (no amount lies strictly between), e.g. '1e18' → 10n ** 18n; '-1' and 'abc' are a 400.
 */
export function amountThreshold() {
  return z.string().transform((s, ctx): bigint => {
    const n = ceilInteger(s);
    if (n === undefined) {
      ctx.addIssue({ code: 'custom', message: `must be a non-negative number of at most ${MAX_DIGITS} digits, got '${s.trim().slice(0, 40)}'` });
      return z.NEVER;
    }
    return n;
  }).meta({
    description: `Smallest amount kept, in the token's smallest unit: a non-negative number of at most ${MAX_DIGITS} digits (e.g. 1e18), rounded up to an integer.`,
    examples: ['1000000'],
  });
}

/**
 * Binds of an exact threshold for the amount fragments: the exact integer as text (compared by length, then by
 * digits, with the lake's canonical `amount_raw`) and its double (rounded down, a pruning companion only: every
 * amount that passes the exact test passes it too), e.g. `thresholdBinds(5n)` = { min_amount: 5, min_amount_raw: '5' }.
 */
export function thresholdBinds(t: bigint | undefined): { min_amount: number | null; min_amount_raw: string | null } {
  if (t === undefined) return { min_amount: null, min_amount_raw: null };
  const d = Number(t);
  return { min_amount: BigInt(Math.floor(d)) > t ? prevDouble(d) : d, min_amount_raw: t.toString() };
}

/** The largest double below d (d positive and finite). */
function prevDouble(d: number): number {
  const b = new Float64Array([d]);
  const u = new BigUint64Array(b.buffer);
  u[0] = u[0]! - 1n;
  return b[0]!;
}

const FACTOR_RE = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([-+]?\d+))?$/;

/**
 * The exact product of `raw / 10^decimals` and a decimal text (a price: '0.2893', '9.7e-07'), rounded half away from
 * zero to `places` decimals, as a decimal string without trailing zeros, e.g.
 * `multiplyScaled(1_500_000n, 6, '0.2893', 6)` = '0.43395' (1.5 TRX at 0.2893 USD).
 */
export function multiplyScaled(raw: bigint, decimals: number, factor: string, places: number): string {
  return scaleDecimal(scaledProduct(decimals, factor, places)(raw), places);
}

/**
 * `raw / 10^decimals × factor` in units of 10^-places, rounded half away from zero, with the factor parsed once: the
 * integer multiplyScaled writes as decimal text, for callers that sum many amounts at one price (no text per amount).
 * A factor that is not a decimal throws.
 */
export function scaledProduct(decimals: number, factor: string, places: number): (raw: bigint) => bigint {
  const m = FACTOR_RE.exec(factor.trim());
  if (!m) throw new Error(`multiplyScaled: not a decimal: '${factor.slice(0, 40)}'`);
  const fraction = m[3] ?? '';
  let digits = BigInt(`${m[1]}${m[2]}${fraction}`);
  let scale = fraction.length - Number(m[4] ?? 0);
  if (scale < 0) {
    digits *= 10n ** BigInt(-scale);
    scale = 0;
  }
  const extra = decimals + scale - places;
  if (extra <= 0) {
    const up = digits * 10n ** BigInt(-extra);
    return (raw) => raw * up;
  }
  const unit = 10n ** BigInt(extra);
  const half = unit / 2n;
  return (raw) => {
    const product = raw * digits;
    return product < 0n ? -((-product + half) / unit) : (product + half) / unit;
  };
}

/**
 * The one rounding of a ratio (docs/compat.md "Series bounds and rounding"): `part / whole` rounded once, from the
 * exact integers, to `places` decimals, half away from zero (Java's HALF_UP, the rounding of TronScan's BigDecimal
 * figures), as a decimal string of exactly `places` decimals, e.g. `ratioDecimal(5_113_506n, 10_000_000n, 4)` =
 * '0.5114', `ratioDecimal(1n, 8n, 2)` = '0.13' (the tie goes up), `ratioDecimal(-1n, 8n, 2)` = '-0.13',
 * `ratioDecimal(-1n, 3000n, 2)` = '0.00' (no '-0'). Never through a double: dividing in floating point first and
 * rounding the result (or truncating to more places and rounding again) moves a last digit that sits on a tie.
 */
export function ratioDecimal(part: bigint | number, whole: bigint | number, places: number): string {
  if (!Number.isInteger(places) || places < 0) throw new Error(`ratioDecimal: bad places ${places}`);
  const p = toBig(part);
  const w = toBig(whole);
  if (w === 0n) throw new Error('ratioDecimal: zero whole');
  const negative = p < 0n !== w < 0n && p !== 0n;
  const n = (p < 0n ? -p : p) * 10n ** BigInt(places);
  const d = w < 0n ? -w : w;
  // Half away from zero on the magnitude: q + 1 when the remainder is at least half the divisor.
  const q = n / d + ((n % d) * 2n >= d ? 1n : 0n);
  const text = scaleDecimal(q, places);
  const fixed = places === 0 ? text : text.includes('.') ? text.padEnd(text.indexOf('.') + 1 + places, '0') : `${text}.${'0'.repeat(places)}`;
  return negative && q !== 0n ? `-${fixed}` : fixed;
}

/** `ratioDecimal` as a JSON number (the nearest double to the rounded decimal, which prints as it), e.g. 0.5114. */
export function ratioNumber(part: bigint | number, whole: bigint | number, places: number): number {
  return Number(ratioDecimal(part, whole, places));
}

function toBig(v: bigint | number): bigint {
  if (typeof v === 'bigint') return v;
  if (!Number.isSafeInteger(v)) throw new Error(`ratioDecimal: not an exact integer: ${v}`);
  return BigInt(v);
}
