/**
 * GET /api/acquisition_cost_statistic (SPEC §4.2; shape: reference "acquisition_cost_statistic", series with named
 * extremes): per UTC day, oldest first, the cost of a unit of energy and of bandwidth: by staking,
 * `total_energy_cost` / `total_net_cost` = TRX staked network-wide per unit the network shares out per day (weight /
 * limit at the end of the day: daily_stake_weights, reconstructed backward from the newest network snapshot), with
 * their change from the day before (`*_rate`); by burning, `burn_energy_cost` / `burn_net_cost` = TRX per unit at
 * the price in force at the end of the day (resource_prices; null without one). The range ends yesterday by default
 * (the head's day - 1) and `limit` (default 14) keeps its last days. Part of the account-state issue (12): it reads
 * the stake weights, so it lives with them. The day rows are read once per version (perVersion) and cut to the range.
 * docs/compat.md "Account state".
 */
import { z } from 'zod';
import { defineSeries } from '../kit/series.ts';
import { count } from '../kit/schemas.ts';
import { dayString, extremeOf, extremes } from '../shapes/stats-shape.ts';
import { ratioChange, stakeCost } from '../shapes/supply-shape.ts';

// The staking cost and its rate are /api/freezeresource's too (shapes/supply-shape.ts).
const cost = stakeCost;
const costRate = ratioChange;
const perUnit = (sun: unknown): number | null => (sun === null || sun === undefined ? null : Number(sun) / 1e6);

const item = z.object({
  day: dayString,
  total_energy_cost: z.number().nullable(),
  energy_cost_rate: z.number().nullable(),
  total_net_cost: z.number().nullable(),
  net_cost_rate: z.number().nullable(),
  burn_energy_cost: z.number().nullable(),
  burn_net_cost: z.number().nullable(),
});

export default defineSeries({
  path: '/api/acquisition_cost_statistic',
  summary: 'Cost of a unit of energy and of bandwidth per day, by staking and by burning TRX.',
  time: { start: 'start_timestamp', end: 'end_timestamp', unit: 'ms', maxDays: 36_600, defaultDays: 14, defaultStart: 'earliest', defaultEnd: 'yesterday' },
  granularities: ['day'],
  limit: { param: 'limit', default: 14 },
  sql: 'statistics/acquisition-cost',
  // A day's row (its weights, the day before's, its prices) is the same for any range: read once per version, cut here.
  perVersion: true,
  sum: [],
  row: (r) => ({
    day: r.day,
    total_energy_cost: cost(r.energy_weight, r.energy_limit),
    energy_cost_rate: costRate(r.energy_weight, r.energy_limit, r.prev_energy_weight, r.prev_energy_limit),
    total_net_cost: cost(r.net_weight, r.net_limit),
    net_cost_rate: costRate(r.net_weight, r.net_limit, r.prev_net_weight, r.prev_net_limit),
    burn_energy_cost: perUnit(r.energy_price_sun),
    burn_net_cost: perUnit(r.net_price_sun),
  }),
  envelope(items, p) {
    const rows = items;
    const energy = extremes(rows, 'total_energy_cost');
    const net = extremes(rows, 'total_net_cost');
    return { total: p.rangeRows, energy_cost_max: energy.max, energy_cost_min: energy.min, net_cost_max: net.max, net_cost_min: net.min, data: rows };
  },
  response: z.object({
    total: count,
    energy_cost_max: extremeOf(item),
    energy_cost_min: extremeOf(item),
    net_cost_max: extremeOf(item),
    net_cost_min: extremeOf(item),
    data: z.array(item),
  }),
});
