/**
 * GET /api/overview/totalblockchainsize (SPEC §2.7, exactly: lastUpdateSeconds, code, success, message, status,
 * data[{date, dateDayStr, blockchainSize}]): the serialized size of every block up to the end of each UTC day of the
 * last `days` days, oldest first: the pre-window size (pre_window_totals; zero from genesis) plus the lake's block
 * sizes. Without pre-window totals it counts from the lake's first day and adds `countedFrom` (docs/compat.md).
 */
import { z } from 'zod';
import { defineSeries } from '../kit/series.ts';
import { exactInt } from '../kit/schemas.ts';
import { big, cumulativeStart, dayMs, dayStartMs, dayString, overviewEnvelope, overviewResponse, PRE_WINDOW_QUERY } from './stats-shape.ts';

export default defineSeries({
  path: '/api/overview/totalblockchainsize',
  summary: 'Size of the blockchain (serialized blocks, bytes) at the end of each day, oldest first.',
  time: { days: 'days', unit: 'ms', maxDays: 2000, defaultDays: 15 },
  granularities: ['day'],
  sql: 'stats/daily-network',
  queries: PRE_WINDOW_QUERY,
  sum: [],
  async after(rows, _p, ctx) {
    const start = await cumulativeStart(ctx);
    return rows.map((r) => ({ ...r, total_bytes: start.bytes + big(r.cum_size_bytes)! }));
  },
  row: (r) => ({ date: dayMs(r.day), dateDayStr: r.day, blockchainSize: r.total_bytes }),
  async envelope(items, _p, ctx) {
    const { countedFrom } = await cumulativeStart(ctx);
    return { ...overviewEnvelope(items, ctx), ...(countedFrom ? { countedFrom } : {}) };
  },
  response: overviewResponse(z.object({ date: dayStartMs, dateDayStr: dayString, blockchainSize: exactInt }), { cumulative: true }),
});
