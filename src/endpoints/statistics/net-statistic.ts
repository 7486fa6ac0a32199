/**
 * GET /api/netstatistic (SPEC §4.2; shape not found upstream: the bandwidth twin of energystatistic, docs/compat.md):
 * bandwidth per day, month or quarter, oldest first: net_usage_total (bytes consumed), net_usage (not burned: from
 * stake or the daily free allowance, which receipts do not tell apart), net_burn (bytes paid by burning TRX, at the
 * bandwidth price in force) and net_fee (TRX burned, sun). The range defaults to the lake's first day through the
 * head's day; `limit` (max 3000, larger is clamped) keeps the last rows.
 */
import { z } from 'zod';
import { defineSeries } from '../kit/series.ts';
import { count, exactInt } from '../kit/schemas.ts';
import { dayString, extremeOf, extremes, num } from '../shapes/stats-shape.ts';

/** net_burn (and so net_usage_total) is NULL for a period with a day without a bandwidth price. */
const item = z.object({ day: dayString, net_usage_total: exactInt.nullable(), net_usage: exactInt, net_burn: exactInt.nullable(), net_fee: exactInt });

export default defineSeries({
  path: '/api/netstatistic',
  summary: 'Bandwidth used per day, month or quarter, by how it was paid.',
  time: { start: 'start_timestamp', end: 'end_timestamp', unit: 'ms', maxDays: 36_600, defaultDays: 30, defaultStart: 'earliest' },
  granularities: ['day', 'month', 'quarter'],
  limit: { param: 'limit', default: 3000, max: 3000 },
  sql: 'statistics/net-statistic',
  perVersion: true,
  sum: ['net_usage', 'net_burn_bytes', 'net_fee'],
  row: (r) => ({
    day: r.day,
    net_usage_total: r.net_burn_bytes === null ? null : num(r.net_usage)! + num(r.net_burn_bytes)!,
    net_usage: r.net_usage,
    net_burn: r.net_burn_bytes,
    net_fee: r.net_fee,
  }),
  envelope(items, p) {
    const rows = items;
    return { total: p.rangeRows, ...extremes(rows, 'net_usage_total'), data: rows };
  },
  response: z.object({ total: count, max: extremeOf(item), min: extremeOf(item), data: z.array(item) }),
});
