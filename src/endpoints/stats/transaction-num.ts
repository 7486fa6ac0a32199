/**
 * GET /api/overview/transactionnum (SPEC §4.2; shape inferred, docs/compat.md): the chain's total transactions at
 * the end of each UTC day of the last `days` days, oldest first: the pre-window total (pre_window_totals; zero for a
 * lake starting at genesis) plus the lake's transactions up to that day. Without pre-window totals the series counts
 * from the lake's first day and says so in `countedFrom`.
 */
import { z } from 'zod';
import { defineSeries } from '../kit/series.ts';
import { exactInt } from '../kit/schemas.ts';
import { big, cumulativeStart, dayMs, dayStartMs, dayString, overviewEnvelope, overviewResponse, PRE_WINDOW_QUERY } from './stats-shape.ts';

export default defineSeries({
  path: '/api/overview/transactionnum',
  summary: 'Total transactions of the chain at the end of each day, oldest first.',
  time: { days: 'days', unit: 'ms', maxDays: 2000, defaultDays: 15 },
  granularities: ['day'],
  sql: 'stats/daily-network',
  queries: PRE_WINDOW_QUERY,
  sum: [],
  async after(rows, _p, ctx) {
    const start = await cumulativeStart(ctx);
    return rows.map((r) => ({ ...r, total_tx: start.tx + big(r.cum_tx_count)! }));
  },
  row: (r) => ({ date: dayMs(r.day), dateDayStr: r.day, totalTransaction: r.total_tx }),
  async envelope(items, _p, ctx) {
    const { countedFrom } = await cumulativeStart(ctx);
    return { ...overviewEnvelope(items, ctx), ...(countedFrom ? { countedFrom } : {}) };
  },
  response: overviewResponse(z.object({ date: dayStartMs, dateDayStr: dayString, totalTransaction: exactInt }), { cumulative: true }),
});
