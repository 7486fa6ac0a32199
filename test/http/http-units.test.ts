import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { toJson } from '../../src/http/json.ts';
import { csvLines, guardCell } from '../../src/http/csv.ts';
import { ResponseCache, etagOf } from '../../src/http/cache.ts';
import { ApiError, ERRORS } from '../../src/http/errors.ts';
import { normalizeQuery } from '../../src/http/app.ts';
import { toCell } from '../../src/engine/duck.ts';

describe('exact JSON', () => {
  it('prints bigints as exact integers and keeps safe numbers as numbers', () => {
    expect(toJson({ a: 2n ** 64n, b: 5, c: [-(2n ** 63n)] })).toBe('{"a":18446744073709551616,"b":5,"c":[-9223372036854775808]}');
    expect(JSON.parse(toJson({ s: 'x"y' }))).toEqual({ s: 'x"y' });
  });

  it('the DuckDB converter keeps 64-bit integers exact', () => {
    expect(toCell(9007199254740991n)).toBe(9007199254740991);
    expect(toCell(9007199254740993n)).toBe(9007199254740993n);
  });
});

describe('CSV', () => {
  it('quotes per RFC 4180 and neutralizes formulas', () => {
    expect(csvLines([['a,b', 'say "hi"', 3]])).toBe('"a,b","say ""hi""",3\r\n');
    expect(guardCell('=HYPERLINK("x")')).toBe(`'=HYPERLINK("x")`);
    expect(guardCell('+1')).toBe("'+1");
    expect(guardCell(-5)).toBe('-5');
    expect(guardCell(null)).toBe('');
  });
});

describe('cache', () => {
  it('evicts least recently used entries beyond its byte budget', () => {
    const c = new ResponseCache(400);
    const v = (s: string) => ({ body: s.repeat(90), etag: etagOf(s), contentType: 'x' });
    c.set('a', v('a'));
    c.set('b', v('b'));
    c.get('a');
    c.set('c', v('c'));
    c.set('d', v('d'));
    c.set('e', v('e'));
    expect(c.get('b')).toBeUndefined();
    expect(c.get('e')?.body).toBe('e'.repeat(90));
  });
});

describe('error catalog', () => {
  it('every code has a 4xx/5xx status and a message, and the catalog is documented in compat.md', () => {
    const doc = readFileSync(new URL('../../docs/compat.md', import.meta.url), 'utf8');
    for (const [code, e] of Object.entries(ERRORS)) {
      expect(e.status).toBeGreaterThanOrEqual(400);
      expect(e.message.length).toBeGreaterThan(5);
      expect(doc, code).toContain(code);
    }
    expect(new ApiError('BAD_PARAMETER', 'limit must be an integer', 'limit').body()).toEqual({
      message: 'limit must be an integer',
      error: 'BAD_PARAMETER',
      param: 'limit',
    });
  });

  it('query normalization: last repeated value wins, empty values are absent', () => {
    expect(normalizeQuery({ a: ['1', '2'], b: '', c: ' ', d: 'x' })).toEqual({ a: '2', d: 'x' });
  });
});
