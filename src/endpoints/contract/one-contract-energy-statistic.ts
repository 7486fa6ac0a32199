/**
 * GET /api/onecontractenergystatistic (SPEC §4.6; shape: reference §2.4): one contract's energy per UTC day it was
 * called, oldest first, split by who paid: `energy` the callers' stake, `contract_supplied` the deployer's stake,
 * `trx` paid by burning TRX in energy units (NULL on a day without an energy price). `start_timestamp` /
 * `end_timestamp` in ms (reference §2.4), default the lake's first day to the head's; `totalEnergy` the energy of the
 * answered range (the whole lake by default). Reads the contract's rows of daily_contract_resources.
 */
import { z } from 'zod';
import { address } from '../../params/index.ts';
import { defineSeries } from '../kit/series.ts';
import { count, exactInt } from '../kit/schemas.ts';
import { dayMs, dayStartMs } from '../shapes/stats-shape.ts';

const item = z.object({ day: dayStartMs, total_energy: exactInt, energy: exactInt, contract_supplied: exactInt, trx: exactInt.nullable() });

export default defineSeries({
  path: '/api/onecontractenergystatistic',
  summary: "One contract's energy per day it was called, by who paid.",
  params: { address: address().meta({ description: 'The contract, Base58.' }) },
  filters: (p) => ({ address: p.address }),
  time: { start: 'start_timestamp', end: 'end_timestamp', unit: 'ms', maxDays: 36_600, defaultDays: 30, defaultStart: 'earliest' },
  granularities: ['day'],
  sql: 'contract/one-contract-energy-statistic',
  sum: [],
  row: (r) => ({
    day: dayMs(r.day),
    total_energy: r.energy_usage_total,
    energy: r.energy_usage,
    contract_supplied: r.origin_energy_usage,
    trx: r.energy_burn_units,
  }),
  envelope: (items, _p, _ctx, rows) => ({
    total: items.length,
    totalEnergy: rows.reduce((a, r) => a + BigInt(r.energy_usage_total ?? 0), 0n),
    data: items,
  }),
  response: z.object({ total: count, totalEnergy: exactInt, data: z.array(item) }),
});
