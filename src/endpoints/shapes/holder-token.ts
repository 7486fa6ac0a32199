/**
 * The account × token history of `/api/account/holderToken/*` (SPEC §4.4, issue 31), read once for the three
 * endpoints: the parameters, the per-day movements of token_balance_history walked back from the head balance, the
 * token's decimals and its day prices.
 */
import { z } from 'zod';
import { address, tokenIdParam, TRX_ID } from '../../params/index.ts';
import { TRC10_ID } from '../../params/tokens.ts';
import type { EndpointContext } from '../kit/endpoint.ts';
import { perVersion, VERSION_ROWS_MAX } from '../kit/per-version.ts';
import { utcDay } from '../kit/time-window.ts';

/** `accountAddress` and `tokenAddress` (a TRC20 contract, a TRC10 id, or 0 / trx / _ for TRX → '_'). */
export const holderTokenParams = {
  accountAddress: address().meta({ description: 'The account, Base58 (required).' }),
  tokenAddress: tokenIdParam().meta({ description: 'The token (required): a TRC20 contract, a TRC10 id, or 0 for TRX.', examples: ['TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'] }),
};

/** One UTC day the account's balance of the token moved: net change, end-of-day balance, transfers, times (ms). */
export interface HolderDay {
  day: string;
  change: bigint;
  balance: bigint;
  inCount: number;
  outCount: number;
  firstTs: number;
  lastTs: number;
  /** The day's first block in which the account received the token (ms); null when it only sent. */
  firstInTs: number | null;
}

export interface HolderHistory {
  /** Balance at the head (raw units); null: the account is unknown (TRX without an account), so is its history. */
  head: bigint | null;
  /** Days with a movement, oldest first, each with its end-of-day balance. */
  days: HolderDay[];
}

/**
 * The statements of the three endpoints, for their `queries`: the account's rows or days, the head balance per token
 * kind and source, the lake's days and the day prices.
 */
export const HOLDER_TOKEN_QUERIES = {
  rows: 'deep/holder-token-rows',
  history: 'deep/holder-token-history',
  headTrx: 'deep/holder-token-head.trx',
  headTrxAccount: 'deep/holder-token-head.trx-account',
  headTrc10: 'deep/holder-token-head.trc10',
  headTrc10Negative: 'deep/holder-token-head.trc10-negative',
  headTrc20: 'deep/holder-token-head.trc20',
  headTrc20Negative: 'deep/holder-token-head.trc20-negative',
  lakeDays: 'deep/holder-token-lake-days',
  priceCount: 'deep/holder-token-price-count',
  prices: 'deep/holder-token-prices',
  valueDays: 'deep/holder-token-value-days',
} as const;

/**
 * Most per-block rows summed here per request; past it DuckDB sums the account's days (deep/holder-token-history).
 * Moving a row out of DuckDB costs ~10 µs and its GROUP BY a few ms whatever the rows, so the cut is a few hundred.
 */
export const HOLDER_ROW_CAP = 256;

/** A head statement's `head_raw` as text, or null when it has no row (or a NULL one). */
function headCell(rows: readonly { head_raw: string | null }[]): string | null {
  const cell = rows[0]?.head_raw;
  return cell === null || cell === undefined ? null : String(cell);
}

/**
 * The head balance (raw text), or null for TRX of an account the lake does not know. The ledger's rule, in order:
 * the first source with a row answers, and a later source is read only when the earlier has none (a statement each:
 * holder-token-head.trc20.sql says why): TRC20 / TRC10 the positive position, then the negative one, then 0; TRX
 * trx_balances, then the account's snapshot, then unknown.
 */
async function headRaw(ctx: EndpointContext, account: string, token: string): Promise<string | null> {
  const q = HOLDER_TOKEN_QUERIES;
  if (token === TRX_ID) {
    return headCell(await ctx.typedRows(q.headTrx, { address: account })) ?? headCell(await ctx.typedRows(q.headTrxAccount, { address: account }));
  }
  const binds = { address: account, token_id: token };
  if (TRC10_ID.test(token)) return headCell(await ctx.typedRows(q.headTrc10, binds)) ?? headCell(await ctx.typedRows(q.headTrc10Negative, binds)) ?? '0';
  return headCell(await ctx.typedRows(q.headTrc20, binds)) ?? headCell(await ctx.typedRows(q.headTrc20Negative, binds)) ?? '0';
}

type Movement = Omit<HolderDay, 'balance'>;

/**
 * The account's days of the token, oldest first, without balances: its per-block rows summed per UTC day here, or,
 * past HOLDER_ROW_CAP rows, the days as DuckDB sums them (the same sums: net change, counts, first and last time,
 * first receipt).
 */
async function movementDays(ctx: EndpointContext, account: string, token: string): Promise<Movement[]> {
  const binds = { address: account, token_id: token };
  const rows = await ctx.typedRows(HOLDER_TOKEN_QUERIES.rows, Object.assign({}, binds, { row_cap: HOLDER_ROW_CAP + 1 }));
  if (rows.length > HOLDER_ROW_CAP) {
    return (await ctx.typedRows(HOLDER_TOKEN_QUERIES.history, binds)).map((r) => ({
      day: String(r.day),
      change: BigInt(String(r.delta_raw)),
      inCount: Number(r.in_count),
      outCount: Number(r.out_count),
      firstTs: Number(r.first_ts),
      lastTs: Number(r.last_ts),
      firstInTs: r.first_in_ts === null || r.first_in_ts === undefined ? null : Number(r.first_in_ts),
    }));
  }
  const byDay = new Map<string, Movement>();
  for (const r of rows) {
    const day = String(r.day);
    const ts = Number(r.timestamp);
    const inCount = Number(r.in_count);
    let d = byDay.get(day);
    if (!d) byDay.set(day, (d = { day, change: 0n, inCount: 0, outCount: 0, firstTs: ts, lastTs: ts, firstInTs: null }));
    d.change += BigInt(String(r.delta_raw));
    d.inCount += inCount;
    d.outCount += Number(r.out_count);
    d.firstTs = Math.min(d.firstTs, ts);
    d.lastTs = Math.max(d.lastTs, ts);
    if (inCount > 0 && (d.firstInTs === null || ts < d.firstInTs)) d.firstInTs = ts;
  }
  return [...byDay.values()].sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
}

/**
 * The account's days of the token with end-of-day balances: the end of day D = the head balance − the changes of the
 * days after D (exact bigint), e.g. `(await holderHistory(ctx, 'T…', '_')).days.at(-1)?.balance` = the head balance.
 */
export async function holderHistory(ctx: EndpointContext, account: string, token: string): Promise<HolderHistory> {
  // The days and the head balance are independent reads: asked at once (the pool runs them side by side).
  const [moved, headText] = await Promise.all([movementDays(ctx, account, token), headRaw(ctx, account, token)]);
  if (headText === null) return { head: null, days: [] };
  const head = BigInt(headText);
  const days: HolderDay[] = [];
  let after = 0n;
  for (let i = moved.length - 1; i >= 0; i--) {
    days.push(Object.assign({}, moved[i]!, { balance: head - after }));
    after += moved[i]!.change;
  }
  return { head, days: days.reverse() };
}

/** The balance at the end of `day` (yyyy-MM-dd): the head − the changes of the later days. */
export function balanceAtEndOf(h: HolderHistory & { head: bigint }, day: string): bigint {
  let b = h.head;
  for (const d of h.days) if (d.day > day) b -= d.change;
  return b;
}

/** The token's decimals from the tokens dimension (TRX: 6); null when the lake does not list the token. */
export async function tokenDecimalOf(ctx: EndpointContext, token: string): Promise<number | null> {
  if (token === TRX_ID) return 6;
  return (await ctx.lookups.tokenInfo([token])).get(token)?.tokenDecimal ?? null;
}

/** `tokenDecimal` as answered: an integer, or null for a token the lake does not list (docs/compat.md). */
export const tokenDecimalField = z.number().int().nonnegative().nullable();

/** Most day prices kept per version (the kit's bound on a statement's kept rows). */
const PRICE_ROWS_KEPT = VERSION_ROWS_MAX;
const NO_PRICES: ReadonlyMap<string, string> = new Map();

/**
 * The token's USD price per lake day of the version (token_day_prices' rule; a day without a price is absent), e.g.
 * `(await dayPrices(ctx, 'TR7…')).get('2026-08-03')`. Every token's prices are read once per version and kept when
 * token_day_prices is small (1,080 rows on the default lake: a request then runs no price statement); past
 * PRICE_ROWS_KEPT rows, the token's are read per request.
 */
export async function dayPrices(ctx: EndpointContext, token: string): Promise<ReadonlyMap<string, string>> {
  const whole = { start_day: utcDay(ctx.manifest.first.timestamp), end_day: utcDay(ctx.now) };
  const kept = await perVersion(ctx.manifest, 'holder-token:day-prices', async () => {
    const [count] = await ctx.typedRows(HOLDER_TOKEN_QUERIES.priceCount, {});
    if (Number(count?.n ?? 0) > PRICE_ROWS_KEPT) return null;
    // The lake's days bound the prices, as the per-request statement's join does.
    const [days, rows] = await Promise.all([ctx.versionRows(HOLDER_TOKEN_QUERIES.lakeDays, whole), ctx.typedRows(HOLDER_TOKEN_QUERIES.prices, {})]);
    const lake = new Set(days.map((d) => String(d.day)));
    const byToken = new Map<string, Map<string, string>>();
    for (const r of rows) {
      const day = String(r.day);
      if (r.price === null || r.price === undefined || !lake.has(day)) continue;
      const tokenId = String(r.token_id);
      let m = byToken.get(tokenId);
      if (!m) byToken.set(tokenId, (m = new Map()));
      m.set(day, String(r.price));
    }
    return byToken as ReadonlyMap<string, ReadonlyMap<string, string>>;
  });
  if (kept) return kept.get(token) ?? NO_PRICES;
  const rows = await ctx.typedRows(HOLDER_TOKEN_QUERIES.valueDays, Object.assign({}, whole, { token_id: token }));
  return new Map(rows.filter((r) => r.price !== null && r.price !== undefined).map((r) => [String(r.day), String(r.price)]));
}
