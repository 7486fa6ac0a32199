/**
 * GET /api/account/holderToken/asset/changeBalance (SPEC §4.4; shape: reference §3 `{data[], tokenDecimal}`): one
 * account's net change of one token (TRC20, TRC10, or 0 for TRX) per UTC day it moved, up to `endTime` (ms, default
 * now), oldest first, with the balance at the end of each day and `type` 1 in / 2 out. Raw units, exact. A series
 * with an end bound only (its start is the lake's first day) whose rows are the days the account moved: the days of
 * token_balance_history, the balances walked back from the head ledger (shapes/holder-token.ts).
 */
import { z } from 'zod';
import { defineSeries } from '../kit/series.ts';
import { intString } from '../kit/schemas.ts';
import { dayString } from '../shapes/stats-shape.ts';
import { HOLDER_TOKEN_QUERIES, holderHistory, holderTokenParams, tokenDecimalField, tokenDecimalOf } from '../shapes/holder-token.ts';

export default defineSeries({
  path: '/api/account/holderToken/asset/changeBalance',
  summary: "One account's net change and running balance of one token per day it moved, up to endTime.",
  time: { end: 'endTime', unit: 'ms', maxDays: 36_600, defaultDays: 30, defaultStart: 'earliest' },
  granularities: ['day'],
  params: holderTokenParams,
  sql: 'deep/holder-token-lake-days',
  // The lake's days are the same for every account and range: read once per version, so a request's statements are
  // the account's history only.
  perVersion: true,
  queries: HOLDER_TOKEN_QUERIES,
  sum: [],
  async after(_days, p, ctx) {
    const [h, decimals] = await Promise.all([holderHistory(ctx, p.accountAddress, p.tokenAddress), tokenDecimalOf(ctx, p.tokenAddress)]);
    return h.days.filter((d) => d.day >= p.range.from && d.day <= p.range.to).map((d) => Object.assign({}, d, { decimals }));
  },
  // `statistics.date` is the day's UTC midnight in seconds, as in the stablecoin statistics (reference §1.2); a day
  // whose net change is 0 (transfers to itself, or in and out equal) is type 1.
  row: (d) => ({
    date: d.day,
    statistics: { date: Date.parse(`${d.day}T00:00:00Z`) / 1000, change: d.change.toString(), balance: d.balance.toString(), type: d.change < 0n ? 2 : 1 },
  }),
  // tokenDecimal is read from the rows: an answer without a day has none to show (docs/compat.md).
  envelope: (items, _p, _ctx, rows) => ({ data: items, tokenDecimal: rows[0]?.decimals ?? null }),
  response: z.strictObject({
    data: z.array(z.strictObject({
      date: dayString,
      statistics: z.strictObject({ date: z.number().int().nonnegative(), change: intString, balance: intString, type: z.union([z.literal(1), z.literal(2)]) }),
    })),
    tokenDecimal: tokenDecimalField,
  }),
});
