import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { amountThreshold, ceilInteger, ratioDecimal, ratioNumber, scaleDecimal, scaledNumber, thresholdBinds } from '../../src/params/amounts.ts';
import { toJson } from '../../src/wire/json.ts';

describe('scaleDecimal: exact integer / 10^decimals by string arithmetic', () => {
  it('keeps every digit a double would lose', () => {
    expect(scaleDecimal('614370361093000000', 6)).toBe('614370361093');
    expect(Number('614370361093000000') / 1e6).not.toBe(614370361093); // the defect it replaces
    expect(scaleDecimal('123456789012345678901234567890', 18)).toBe('123456789012.34567890123456789');
    expect(scaleDecimal(2n ** 256n - 1n, 0)).toBe((2n ** 256n - 1n).toString());
  });
  it('pads, trims trailing zeros and keeps the sign', () => {
    expect(scaleDecimal('1500000', 6)).toBe('1.5');
    expect(scaleDecimal('5', 3)).toBe('0.005');
    expect(scaleDecimal('0', 18)).toBe('0');
    expect(scaleDecimal('000120', 1)).toBe('12');
    expect(scaleDecimal(-1500n, 3)).toBe('-1.5');
    expect(scaleDecimal('-0', 2)).toBe('0');
  });
  it('rejects what is not an integer', () => {
    expect(() => scaleDecimal('1.5', 2)).toThrow();
    expect(() => scaleDecimal('1', -1)).toThrow();
  });
  it('prints as a bare JSON number with the exact digits, at any depth and at the top', () => {
    expect(toJson(scaledNumber('614370361093000000', 6))).toBe('614370361093');
    expect(toJson({ a: [scaledNumber('123456789012345678901', 2)], b: 1n })).toBe('{"a":[1234567890123456789.01],"b":1}');
    expect(JSON.parse(toJson({ x: scaledNumber('15', 1) }))).toEqual({ x: 1.5 });
    expect(String(scaledNumber('15', 1))).toBe('1.5');
  });
});

describe('ceilInteger / amountThreshold: thresholds parsed exactly', () => {
  it('integers, exponents and fractions round up exactly', () => {
    expect(ceilInteger('1e18')).toBe(10n ** 18n);
    expect(ceilInteger('1000000000000000001')).toBe(1000000000000000001n);
    expect(ceilInteger('1.000000000000000001e18')).toBe(10n ** 18n + 1n);
    expect(ceilInteger('0.5')).toBe(1n);
    expect(ceilInteger('.5')).toBe(1n);
    expect(ceilInteger('12.0')).toBe(12n);
    expect(ceilInteger('12.01')).toBe(13n);
    expect(ceilInteger('0')).toBe(0n);
    expect(ceilInteger('0.000')).toBe(0n);
    expect(ceilInteger('15e-1')).toBe(2n);
    expect(ceilInteger('007')).toBe(7n);
  });
  it('rejects negatives, text and absurd sizes', () => {
    for (const bad of ['-1', 'abc', '', '1e81', '1..2', '0x10']) expect(ceilInteger(bad)).toBeUndefined();
    const r = z.object({ filterTokenValue: amountThreshold() }).safeParse({ filterTokenValue: '-1' });
    expect(r.success).toBe(false);
  });
  it('binds: exact text plus a double never above it', () => {
    const t = 10n ** 18n + 1n;
    const b = thresholdBinds(t);
    expect(b.min_amount_raw).toBe('1000000000000000001');
    expect(BigInt(b.min_amount!) <= t).toBe(true);
    const up = 2n ** 60n - 1n; // Number() rounds it up to 2^60
    expect(BigInt(thresholdBinds(up).min_amount!) <= up).toBe(true);
    expect(thresholdBinds(undefined)).toEqual({ min_amount: null, min_amount_raw: null });
  });
});

describe('ratioDecimal: part / whole rounded once from the exact integers, half away from zero', () => {
  it('rounds the exact value, not a double or a value truncated first', () => {
    // 0.5113506: truncating to 6 places (0.511350) and rounding that again gives 0.5113; the exact value is 0.5114.
    expect(ratioDecimal(5_113_506n, 10_000_000n, 4)).toBe('0.5114');
    expect(ratioDecimal(5_113_499n, 10_000_000n, 4)).toBe('0.5113');
    // A tie goes away from zero (Java HALF_UP): 1/8 = 0.125, 0.00005 exactly, 2.5.
    expect(ratioDecimal(1n, 8n, 2)).toBe('0.13');
    expect(ratioDecimal(5n, 100_000n, 4)).toBe('0.0001');
    expect(ratioDecimal(5n, 2n, 0)).toBe('3');
    // 1.0005 as a double is 1.000499999…: toFixed(3) gives '1.000'; the exact value rounds up.
    expect((10_005 / 10_000).toFixed(3)).toBe('1.000');
    expect(ratioDecimal(10_005n, 10_000n, 3)).toBe('1.001');
    // Just under a tie stays down; just over goes up.
    expect(ratioDecimal(124_999_999n, 1_000_000_000n, 2)).toBe('0.12');
    expect(ratioDecimal(125_000_001n, 1_000_000_000n, 2)).toBe('0.13');
  });

  it('pads to the places, keeps signs symmetric, never prints -0, and stays exact beyond 2^53', () => {
    expect(ratioDecimal(1n, 3n, 4)).toBe('0.3333');
    expect(ratioDecimal(2n, 3n, 4)).toBe('0.6667');
    expect(ratioDecimal(1n, 2n, 4)).toBe('0.5000');
    expect(ratioDecimal(3n, 3n, 4)).toBe('1.0000');
    expect(ratioDecimal(0n, 7n, 4)).toBe('0.0000');
    expect(ratioDecimal(-1n, 8n, 2)).toBe('-0.13');
    expect(ratioDecimal(1n, -8n, 2)).toBe('-0.13');
    expect(ratioDecimal(-1n, -8n, 2)).toBe('0.13');
    expect(ratioDecimal(-1n, 3000n, 2)).toBe('0.00');
    expect(ratioDecimal(7, 2, 1)).toBe('3.5');
    const big = 2n ** 64n;
    expect(ratioDecimal(big + 1n, big, 20)).toBe('1.00000000000000000005');
    expect(ratioDecimal(10n ** 30n + 5n, 10n, 0)).toBe('100000000000000000000000000001');
    expect(ratioNumber(5_113_506n, 10_000_000n, 4)).toBe(0.5114);
  });

  it('refuses a zero whole, an inexact number and bad places', () => {
    expect(() => ratioDecimal(1n, 0n, 4)).toThrow();
    expect(() => ratioDecimal(0.5, 1, 4)).toThrow();
    expect(() => ratioDecimal(1n, 2n, -1)).toThrow();
  });
});
