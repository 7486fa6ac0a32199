import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { amountThreshold, ceilInteger, scaleDecimal, scaledNumber, thresholdBinds } from '../../src/params/amounts.ts';
import { toJson } from '../../src/http/json.ts';

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
