import { expect } from 'vitest';
import { get } from './lake.ts';

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
