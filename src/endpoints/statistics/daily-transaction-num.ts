/**
 * GET /api/overview/dailytransactionnum (SPEC §4.2; shape inferred, docs/compat.md): transactions per day, week
 * (from Monday), month or quarter over the last `days` days, oldest first; a period row is dated by its first day.
 */
import { z } from 'zod';
import { defineSeries } from '../kit/series.ts';
import { exactInt } from '../kit/schemas.ts';
import { dayMs, dayStartMs, dayString, overviewEnvelope, overviewResponse } from '../shapes/stats-shape.ts';

export default defineSeries({
  path: '/api/overview/dailytransactionnum',
  summary: 'Transactions per day, week, month or quarter, oldest first.',
  time: { days: 'days', unit: 'ms', maxDays: 2000, defaultDays: 15 },
  granularities: ['day', 'week', 'month', 'quarter'],
  granularityValues: { '0': 'day', '1': 'week', '2': 'month', '3': 'quarter' },
  sql: 'statistics/daily-transaction-num',
  perVersion: true,
  sum: ['tx_count'],
  row: (r) => ({ date: dayMs(r.day), dateDayStr: r.day, newTransactionSeen: r.tx_count }),
  envelope: (items, _p, ctx) => overviewEnvelope(items, ctx),
  response: overviewResponse(z.object({ date: dayStartMs, dateDayStr: dayString, newTransactionSeen: exactInt })),
});
