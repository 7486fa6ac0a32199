import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { toJson } from '../../src/wire/json.ts';
import { csvLines, guardCell } from '../../src/http/csv.ts';
import { ResponseCache, etagOf } from '../../src/http/cache.ts';
import { ApiError, ERRORS } from '../../src/wire/errors.ts';
import { normalizeQuery } from '../../src/http/app.ts';
import { toCell } from '../../src/duckdb/duck.ts';
import { pageByTimeWindows, type TimeBounds } from '../../src/endpoints/kit/time-window.ts';

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
    // Line breaks inside a cell are quoted; null is empty; records end with CRLF.
    expect(csvLines([['a\nb', 'c\rd', null, ''], [1n, true]])).toBe('"a\nb","c\rd",,\r\n1,true\r\n');
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

describe('pageByTimeWindows', () => {
  // 60 days of rows, one every 20 minutes (72 a day), newest first / oldest first pages over a plain array.
  const DAY = 86_400_000;
  const first = Date.UTC(2026, 0, 1);
  const rows = Array.from({ length: 60 * 72 }, (_, i) => first + i * 1_200_000);
  const m = { first: { number: 1, timestamp: rows[0]! }, head: { number: 2, timestamp: rows.at(-1)!, hash: '' } };
  const pager = (desc: boolean, off: number, limit: number, calls: TimeBounds[]) => async (b: TimeBounds) => {
    calls.push(b);
    const inside = rows.filter((t) => (b.start_ts === null || t >= b.start_ts) && (b.end_ts === null || t <= b.end_ts));
    return (desc ? [...inside].reverse() : inside).slice(off, off + limit).map((t) => ({ t }));
  };

  it('returns exactly the page of a full sort, both ways, with and without the expected count', async () => {
    for (const desc of [true, false]) {
      for (const [off, limit] of [[0, 10], [5, 20], [100, 50], [4000, 50]] as const) {
        const want = (desc ? [...rows].reverse() : rows).slice(off, off + limit);
        for (const expect_ of [undefined, { total: rows.length, offset: off }]) {
          const got = await pageByTimeWindows(pager(desc, off, limit, []), { from: 0, to: m.head.timestamp, desc, limit, expect: expect_ }, m);
          expect(got.map((r) => r.t), `${desc} ${off} ${limit}`).toEqual(want);
        }
      }
    }
  });

  it('skips windows the expected rate cannot fill: 72 rows a day, a page of 25 starts at the 1-day window', async () => {
    const plain: TimeBounds[] = [];
    await pageByTimeWindows(pager(true, 5, 20, plain), { from: 0, to: m.head.timestamp, desc: true, limit: 20 }, m);
    expect(plain.map((b) => (b.end_ts === null && b.start_ts !== null ? m.head.timestamp - b.start_ts : -1))).toEqual([3_600_000, DAY]);
    const planned: TimeBounds[] = [];
    await pageByTimeWindows(pager(true, 5, 20, planned), { from: 0, to: m.head.timestamp, desc: true, limit: 20, expect: { total: rows.length, offset: 5 } }, m);
    expect(planned.map((b) => m.head.timestamp - b.start_ts!)).toEqual([DAY]);
  });
});
