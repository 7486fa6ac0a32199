/**
 * The cumulative day series of the overview group (/api/overview/transactionnum, /api/overview/totalblockchainsize):
 * a chain total at the end of each UTC day of the last `days` days, oldest first = the total before the lake's first
 * block (pre_window_totals; zero for a lake starting at genesis) + the lake's running sum from the network rollup.
 * Without pre-window totals the series counts from the lake's first day and says so in `countedFrom` (docs/compat.md).
 */
import { z } from 'zod';
import { defineSeries } from '../kit/series.ts';
import { exactInt } from '../kit/schemas.ts';
import { big, cumulativeStart, dayMs, dayStartMs, dayString, overviewEnvelope, overviewResponse, PRE_WINDOW_QUERY } from './stats-shape.ts';

export interface CumulativeSeries {
  path: string;
  summary: string;
  /** The running-sum column of `stats/daily-network`, e.g. `cum_tx_count`. */
  runningColumn: string;
  /** Which pre-window total it starts from. */
  start: 'tx' | 'bytes';
  /** The answer's field for the total, e.g. `totalTransaction`. */
  field: string;
}

export function defineCumulativeSeries(s: CumulativeSeries) {
  return defineSeries({
    path: s.path,
    summary: s.summary,
    time: { days: 'days', unit: 'ms', maxDays: 2000, defaultDays: 15 },
    granularities: ['day'],
    sql: 'stats/daily-network',
    queries: PRE_WINDOW_QUERY,
    sum: [],
    async after(rows, _p, ctx) {
      const start = await cumulativeStart(ctx);
      return rows.map((r) => ({ ...r, chain_total: start[s.start] + big(r[s.runningColumn])! }));
    },
    row: (r) => ({ date: dayMs(r.day), dateDayStr: r.day, [s.field]: r.chain_total }),
    async envelope(items, _p, ctx) {
      const { countedFrom } = await cumulativeStart(ctx);
      return { ...overviewEnvelope(items, ctx), ...(countedFrom ? { countedFrom } : {}) };
    },
    response: overviewResponse(z.object({ date: dayStartMs, dateDayStr: dayString, [s.field]: exactInt }), { cumulative: true }),
  });
}
