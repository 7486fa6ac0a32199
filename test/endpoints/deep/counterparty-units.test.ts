/**
 * usdUnitsOf (src/endpoints/shapes/counterparty-shape.ts): the per-price factor relatedAccount and transferAmount
 * apply to every amount is the exact product of multiplyScaled at 60 places read back as units, for prices in plain
 * and exponent form, decimals 0-36 (rounding at 60 places happens only when decimals + price places exceed 60),
 * amounts up to uint256, and a price that is not a decimal throws as multiplyScaled does.
 */
import { describe, expect, it } from 'vitest';
import { multiplyScaled } from '../../../src/params/amounts.ts';
import { usdUnitsOf } from '../../../src/endpoints/shapes/counterparty-shape.ts';

/** multiplyScaled's decimal text as a count of 10^-60, written here from the text. */
function units(text: string): bigint {
  const negative = text.startsWith('-');
  const [whole, fraction = ''] = (negative ? text.slice(1) : text).split('.');
  const v = BigInt(`${whole}${fraction.padEnd(60, '0')}`);
  return negative ? -v : v;
}

describe('usdUnitsOf', () => {
  it('equals multiplyScaled at 60 places for every price form, decimals and amount size', () => {
    const prices = ['0', '1', '0.2893', '9.7e-07', '1.5E+3', '123456.789012345678901234567', '0.000000000000000000000000000001234567', '2e-40', '-0.5', '7e5'];
    const amounts = [0n, 1n, 5n, 999_999n, 1_500_000n, 10n ** 18n + 7n, 2n ** 255n - 1n, 2n ** 256n - 1n];
    let seed = 7;
    for (let i = 0; i < 40; i++) {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      amounts.push(BigInt(seed) * BigInt(seed + 1) * 10n ** BigInt(seed % 30));
    }
    for (const price of prices) {
      for (const decimals of [0, 6, 8, 18, 24, 36]) {
        const f = usdUnitsOf(decimals, price);
        for (const raw of amounts) expect(f(raw), `${raw} ${decimals} ${price}`).toBe(units(multiplyScaled(raw, decimals, price, 60)));
      }
    }
  });

  it('a price that is not a decimal throws', () => {
    expect(() => usdUnitsOf(6, 'NaN')(1n)).toThrow(/not a decimal/);
  });
});

describe('usdNumber', () => {
  it('equals Number(ratioDecimal(units, 10^60, 6)): ties, negatives, zero, beyond 2^53 millionths', async () => {
    const { usdNumber } = await import('../../../src/endpoints/shapes/counterparty-shape.ts');
    const { ratioDecimal } = await import('../../../src/params/amounts.ts');
    const U = 10n ** 54n;
    const values = [0n, 1n, -1n, U / 2n, U / 2n - 1n, -(U / 2n), 3n * U / 2n, 7n * U + U / 2n, -(7n * U + U / 2n), U * 10n ** 17n, 2n ** 53n * U, (2n ** 53n + 1n) * U, 10n ** 80n + 12345n, -(10n ** 70n)];
    let seed = 11;
    for (let i = 0; i < 300; i++) {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      const v = BigInt(seed) * 10n ** BigInt(40 + (seed % 30)) + BigInt(seed % 997);
      values.push(v, -v, (v / U) * U + U / 2n);
    }
    for (const v of values) expect(Object.is(usdNumber(v), Number(ratioDecimal(v, 10n ** 60n, 6))), String(v)).toBe(true);
  });
});

describe('topOf', () => {
  it('is [...list].sort(cmp).slice(0, k) for every k, ties kept in list order as a stable sort keeps them', async () => {
    const { topOf } = await import('../../../src/endpoints/shapes/counterparty-shape.ts');
    let seed = 5;
    const list = Array.from({ length: 500 }, (_, i) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return { id: i, v: seed % 37 };
    });
    const byValue = (a: { v: number }, b: { v: number }) => b.v - a.v;
    const total = (a: { v: number; id: number }, b: { v: number; id: number }) => b.v - a.v || a.id - b.id;
    for (const k of [0, 1, 2, 7, 100, 499, 500, 1000]) {
      expect(topOf(list, byValue, k), `ties k=${k}`).toEqual([...list].sort(byValue).slice(0, k));
      expect(topOf(list, total, k), `total k=${k}`).toEqual([...list].sort(total).slice(0, k));
    }
  });
});
