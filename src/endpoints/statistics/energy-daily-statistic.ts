/**
 * GET /api/energydailystatistic (SPEC §4.2, §8; shape: reference "energydailystatistic"): contracts ranked by the
 * energy their calls used on one UTC day: total_energy, energy (callers' stake), contract_supplied (deployer's
 * stake), trx (paid by burning, in energy units: the reference's unit), total_energy_percent (share of the network's
 * energy that day, 0..1). The network total counts every transaction's energy, contract creation included.
 */
import { exactInt } from '../kit/schemas.ts';
import { defineDailyRanking } from '../shapes/daily-ranking.ts';
import { fraction, share } from '../shapes/stats-shape.ts';

export default defineDailyRanking({
  path: '/api/energydailystatistic',
  summary: "One day's contracts ranked by the energy their calls used.",
  sql: 'statistics/energy-daily-statistic',
  row: (r, t) => ({
    total_energy: r.energy_usage_total,
    energy: r.energy_usage,
    contract_supplied: r.origin_energy_usage,
    trx: r.energy_burn_units,
    total_energy_percent: share(Number(r.energy_usage_total), t.energy, 6),
  }),
  // trx is NULL on a day without an energy price (daily_contract_resources).
  fields: { total_energy: exactInt, energy: exactInt, contract_supplied: exactInt, trx: exactInt.nullable(), total_energy_percent: fraction },
});
