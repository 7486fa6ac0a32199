/**
 * GET /api/overview/dailyavgblockSize (SPEC §4.2; shape: reference "dailyavgblockSize", overview envelope): the
 * average block size per UTC day of the last `days` days, oldest first. avgBlockSize = Σ block sizes / blocks of
 * the day, rounded to whole bytes.
 */
import { z } from 'zod';
import { defineSeries } from '../kit/series.ts';
import { count } from '../kit/schemas.ts';
import { dayMs, dayStartMs, dayString, num, overviewEnvelope, overviewResponse } from '../shapes/stats-shape.ts';

export default defineSeries({
  path: '/api/overview/dailyavgblockSize',
  summary: 'Average block size per day, oldest first.',
  time: { days: 'days', unit: 'ms', maxDays: 2000, defaultDays: 15 },
  granularities: ['day'],
  sql: 'statistics/daily-avg-block-size',
  perVersion: true,
  sum: [],
  row: (r) => ({ date: dayMs(r.day), dateDayStr: r.day, avgBlockSize: Math.round(num(r.size_bytes)! / Math.max(1, num(r.block_count)!)) }),
  envelope: (items, _p, ctx) => overviewEnvelope(items, ctx),
  response: overviewResponse(z.object({ date: dayStartMs, dateDayStr: dayString, avgBlockSize: count })),
});
