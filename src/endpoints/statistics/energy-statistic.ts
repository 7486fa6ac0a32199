/**
 * GET /api/energystatistic (SPEC §4.2; shape: reference "energystatistic", series with extremes): energy per day,
 * month or quarter (type 0, 1, 2), oldest first: total_energy (all energy, dynamic penalty included), energy (from
 * the callers' stake), contract_supplied (from the deployers' stake), trx (paid by burning TRX, in energy units at
 * the price in force), and energy_fee (the TRX burned, sun; the reference's tail after `trx` is cut off). The range
 * defaults to the lake's first day through yesterday (the head's day - 1); `size` keeps the last rows.
 */
import { z } from 'zod';
import { defineSeries } from '../kit/series.ts';
import { count, decimalString, exactInt, intString } from '../kit/schemas.ts';
import { dayString, extremeOf, extremes, num, rate } from '../shapes/stats-shape.ts';

/** `trx` is NULL for a period with a day without an energy price (daily_network_stats). */
const item = z.object({ day: dayString, total_energy: exactInt, energy: exactInt, contract_supplied: exactInt, trx: exactInt.nullable(), energy_fee: exactInt });

export default defineSeries({
  path: '/api/energystatistic',
  summary: 'Energy used per day, month or quarter, by who paid it.',
  time: { start: 'start_timestamp', end: 'end_timestamp', unit: 'ms', maxDays: 36_600, defaultDays: 30, defaultStart: 'earliest', defaultEnd: 'yesterday' },
  granularities: ['day', 'month', 'quarter'],
  granularityValues: { '0': 'day', '1': 'month', '2': 'quarter' },
  limit: { param: 'size', default: 1000 },
  sql: 'statistics/energy-statistic',
  perVersion: true,
  sum: ['energy_usage_total', 'energy_usage', 'origin_energy_usage', 'energy_burn_units', 'energy_fee'],
  row: (r) => ({
    day: r.day,
    total_energy: r.energy_usage_total,
    energy: r.energy_usage,
    contract_supplied: r.origin_energy_usage,
    trx: r.energy_burn_units,
    energy_fee: r.energy_fee,
  }),
  envelope(items, p) {
    const rows = items;
    const sum = rows.reduce((a, r) => a + Number(r.total_energy), 0);
    const last = rows.at(-1);
    const before = rows.at(-2);
    const ratio = last && before ? rate(num(last.total_energy), num(before.total_energy)) : null;
    return {
      total: p.rangeRows,
      ...extremes(rows, 'total_energy'),
      avg_consume_energy: rows.length ? String(Math.round(sum / rows.length)) : '0',
      yesterday_energy_ratio: ratio === null ? null : String(ratio),
      data: rows,
    };
  },
  response: z.object({
    total: count,
    max: extremeOf(item),
    min: extremeOf(item),
    avg_consume_energy: intString,
    yesterday_energy_ratio: decimalString.nullable(),
    data: z.array(item),
  }),
});
