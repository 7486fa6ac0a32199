/**
 * GET /api/overview/dailyaccounts (SPEC §4.2; shape inferred, reference: `newAddressSeen`): accounts created per day
 * over the last `days` days (default 15, at most 2000), oldest first. An account's creation time is its snapshot's
 * (docs/compat.md "Accounts"): exact for every day after the lake's first, whose accounts created before the first
 * block and never touched in the lake have no snapshot.
 */
import { z } from 'zod';
import { defineSeries } from '../kit/series.ts';
import { exactInt } from '../kit/schemas.ts';
import { dayMs, dayStartMs, dayString, overviewEnvelope, overviewResponse } from '../shapes/stats-shape.ts';

export default defineSeries({
  path: '/api/overview/dailyaccounts',
  summary: 'Accounts created per day, oldest first.',
  time: { days: 'days', unit: 'ms', maxDays: 2000, defaultDays: 15 },
  granularities: ['day'],
  sql: 'statistics/daily-accounts',
  perVersion: true,
  sum: ['new_accounts'],
  row: (r) => ({ date: dayMs(r.day), dateDayStr: r.day, newAddressSeen: r.new_accounts }),
  envelope: (items, _p, ctx) => overviewEnvelope(items, ctx),
  response: overviewResponse(z.object({ date: dayStartMs, dateDayStr: dayString, newAddressSeen: exactInt })),
});
