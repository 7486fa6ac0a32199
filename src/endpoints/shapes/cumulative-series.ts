/**
 * The cumulative day series of the overview group (/api/overview/transactionnum, /api/overview/totalblockchainsize):
 * a chain total at the end of each UTC day of the last `days` days, oldest first = the total before the lake's first
 * block (pre_window_totals; zero for a lake starting at genesis) + the lake's running sum, computed once per version
 * (sql/serving/daily_network_series.sql). Without pre-window totals the series counts from the lake's first day and
 * says so in `countedFrom` (docs/compat.md).
 */
import { z } from 'zod';
import { defineSeries } from '../kit/series.ts';
import { exactInt } from '../kit/schemas.ts';
import { countedFrom, dayMs, dayStartMs, dayString, overviewEnvelope, overviewResponse } from './stats-shape.ts';

export interface CumulativeSeries {
  path: string;
  summary: string;
  /** Its template: `day`, the chain total at the end of the day (`chain_total`) and `counted_from`. */
  sql: string;
  /** The answer's field for the total, e.g. `totalTransaction`. */
  field: string;
}

export function defineCumulativeSeries(s: CumulativeSeries) {
  return defineSeries({
    path: s.path,
    summary: s.summary,
    time: { days: 'days', unit: 'ms', maxDays: 2000, defaultDays: 15 },
    granularities: ['day'],
    sql: s.sql,
    perVersion: true,
    sum: [],
    row: (r) => ({ date: dayMs(r.day), dateDayStr: r.day, [s.field]: r.chain_total }),
    envelope: (items, _p, ctx, rows) => Object.assign({}, overviewEnvelope(items, ctx), countedFrom(rows)),
    response: overviewResponse(z.object({ date: dayStartMs, dateDayStr: dayString, [s.field]: exactInt }), { cumulative: true }),
  });
}
