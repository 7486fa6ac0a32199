import { expect } from 'vitest';
import { get, sql } from './lake.ts';

/** The Server-Timing names of a response, e.g. ['keys.token_transfers_by_block']. */
export const timingNames = (h: Record<string, unknown>): string[] => String(h['server-timing'] ?? '').split(', ').map((t) => t.split(';')[0]!);

/**
 * A token transfer list with no filter: each of `queries` is answered from token_transfers_by_block's key files alone
 * (one read or more, no statement) with `total` as its rangeTotal, and byte for byte as the statements answer it
 * (filterTokenValue=0 keeps every row but is a filter the key files do not apply); `window` reads SQL, or with
 * `windowKeyed` the key files, byte for byte as SQL answers it.
 */
export async function expectUnfilteredFromKeyFiles(url: string, queries: string[], total: number, window: string, windowKeyed = false): Promise<void> {
  for (const q of queries) {
    const keyed = await get(`${url}?${q}`);
    expect([...new Set(timingNames(keyed.headers))], q).toEqual(['keys.token_transfers_by_block']);
    expect(keyed.body.rangeTotal, q).toBe(total);
    const viaSql = await get(`${url}?${q}&filterTokenValue=0`);
    expect(timingNames(viaSql.headers).some((t) => t.startsWith('keys.')), q).toBe(false);
    expect(keyed.text, q).toBe(viaSql.text);
  }
  // A window: SQL, or (windowKeyed) the key files' page with the window's total, the bytes the SQL path answers.
  const windowed = await get(`${url}?${window}`);
  expect(timingNames(windowed.headers).some((t) => t.startsWith('keys.')), window).toBe(windowKeyed);
  if (windowKeyed) expect(windowed.text, window).toBe((await get(`${url}?${window}&filterTokenValue=0`)).text);
}

/**
 * A token transfer list keyed by one value (an address both ways, a token contract) against plain SQL over `mine`
 * (the raw rows it must list, more than 60): the whole span and three windows (each bound alone, both), the default and
 * both sorts, the default page, a full page, a deep page near the 10,000 window and an odd one; each page's rows in
 * `newest` / `oldest` order, its rangeTotal and total (the sum rule), and `dataset`'s key files as its only source.
 */
export async function expectKeyedPages(
  base: string,
  mine: string,
  dataset: string,
  o: { newest: string; oldest: string; key: (item: never) => string; rawKey: (row: Record<string, unknown>) => string },
): Promise<void> {
  const n = (v: unknown) => Number(v);
  const [span] = await sql(`select min(timestamp) lo, max(timestamp) hi, count(*) c from (${mine})`);
  expect(n(span!.c), base).toBeGreaterThan(60);
  const mid = Math.floor((n(span!.lo) + n(span!.hi)) / 2);
  const windows = [
    ['', 'true'],
    [`&start_timestamp=${mid}`, `timestamp >= ${mid}`],
    [`&end_timestamp=${mid}`, `timestamp <= ${mid}`],
    [`&start_timestamp=${mid - 86_400_000}&end_timestamp=${mid}`, `timestamp between ${mid - 86_400_000} and ${mid}`],
  ] as const;
  for (const [window, where] of windows) {
    const [c] = await sql(`select count(*) c from (${mine}) where ${where}`);
    const total = n(c!.c);
    for (const [sort, order] of [['', o.newest], ['&sort=timestamp', o.oldest], ['&sort=-timestamp', o.newest]] as const) {
      for (const [start, limit] of [[0, undefined], [0, 50], [Math.max(0, Math.min(total - 3, 9_980)), 20], [23, 9]] as const) {
        const url = `${base}&start=${start}${limit === undefined ? '' : `&limit=${limit}`}${window}${sort}`;
        const r = await get(url);
        expect(r.status, url).toBe(200);
        const want = await sql(`select * from (${mine}) where ${where} order by ${order} limit ${limit ?? 10} offset ${start}`);
        expect(r.body.token_transfers.map(o.key), url).toEqual(want.map(o.rawKey));
        expect(r.body.rangeTotal, url).toBe(total);
        expect(r.body.total, url).toBe(Math.min(10_000, total));
        expect(timingNames(r.headers), url).toEqual([`keys.${dataset}`]);
      }
    }
  }
}
