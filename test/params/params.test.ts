import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { address, bool, commaList, confirm, dayAsMs, direction, hash, int, pagingFields, resolvePage, signedSort, timestampSecAsMs, withPage } from '../../src/params/index.ts';

const ok = <T>(s: z.ZodType<T>, v: unknown): T => s.parse(v);
const bad = (s: z.ZodType<unknown>, v: unknown): string => {
  const r = s.safeParse(v);
  expect(r.success).toBe(false);
  return r.success ? '' : r.error.issues[0]!.message;
};

describe('atoms', () => {
  it('int parses integers and rejects the rest', () => {
    expect(ok(int(), '20')).toBe(20);
    expect(ok(int(), ' -3 ')).toBe(-3);
    expect(bad(int(), '20x')).toMatch(/integer/);
    expect(bad(int(), '1.5')).toMatch(/integer/);
    expect(bad(int({ min: 0 }), '-1')).toMatch(/at least 0/);
    expect(bad(int(), '99999999999999999999')).toBeTruthy();
  });

  it('bool accepts true/false/1/0', () => {
    expect(ok(bool(), 'TRUE')).toBe(true);
    expect(ok(bool(), '0')).toBe(false);
    bad(bool(), 'yes');
  });

  it('address checks Base58check and the 0x41 prefix', () => {
    expect(ok(address(), 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t');
    bad(address(), 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u'); // checksum
    bad(address(), '41a614f803b6fd780986a42c78ec9c7f77e6ded13c'); // hex form
    bad(address(), '1BoatSLRHtKNngkdXEeobR76b53LETtpyT'); // bitcoin address, wrong prefix
  });

  it('hash takes 64 hex with optional 0x and lowercases', () => {
    const h = 'D057C8AA75C5267A6D723BE4C28BF8E2B486D363D70713508A50C57C829313DE';
    expect(ok(hash(), `0x${h}`)).toBe(h.toLowerCase());
    bad(hash(), h.slice(1));
  });

  it('seconds become milliseconds; days become UTC midnight', () => {
    expect(ok(timestampSecAsMs(), '1662014442')).toBe(1662014442000);
    // Both bounds alone: 0 and 99,999,999,999 are seconds; one past, or a milliseconds value, is refused as such.
    expect(ok(timestampSecAsMs(), '0')).toBe(0);
    expect(ok(timestampSecAsMs(), '99999999999')).toBe(99_999_999_999_000);
    expect(bad(timestampSecAsMs(), '100000000000')).toMatch(/seconds .*at most 99999999999/);
    expect(bad(timestampSecAsMs(), '1662014442000')).toMatch(/looks like milliseconds \(1662014442 in seconds\)/);
    expect(bad(timestampSecAsMs(), '-1')).toMatch(/at least 0/);
    expect(ok(dayAsMs(), '2022-09-01')).toBe(Date.UTC(2022, 8, 1));
    bad(dayAsMs(), '2022-02-30');
    bad(dayAsMs(), '2022-9-1');
  });

  it('commaList parses each item and names the bad one', () => {
    expect(ok(commaList(int()), '1, 2,,3')).toEqual([1, 2, 3]);
    expect(bad(commaList(int()), '1,x')).toMatch(/'x'/);
    bad(commaList(int(), { max: 2 }), '1,2,3');
  });
});

describe('paging and the sum rule', () => {
  const o = { defaultLimit: 10, maxLimit: 50, sumRule: true };
  const schema = z.object(pagingFields(o)).transform(withPage(o));

  it('applies defaults, clamps the limit to its max and to the window', () => {
    expect(schema.parse({}).page).toEqual({ start: 0, limit: 10 });
    expect(schema.parse({ limit: '500' }).page).toEqual({ start: 0, limit: 50 });
    expect(schema.parse({ start: '9990', limit: '50' }).page).toEqual({ start: 9990, limit: 10 });
  });

  it('rejects a start outside the window on start', () => {
    const r = schema.safeParse({ start: '10000' });
    expect(r.success).toBe(false);
    if (!r.success) expect(r.error.issues[0]!.path).toEqual(['start']);
  });

  it('without the sum rule the window does not apply', () => {
    expect(resolvePage({ start: 20000 }, { defaultLimit: 10, maxLimit: 50, sumRule: false })).toEqual({ start: 20000, limit: 10 });
  });
});

describe('sorts and filters', () => {
  it('signedSort maps keys through the whitelist and falls back to the default', () => {
    const s = signedSort({ number: 'b.block_number' }, '-number', ['b.x']);
    expect(s.parse('number').orderBy).toBe('b.block_number ASC, b.x ASC');
    expect(s.parse('-number').orderBy).toBe('b.block_number DESC, b.x DESC');
    expect(s.parse('drop table').orderBy).toBe('b.block_number DESC, b.x DESC');
    expect(s.parse(undefined).key).toBe('-number');
  });

  it('confirm combines states; all states or none mean no filter', () => {
    expect(ok(confirm(), '0')).toEqual([0]);
    expect(ok(confirm(), '1,0,1')).toEqual([0, 1]);
    expect(ok(confirm(), '0,1,2')).toBeUndefined();
    expect(ok(confirm([0, 1]), '0,1')).toBeUndefined();
    bad(confirm([0, 1]), '2');
    bad(confirm(), '0;1');
  });

  it('direction is in, out or all (default all)', () => {
    expect(direction().parse(undefined)).toBe('all');
    expect(direction().parse('IN')).toBe('in');
    expect(direction().safeParse('up').success).toBe(false);
  });
});
