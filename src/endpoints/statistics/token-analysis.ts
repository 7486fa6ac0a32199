/**
 * GET /api/token/analysis (SPEC §4.2; shape: reference "token/analysis", tail cut off: docs/compat.md): one token's
 * transfers per UTC day of [start_day, end_day] (default the last 30 days), oldest first: from_count (distinct
 * senders), to_count (distinct receivers), transfer_count and amount (smallest unit, exact decimal string).
 * avg_amount / avg_account_transfer are the means per day of the answer (amount: exact integer division),
 * *_ratio the change of the last day from that mean. `type=1`: holder_count per UTC day of the range inside the lake
 * (its first day to the head's day) = addresses with a positive balance at the end of the day, opening balances included
 * (daily_token_holders, docs/compat.md "Token holders per day"). A token the lake counts no holders of (not a TRC20
 * contract: TRC721, TRC1155) answers its transfer days with holder_count null, never a guess.
 */
import { z } from 'zod';
import { address, oneOf, ratioDecimal, ratioNumber } from '../../params/index.ts';
import type { SqlRows } from '../kit/sql-types.generated.ts';
import { byDay, defineSeries } from '../kit/series.ts';
import { utcDay } from '../kit/time-window.ts';
import { count, decimalString, exactInt, intString } from '../kit/schemas.ts';
import { dayString, rate, unknownCount } from '../shapes/stats-shape.ts';
import { DAY_MS } from '../../time.ts';

/** `date`: always `[]` (the reference's field; what it would hold is not documented). */
const noDates = z.tuple([]);

export default defineSeries({
  path: '/api/token/analysis',
  summary: "One token's transfers, senders, receivers and amount per day.",
  time: { start: 'start_day', end: 'end_day', unit: 'day', maxDays: 36_600, defaultDays: 30 },
  granularities: ['day'],
  params: {
    token: address().meta({ description: 'Token contract (required).' }),
    type: oneOf(['0', '1']).optional().meta({ description: '0 transfer data (default), 1 holder data.' }),
  },
  filters: (p) => ({ token_id: p.token }),
  sql: 'statistics/token-analysis',
  queries: { holders: 'statistics/token-holders' },
  sum: [],
  // Two kinds of rows (transfer days, holder days): a union the return type names, as inference keeps only one.
  async after(rows, p, ctx): Promise<(SqlRows['statistics/token-analysis'] | HolderDay)[]> {
    if (p.type !== '1') return rows;
    const counted = byDay(await ctx.typedRows('statistics/token-holders', { token_id: p.token, end_day: p.range.to }));
    if (!counted.length) return rows.map((r) => ({ day: r.day ?? null, holder_count: null }));
    return carryForward(counted, p.range.from, p.range.to < utcDay(ctx.now) ? p.range.to : utcDay(ctx.now));
  },
  // `after` answers holder rows exactly when type=1 (the transfer rows have no holder_count): the row says which it is.
  row: (r) =>
    'holder_count' in r
      ? { day: r.day, holder_count: r.holder_count }
      : { day: r.day, from_count: r.sender_count, to_count: r.receiver_count, transfer_count: r.transfer_count, amount: String(r.amount_raw) },
  envelope(items, p) {
    if (p.type === '1') return { date: [], size: items.length, data: items };
    // Past type=1 the items are transfer days (the row mapper's second kind), with their counts non-null.
    const rows = items as { from_count: number; amount: string }[];
    const n = BigInt(rows.length || 1);
    const avgAmount = rows.reduce((a, r) => a + BigInt(r.amount), 0n) / n;
    const last = rows.at(-1);
    const senders = rows.reduce((a, r) => a + BigInt(r.from_count), 0n);
    // Both rounded once from exact integers: the amounts as bigints, the mean of senders as sum / n.
    const amountRatio = last ? rate(BigInt(last.amount), avgAmount) : null;
    const accountRatio = last && senders > 0n ? ratioNumber(BigInt(last.from_count) * BigInt(rows.length) - senders, senders, 4) : null;
    return {
      date: [],
      size: rows.length,
      avg_amount: avgAmount.toString(),
      avg_amount_ratio: amountRatio === null ? null : String(amountRatio),
      avg_account_transfer: rows.length ? ratioDecimal(senders, BigInt(rows.length), 2) : '0.00',
      avg_account_transfer_ratio: accountRatio === null ? null : String(accountRatio),
      data: rows,
    };
  },
  // type=1 (holders) answers a slimmer envelope and row: strict, so that a transfer answer is never read as one.
  response: z.union([
    z.object({
      date: noDates,
      size: count,
      avg_amount: intString,
      avg_amount_ratio: decimalString.nullable(),
      avg_account_transfer: decimalString,
      avg_account_transfer_ratio: decimalString.nullable(),
      data: z.array(z.object({ day: dayString, from_count: exactInt, to_count: exactInt, transfer_count: exactInt, amount: intString })),
    }),
    z.strictObject({ date: noDates, size: count, data: z.array(z.strictObject({ day: dayString, holder_count: unknownCount })) }),
  ]),
});


type HolderRow = SqlRows['statistics/token-holders'];
/** A day of the holder answer (type=1). */
interface HolderDay {
  day: string | null;
  holder_count: HolderRow['holder_count'];
}

/**
 * One row per UTC day of [from, to] from the first counted day on, each with the count of its last row at or
 * before it (`counted` ordered by day; a day without a row had no move, so its count is the day before's).
 */
function carryForward(counted: readonly HolderRow[], from: string, to: string): HolderDay[] {
  const out: HolderDay[] = [];
  let i = 0;
  let count: HolderRow['holder_count'] | undefined;
  const first = String(counted[0]!.day);
  for (let t = Date.parse(`${from > first ? from : first}T00:00:00Z`); utcDay(t) <= to; t += DAY_MS) {
    const day = utcDay(t);
    while (i < counted.length && String(counted[i]!.day) <= day) count = counted[i++]!.holder_count;
    out.push({ day, holder_count: count ?? null });
  }
  return out;
}
