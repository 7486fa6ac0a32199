/**
 * GET /api/calleraddressstatistic (SPEC §4.2; shape: reference "calleraddressstatistic"): distinct addresses that
 * called a smart contract (owners of TriggerSmartContract) per UTC day, oldest first, with the change from the day
 * before; `limit` (default 1000) keeps the last days. A day's distinct count is exact for that day only.
 */
import { z } from 'zod';
import { defineSeries } from '../kit/series.ts';
import { count, exactInt } from '../kit/schemas.ts';
import { dayMs, dayStartMs, extremeOf, extremes, fraction, num, rate } from '../shapes/stats-shape.ts';

const item = z.object({ day: dayStartMs, caller_amount: exactInt, caller_amount_rate: fraction });

export default defineSeries({
  path: '/api/calleraddressstatistic',
  summary: 'Distinct contract callers per day, network-wide.',
  time: { start: 'start_timestamp', end: 'end_timestamp', unit: 'ms', maxDays: 36_600, defaultDays: 30, defaultStart: 'earliest' },
  granularities: ['day'],
  limit: { param: 'limit', default: 1000 },
  sql: 'statistics/caller-address-statistic',
  perVersion: true,
  sum: [],
  row: (r) => ({ day: dayMs(r.day), caller_amount: r.caller_count, caller_amount_rate: rate(num(r.caller_count), num(r.prev_caller_count)) }),
  envelope(items, p) {
    const rows = items;
    return { total: p.rangeRows, ...extremes(rows, 'caller_amount'), data: rows };
  },
  response: z.object({ total: count, max: extremeOf(item), min: extremeOf(item), data: z.array(item) }),
});
