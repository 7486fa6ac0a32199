import { expect } from 'vitest';
import { get } from './lake.ts';

/** The Server-Timing names of a response, e.g. ['keys.token_transfers_by_block']. */
export const timingNames = (h: Record<string, unknown>): string[] => String(h['server-timing'] ?? '').split(', ').map((t) => t.split(';')[0]!);

/**
 * A token transfer list with no filter: each of `queries` is answered from token_transfers_by_block's key files alone
 * (one read or more, no statement) with `total` as its rangeTotal, and byte for byte as the statements answer it
 * (filterTokenValue=0 keeps every row but is a filter the key files do not apply); a window reads SQL.
 */
export async function expectUnfilteredFromKeyFiles(url: string, queries: string[], total: number, window: string): Promise<void> {
  for (const q of queries) {
    const keyed = await get(`${url}?${q}`);
    expect([...new Set(timingNames(keyed.headers))], q).toEqual(['keys.token_transfers_by_block']);
    expect(keyed.body.rangeTotal, q).toBe(total);
    const viaSql = await get(`${url}?${q}&filterTokenValue=0`);
    expect(timingNames(viaSql.headers).some((t) => t.startsWith('keys.')), q).toBe(false);
    expect(keyed.text, q).toBe(viaSql.text);
  }
  expect(timingNames((await get(`${url}?${window}`)).headers).some((t) => t.startsWith('keys.')), window).toBe(false);
}
