/**
 * GET /api/contract_caller_statistic (SPEC §4.2; shape: reference "contract_caller_statistic"): per UTC day, oldest
 * first, the distinct callers and the calls of smart contracts network-wide, each with its change from the day
 * before, and the named extreme rows. The range defaults to the lake's first day through the head's day.
 */
import { z } from 'zod';
import { defineSeries } from '../kit/series.ts';
import { count, exactInt } from '../kit/schemas.ts';
import { dayMs, dayStartMs, extremeOf, extremes, fraction, num, rate } from '../shapes/stats-shape.ts';

const item = z.object({ day: dayStartMs, caller_amount: exactInt, caller_amount_rate: fraction, triggers_amount: exactInt, triggers_amount_rate: fraction });

export default defineSeries({
  path: '/api/contract_caller_statistic',
  summary: 'Distinct contract callers and calls per day, network-wide.',
  time: { start: 'start_timestamp', end: 'end_timestamp', unit: 'ms', maxDays: 36_600, defaultDays: 30, defaultStart: 'earliest' },
  granularities: ['day'],
  sql: 'statistics/contract-caller-statistic',
  perVersion: true,
  sum: [],
  row: (r) => ({
    day: dayMs(r.day),
    caller_amount: r.caller_count,
    caller_amount_rate: rate(num(r.caller_count), num(r.prev_caller_count)),
    triggers_amount: r.trigger_count,
    triggers_amount_rate: rate(num(r.trigger_count), num(r.prev_trigger_count)),
  }),
  envelope(items, p) {
    const rows = items;
    const callers = extremes(rows, 'caller_amount');
    const calls = extremes(rows, 'triggers_amount');
    return {
      total: p.rangeRows,
      caller_amount_max: callers.max,
      caller_amount_min: callers.min,
      triggers_amount_max: calls.max,
      triggers_amount_min: calls.min,
      data: rows,
    };
  },
  response: z.object({
    total: count,
    caller_amount_max: extremeOf(item),
    caller_amount_min: extremeOf(item),
    triggers_amount_max: extremeOf(item),
    triggers_amount_min: extremeOf(item),
    data: z.array(item),
  }),
});
