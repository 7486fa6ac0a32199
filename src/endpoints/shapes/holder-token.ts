/**
 * The account × token history of `/api/account/holderToken/*` (SPEC §4.4, issue 31), read once for the three
 * endpoints: the parameters, the per-day movements of `deep/holder-token-history` walked back from the head balance,
 * and the token's decimals.
 */
import { z } from 'zod';
import { address, tokenIdParam, TRX_ID } from '../../params/index.ts';
import { TRC10_ID } from '../../params/tokens.ts';
import type { EndpointContext } from '../kit/endpoint.ts';
import type { SqlRows } from '../kit/sql-types.generated.ts';

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

type HistoryRow = SqlRows['deep/holder-token-history'];

/** The statements of the history, for the endpoints' `queries`: the days, and the head balance per token kind. */
export const HOLDER_TOKEN_QUERIES = {
  history: 'deep/holder-token-history',
  headTrx: 'deep/holder-token-head.trx',
  headTrc10: 'deep/holder-token-head.trc10',
  headTrc20: 'deep/holder-token-head.trc20',
} as const;

/** The head balance (raw text), or null for TRX of an account the lake does not know: one lookup of the token's kind. */
async function headRaw(ctx: EndpointContext, account: string, token: string): Promise<string | null> {
  const rows = token === TRX_ID
    ? await ctx.typedRows(HOLDER_TOKEN_QUERIES.headTrx, { address: account })
    : await ctx.typedRows(TRC10_ID.test(token) ? HOLDER_TOKEN_QUERIES.headTrc10 : HOLDER_TOKEN_QUERIES.headTrc20, { address: account, token_id: token });
  const cell = rows[0]?.head_raw;
  return cell === null || cell === undefined ? null : String(cell);
}

/**
 * The account's days of the token with end-of-day balances: the end of day D = the head balance − the changes of the
 * days after D (exact bigint), e.g. `(await holderHistory(ctx, 'T…', '_')).days.at(-1)?.balance` = the head balance.
 */
export async function holderHistory(ctx: EndpointContext, account: string, token: string): Promise<HolderHistory> {
  // The days and the head balance are independent reads: asked at once (the pool runs them side by side).
  const [rows, headText]: [HistoryRow[], string | null] = await Promise.all([
    ctx.typedRows(HOLDER_TOKEN_QUERIES.history, { address: account, token_id: token }),
    headRaw(ctx, account, token),
  ]);
  if (headText === null) return { head: null, days: [] };
  const head = BigInt(headText);
  const days: HolderDay[] = [];
  let after = 0n;
  for (const r of [...rows].reverse()) {
    const change = BigInt(String(r.delta_raw));
    days.push({ day: String(r.day), change, balance: head - after, inCount: Number(r.in_count), outCount: Number(r.out_count), firstTs: Number(r.first_ts), lastTs: Number(r.last_ts), firstInTs: r.first_in_ts === null || r.first_in_ts === undefined ? null : Number(r.first_in_ts) });
    after += change;
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
