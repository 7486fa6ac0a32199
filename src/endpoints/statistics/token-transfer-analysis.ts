/**
 * GET /api/tokenTransfer/analysis (SPEC §4.2; shape: reference "tokenTransfer/analysis"): USD moved per UTC day of
 * the last `days` days by one token (`token`: TRC10 id, contract, or `_` / trx for TRX; absent = TRX), oldest first.
 * usd_amount = the day's exact amount (daily_token_activity) scaled by the token's decimals × its USD closing price of
 * that day, 6 decimals, as a string. Days with no transfer, or without a price (every day of a lake without a price
 * feed), have no row: a USD figure is never made up (docs/compat.md).
 */
import { z } from 'zod';
import { scaleDecimal, TRX_ID, tokenIdParam } from '../../params/index.ts';
import { defineSeries } from '../kit/series.ts';
import { count, decimalString } from '../kit/schemas.ts';
import { dayString } from '../shapes/stats-shape.ts';

export default defineSeries({
  path: '/api/tokenTransfer/analysis',
  summary: "USD moved per day by one token's transfers (TRX by default).",
  time: { days: 'days', unit: 'ms', maxDays: 2000, defaultDays: 15 },
  granularities: ['day'],
  params: { token: tokenIdParam().optional().meta({ description: 'TRC10 id, token contract, or _ / trx for TRX (default TRX).' }) },
  filters: (p) => ({ token_id: p.token ?? TRX_ID }),
  sql: 'statistics/token-transfer-analysis',
  sum: [],
  after: (rows) =>
    rows
      .filter((r) => r.price_usd !== null && r.decimals !== null)
      .map((r) => Object.assign({}, r, { usd: Number(scaleDecimal(String(r.amount_raw), Number(r.decimals))) * Number(r.price_usd) })),
  row: (r) => ({ day: r.day, usd_amount: Number(r.usd).toFixed(6) }),
  envelope(items) {
    const rows = items;
    const avg = rows.length ? rows.reduce((a, r) => a + Number(r.usd_amount), 0) / rows.length : 0;
    return { size: rows.length, avg_transfer_usd_amount: avg.toFixed(6), data: rows };
  },
  response: z.object({ size: count, avg_transfer_usd_amount: decimalString, data: z.array(z.object({ day: dayString, usd_amount: decimalString })) }),
});
