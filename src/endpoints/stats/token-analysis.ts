/**
 * GET /api/token/analysis (SPEC §4.2; shape: reference "token/analysis", tail cut off: docs/compat.md): one token's
 * transfers per UTC day of [start_day, end_day] (default the last 30 days), oldest first: from_count (distinct
 * senders), to_count (distinct receivers), transfer_count and amount (smallest unit, exact decimal string).
 * avg_amount / avg_account_transfer are the means per day of the answer (amount: exact integer division),
 * *_ratio the change of the last day from that mean. `type=1` (holders per day) needs daily holder counts the lake
 * does not keep yet: its rows carry holder_count null, never a guess.
 */
import { z } from 'zod';
import { address, oneOf } from '../../params/index.ts';
import { defineSeries } from '../kit/series.ts';
import { count, decimalString, exactInt, intString } from '../kit/schemas.ts';
import { dayString, rate, unknownCount } from './stats-shape.ts';

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
  sql: 'stats/token-analysis',
  sum: [],
  row: (r, p) =>
    p.type === '1'
      ? { day: r.day, holder_count: null }
      : { day: r.day, from_count: r.sender_count, to_count: r.receiver_count, transfer_count: r.transfer_count, amount: String(r.amount_raw) },
  envelope(items, p) {
    if (p.type === '1') return { date: [], size: items.length, data: items };
    const rows = items as { from_count: number; amount: string }[];
    const n = BigInt(rows.length || 1);
    const avgAmount = rows.reduce((a, r) => a + BigInt(r.amount), 0n) / n;
    const avgAccounts = rows.length ? rows.reduce((a, r) => a + Number(r.from_count), 0) / rows.length : 0;
    const last = rows.at(-1);
    const amountRatio = last ? rate(Number(last.amount), Number(avgAmount)) : null;
    const accountRatio = last ? rate(Number(last.from_count), avgAccounts) : null;
    return {
      date: [],
      size: rows.length,
      avg_amount: avgAmount.toString(),
      avg_amount_ratio: amountRatio === null ? null : String(amountRatio),
      avg_account_transfer: avgAccounts.toFixed(2),
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
