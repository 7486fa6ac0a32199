/**
 * GET /api/triggerstatistic (SPEC §4.2; shape: reference "triggerstatistic"): TriggerSmartContract transactions per
 * UTC day, oldest first, with the change from the day before (triggers_amount_rate, a fraction); `limit` (default
 * 1000) keeps the last days. avg_trigger_count is the mean per day of the answer, trigger_ratio the change of the
 * last day from the day before it (docs/compat.md).
 */
import { z } from 'zod';
import { defineSeries } from '../kit/series.ts';
import { count, decimalString, exactInt, intString } from '../kit/schemas.ts';
import { dayMs, dayStartMs, dayString, extremeOf, extremes, fraction, num, rate } from '../shapes/stats-shape.ts';

const item = z.object({ dayStr: dayString, day: dayStartMs, triggers_amount: exactInt, triggers_amount_rate: fraction });

export default defineSeries({
  path: '/api/triggerstatistic',
  summary: 'Smart contract calls per day, network-wide.',
  time: { start: 'start_timestamp', end: 'end_timestamp', unit: 'ms', maxDays: 36_600, defaultDays: 30, defaultStart: 'earliest' },
  granularities: ['day'],
  limit: { param: 'limit', default: 1000 },
  sql: 'statistics/trigger-statistic',
  perVersion: true,
  sum: [],
  row: (r) => ({
    dayStr: r.day,
    day: dayMs(r.day),
    triggers_amount: r.trigger_count,
    triggers_amount_rate: rate(num(r.trigger_count), num(r.prev_trigger_count)),
  }),
  envelope(items, p) {
    const rows = items;
    const sum = rows.reduce((a, r) => a + Number(r.triggers_amount), 0);
    const last = rows.at(-1);
    return {
      total: p.rangeRows,
      ...extremes(rows, 'triggers_amount'),
      avg_trigger_count: rows.length ? String(Math.round(sum / rows.length)) : '0',
      trigger_ratio: last?.triggers_amount_rate === null || last === undefined ? null : String(last.triggers_amount_rate),
      data: rows,
    };
  },
  response: z.object({
    total: count,
    max: extremeOf(item),
    min: extremeOf(item),
    avg_trigger_count: intString,
    trigger_ratio: decimalString.nullable(),
    data: z.array(item),
  }),
});
