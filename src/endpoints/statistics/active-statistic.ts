/**
 * GET /api/account/active_statistic (SPEC §4.2, §8; shape: reference "account/active_statistic"): active accounts per
 * DAY, WEEK (from Monday) or MONTH (type, case-insensitive), oldest first, over at most 1000 days. Active = senders
 * of any transaction plus receivers of TRX / TRC10 transfers; owner_address_count = senders; transactions = all
 * transactions; amount = TRX moved by TransferContract, sun, exact. Weeks and months are exact distinct counts of
 * their own (period_active_accounts), never sums of days; a period counts from its first day up to its last day in
 * the range (docs/compat.md). proportion = senders / active; mom = change of active from the row before.
 */
import { z } from 'zod';
import { ratioDecimal } from '../../params/index.ts';
import { defineSeries, latestPerBucket } from '../kit/series.ts';
import { count, decimalString, exactInt } from '../kit/schemas.ts';
import { big, dayMs, dayStartMs, dayString, fraction, num, rate, share } from '../shapes/stats-shape.ts';

const TYPE_NAME = { day: 'DAY', week: 'WEEK', month: 'MONTH' } as const;

export default defineSeries({
  path: '/api/account/active_statistic',
  summary: 'Active accounts, senders, transactions and TRX moved per day, week or month.',
  time: { start: 'start_timestamp', end: 'end_timestamp', days: 'days', unit: 'ms', maxDays: 1000, defaultDays: 30 },
  granularities: ['day', 'week', 'month'],
  sql: 'statistics/active-statistic',
  perVersion: true,
  ownRollup: 'statistics/period-accounts',
  sum: [],
  after(rows) {
    // mom of the first row: the day before the range (day rows carry it; a week or month row of the own rollup does not), else unknown.
    return rows.map((r, i) => Object.assign({}, r, { mom: rate(num(r.active_count), i > 0 ? num(rows[i - 1]!.active_count) : 'prev_active_count' in r ? num(r.prev_active_count) : null) }));
  },
  row: (r, p) => ({
    day_string: r.day,
    day_time: dayMs(r.day),
    active_count: r.active_count,
    transactions: r.tx_count,
    owner_address_count: r.sender_count,
    amount: big(r.trx_amount_raw),
    proportion: share(num(r.sender_count), num(r.active_count)),
    mom: r.mom,
    type: TYPE_NAME[p.granularity as keyof typeof TYPE_NAME],
  }),
  async envelope(items, p, ctx) {
    const rows = items;
    const lastMonth = p.range.to.slice(0, 7);
    const preStart = new Date(Date.UTC(Number(lastMonth.slice(0, 4)), Number(lastMonth.slice(5, 7)) - 2, 1)).toISOString().slice(0, 10);
    const months = latestPerBucket(await ctx.typedRows('statistics/period-accounts', { start_day: preStart, end_day: p.range.to, granularity: 'month' }));
    const of = (m: string) => num(months.find((r) => r.day.startsWith(m))?.active_count);
    const preMonth = preStart.slice(0, 7);
    const [cur, pre] = [of(lastMonth), of(preMonth)];
    const avg = rows.length ? Math.round(rows.reduce((a, r) => a + Number(r.active_count), 0) / rows.length) : 0;
    return {
      last_month: lastMonth,
      pre_month: preMonth,
      // A percent with 2 places, rounded once from the exact counts (not the 4-place fraction × 100).
      last_mom: cur === null || pre === null || pre === 0 ? null : ratioDecimal((cur - pre) * 100, pre, 2),
      avg_active_count: avg,
      total: rows.length,
      data: rows,
    };
  },
  response: z.object({
    last_month: z.string().regex(/^\d{4}-\d{2}$/),
    pre_month: z.string().regex(/^\d{4}-\d{2}$/),
    last_mom: decimalString.nullable(),
    avg_active_count: count,
    total: count,
    data: z.array(
      z.object({
        day_string: dayString,
        day_time: dayStartMs,
        active_count: exactInt,
        transactions: exactInt,
        owner_address_count: exactInt,
        amount: exactInt,
        proportion: fraction,
        mom: fraction,
        type: z.enum(['DAY', 'WEEK', 'MONTH']),
      }),
    ),
  }),
});
