/**
 * GET /api/consumption/statistic (SPEC §4.10; shape: reference §6.2, from client code): `type=burn` (default) the burn
 * income per period (energy, bandwidth), `type=stake` the stake income, each beside the resource's whole income and
 * the TRX price (USD, omitted without a price); whole TRX, definitions in revenue.ts and docs/compat.md.
 */
import { oneOf } from '../../params/index.ts';
import { z } from 'zod';
import { burnTrx, defineRevenue, priceUsd, stakeTrx } from '../shapes/revenue.ts';
import { dayString, trx } from '../shapes/stats-shape.ts';

const common = { day: dayString, netIncome: stakeTrx, energyIncome: stakeTrx, trxPriceInUsd: priceUsd };

export default defineRevenue({
  path: '/api/consumption/statistic',
  summary: 'Burn or stake income per day, month, quarter or year, energy and bandwidth.',
  params: { type: oneOf(['burn', 'stake']).optional().meta({ description: 'burn: burn income (default); stake: staking income.' }) },
  row: (i, day, price, p) => ({
    day,
    ...(p.type === 'stake'
      ? { netStakeIncome: trx(i.netStake), energyStakeIncome: trx(i.energyStake) }
      : { netBurnIncome: trx(i.netBurn), energyBurnIncome: trx(i.energyBurn) }),
    netIncome: trx(i.net),
    energyIncome: trx(i.energy),
    ...(price !== undefined ? { trxPriceInUsd: price } : {}),
  }),
  // type=burn and type=stake rows differ in two keys: each variant requires its own.
  item: z.union([
    z.object({ ...common, netBurnIncome: burnTrx, energyBurnIncome: burnTrx }),
    z.object({ ...common, netStakeIncome: stakeTrx, energyStakeIncome: stakeTrx }),
  ]),
});
