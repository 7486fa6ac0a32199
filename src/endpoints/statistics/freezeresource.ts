/**
 * GET /api/freezeresource (SPEC §4.2; shape: reference "GET /api/freezeresource"): per UTC day, oldest first, the TRX
 * supply and how much of it is staked. The stake weights at the end of the day (daily_stake_weights, whole TRX) and
 * the per-unit staking costs are /api/acquisition_cost_statistic's rows (sql/statistics/acquisition-cost.sql, one
 * template for both); the supply at the end of the day is /api/turnover's (null without the anchors). Ratios and
 * 24 h changes are rounded once from the exact integers. A day without stake weights (no network snapshot) has no row.
 * The day rows are read once per version (perVersion) and cut to the range.
 * docs/compat.md "TRX supply and staking".
 */
import { z } from 'zod';
import type { Cell } from '../../duckdb/duck.ts';
import { defineSeries } from '../kit/series.ts';
import { count } from '../kit/schemas.ts';
import { scaleDecimal } from '../../params/index.ts';
import { bigOrNull as big } from '../shapes/cells.ts';
import { dayString, share } from '../shapes/stats-shape.ts';
import { lakeRows, ratioChange, shiftDay, stakeCost, supplyAt, SUPPLY_DAYS_SQL } from '../shapes/supply-shape.ts';

/** 24 h changes: fractions of the day before's value, rounded once to 8 places (a supply moves by ~10^-5 a day). */
const CHANGE_PLACES = 8;
const SUN = 1_000_000n;

const sum = (...v: (bigint | null)[]): bigint | null => (v.some((x) => x === null) ? null : v.reduce<bigint>((a, x) => a + x!, 0n));

const item = z.object({
  day: dayString,
  total_turn_over: z.string().regex(/^-?\d+(\.\d+)?$/).nullable(),
  total_freeze_weight: z.number().int().nullable(),
  total_energy_weight: z.number().int().nullable(),
  total_net_weight: z.number().int().nullable(),
  freezing_rate: z.number().nullable(),
  energy_rate: z.number().nullable(),
  net_rate: z.number().nullable(),
  total_energy_cost: z.number().nullable(),
  total_net_cost: z.number().nullable(),
  total_turnover_change_24h: z.number().nullable(),
  total_freeze_weight_change_24h: z.number().nullable(),
  freezing_rate_change_24h: z.number().nullable(),
  energy_cost_change_24h: z.number().nullable(),
  net_cost_change_24h: z.number().nullable(),
});

const num = (v: bigint | null): number | null => (v === null ? null : Number(v));

export default defineSeries({
  path: '/api/freezeresource',
  summary: 'TRX supply, stake weights, staking ratios and per-unit staking costs per day, with 24 h changes.',
  time: { start: 'start_day', end: 'end_day', unit: 'day', maxDays: 36_600, defaultDays: 36_600, defaultStart: 'earliest', defaultEnd: 'head' },
  granularities: ['day'],
  sql: 'statistics/acquisition-cost',
  // A day's row (its weights, the day before's, its costs) is the same for any range: read once per version, cut here.
  perVersion: true,
  queries: { supply: SUPPLY_DAYS_SQL },
  sum: [],
  async after(rows, _p, ctx) {
    const days = await lakeRows(ctx);
    return rows.map((r) => Object.assign({}, r, { supply: supplyAt(days, String(r.day)), prev_supply: supplyAt(days, shiftDay(String(r.day), -1)) }));
  },
  row: (r) => {
    // Supply and weights in sun, so every ratio is a ratio of integers (weights are whole TRX).
    const [energy, net, tp] = [big(r.energy_weight), big(r.net_weight), big(r.tron_power_weight as Cell)];
    const [pEnergy, pNet, pTp] = [big(r.prev_energy_weight), big(r.prev_net_weight), big(r.prev_tron_power_weight as Cell)];
    const total = sum(energy, net, tp);
    const prevTotal = sum(pEnergy, pNet, pTp);
    const sunOf = (w: bigint | null) => (w === null ? null : w * SUN);
    const supply = r.supply;
    const prevSupply = r.prev_supply;
    return {
      day: String(r.day),
      total_turn_over: supply === null ? null : scaleDecimal(supply, 6),
      total_freeze_weight: num(total),
      total_energy_weight: num(energy),
      total_net_weight: num(net),
      freezing_rate: share(sunOf(total), supply, 6),
      energy_rate: share(energy, sum(energy, net), 4),
      net_rate: share(net, sum(energy, net), 4),
      total_energy_cost: stakeCost(r.energy_weight, r.energy_limit),
      total_net_cost: stakeCost(r.net_weight, r.net_limit),
      total_turnover_change_24h: ratioChange(supply, 1, prevSupply, 1, CHANGE_PLACES),
      total_freeze_weight_change_24h: ratioChange(total, 1, prevTotal, 1, CHANGE_PLACES),
      freezing_rate_change_24h: ratioChange(sunOf(total), supply, sunOf(prevTotal), prevSupply, CHANGE_PLACES),
      energy_cost_change_24h: ratioChange(r.energy_weight, r.energy_limit, r.prev_energy_weight, r.prev_energy_limit, CHANGE_PLACES),
      net_cost_change_24h: ratioChange(r.net_weight, r.net_limit, r.prev_net_weight, r.prev_net_limit, CHANGE_PLACES),
    };
  },
  response: z.object({ total: count, data: z.array(item) }).strict(),
});
