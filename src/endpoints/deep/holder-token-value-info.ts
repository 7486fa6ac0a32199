/**
 * GET /api/account/holderToken/asset/valueInfo (SPEC §4.4; shape: reference §3 `{data[], tokenDecimal}`): one
 * account's balance of one token (TRC20, TRC10, or 0 for TRX) at the end of every lake day of [startTime, endTime]
 * (ms; default the 30 days ending now), with that day's USD price and the balance's USD value. Balances are raw and
 * exact, walked back from the head ledger (shapes/holder-token.ts); the price is the day's close by the service's
 * one rule (price_candles, else token_prices; docs/compat.md "Account holder token (issue 31)"); without a price that
 * day, `price` and `value` are left out (never 0).
 */
import { z } from 'zod';
import { multiplyScaled } from '../../params/index.ts';
import { defineSeries } from '../kit/series.ts';
import { decimalString, intString } from '../kit/schemas.ts';
import { dayString } from '../shapes/stats-shape.ts';
import { balanceAtEndOf, dayPrices, HOLDER_TOKEN_QUERIES, holderHistory, holderTokenParams, tokenDecimalField, tokenDecimalOf } from '../shapes/holder-token.ts';

/** USD values carry USDT's 6 decimals (as /api/account/analysis). */
const USD_PLACES = 6;

export default defineSeries({
  path: '/api/account/holderToken/asset/valueInfo',
  summary: "One account's end-of-day balance of one token with its USD price and value, per day.",
  time: { start: 'startTime', end: 'endTime', unit: 'ms', maxDays: 36_600, defaultDays: 30 },
  granularities: ['day'],
  params: holderTokenParams,
  // The lake's days, the same for every account and token: read once per version; each day's price is the token's
  // (dayPrices, kept per version too), so a request's statements are the account's history only.
  sql: 'deep/holder-token-lake-days',
  perVersion: true,
  queries: HOLDER_TOKEN_QUERIES,
  sum: [],
  async after(days, p, ctx) {
    const [h, decimals, prices] = await Promise.all([
      holderHistory(ctx, p.accountAddress, p.tokenAddress),
      tokenDecimalOf(ctx, p.tokenAddress),
      dayPrices(ctx, p.tokenAddress),
    ]);
    // An unknown account's TRX history is unknown: no rows (not a balance of 0).
    if (h.head === null) return [];
    const head = h.head;
    return days.map((d) => ({ day: String(d.day), price: prices.get(String(d.day)) ?? null, balance: balanceAtEndOf(Object.assign({}, h, { head }), String(d.day)), decimals }));
  },
  row(r) {
    // A value needs the token's decimals: an unlisted token has no price anyway, and none is invented.
    const priced = r.price !== null && r.decimals !== null;
    return {
      date: r.day,
      statistics: {
        date: Date.parse(`${r.day}T00:00:00Z`) / 1000,
        balance: r.balance.toString(),
        ...(priced ? { price: r.price!, value: multiplyScaled(r.balance, r.decimals!, r.price!, USD_PLACES) } : {}),
      },
    };
  },
  // tokenDecimal is read from the rows: an answer without a day (an unknown account's TRX) has none to show.
  envelope: (items, _p, _ctx, rows) => ({ data: items, tokenDecimal: rows[0]?.decimals ?? null }),
  response: z.strictObject({
    data: z.array(z.strictObject({
      date: dayString,
      statistics: z.strictObject({ date: z.number().int().nonnegative(), balance: intString, price: decimalString.optional(), value: decimalString.optional() }),
    })),
    tokenDecimal: tokenDecimalField,
  }),
});
