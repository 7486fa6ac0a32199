/**
 * Shared pieces of the Tokens group (SPEC §4.1): the token-id parameter with the native coin aliases, the
 * showAll listing filter, and unit helpers. The one place mapping token lake columns to TronScan names.
 */
import { z } from 'zod';
import type { Cell } from '../../duckdb/duck.ts';
import { numOr0 as num, str, type ColumnsOrRow } from './cells.ts';

/** The zero address: source of mints and sink of burns. */
export const ZERO_ADDRESS = 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb';

export { TRX_ID, tokenIdParam } from '../../params/tokens.ts';

// The cell converters live once in cells.ts; the group's names for them stay importable from here.
// `nullableNum`: a count that may have no source (a lifetime figure without an anchor): null stays null.
export { str, numOr0 as num, numOrNull as nullableNum } from './cells.ts';

/** `showAll` (SPEC §4.1): 0 whitelist only (default), 1 all, 2 all but the blacklist. */
export function showAllParam() {
  return z
    .string()
    .transform((s, ctx): 0 | 1 | 2 => {
      const t = s.trim();
      if (t === '0' || t === '1' || t === '2') return Number(t) as 0 | 1 | 2;
      ctx.addIssue({ code: 'custom', message: `must be 0, 1 or 2, got '${t.slice(0, 40)}'` });
      return z.NEVER;
    })
    .optional()
    .transform((v) => v ?? 0)
    .meta({ description: 'Listing: 0 whitelisted tokens only (default), 1 all, 2 all but the blacklisted.', override: { type: 'string', enum: ['0', '1', '2'], default: '0' } });
}

/** `yyyy-MM-dd HH:mm:ss` (UTC) of a ms timestamp, the reference's issue_time format. */
export function dateTime(ms: number): string {
  return new Date(ms).toISOString().replace('T', ' ').slice(0, 19);
}

/** The aggregators JSON column as a string array (NULL or malformed = none). */
export function aggregatorList(v: Cell | undefined): string[] {
  if (typeof v !== 'string' || v === '') return [];
  try {
    const a: unknown = JSON.parse(v);
    return Array.isArray(a) ? a.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

/** An NFT token id: a non-negative decimal integer of any size, returned without leading zeros, e.g. '007' → '7'. */
export function nftTokenIdParam() {
  return z.string().transform((s, ctx): string => {
    const t = s.trim();
    if (!/^\d{1,78}$/.test(t)) {
      ctx.addIssue({ code: 'custom', message: `must be a non-negative integer, got '${t.slice(0, 40)}'` });
      return z.NEVER;
    }
    return t.replace(/^0+(?=\d)/, '');
  }).meta({ description: 'An NFT token id: a non-negative integer of at most 78 digits.', examples: ['1'], override: { type: 'string', pattern: '^\\d{1,78}$' } });
}

/** Days of history in `tokenPriceLine` (reference: a short recent price line). */
export const PRICE_LINE_DAYS = 7;

/** `tokenPriceLine` objects by token id from price-line rows: `{ total, data: [{ priceUsd, time (unix s, string) }] }`. */
export function priceLines(rows: readonly ColumnsOrRow<'token_id' | 'price_usd' | 'day_ts'>[]): Map<string, { total: number; data: { priceUsd: string; time: string }[] }> {
  const out = new Map<string, { total: number; data: { priceUsd: string; time: string }[] }>();
  for (const r of rows) {
    const id = str(r.token_id);
    const line = out.get(id) ?? { total: 0, data: [] };
    line.data.push({ priceUsd: String(num(r.price_usd)), time: String(Math.floor(num(r.day_ts) / 1000)) });
    line.total = line.data.length;
    out.set(id, line);
  }
  return out;
}
