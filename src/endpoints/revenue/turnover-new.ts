/**
 * GET /api/turnover/new (SPEC §4.10): protocol revenue per day, month, quarter or year: burn and stake income split by
 * energy and bandwidth, their shares, the TRX closing price (USD, omitted without a price), in whole TRX (revenue.ts;
 * docs/compat.md "Protocol revenue").
 */
import { z } from 'zod';
import { burnTrx, defineRevenue, percent, percentString, priceUsd, stakeTrx } from '../shapes/revenue.ts';
import { dayString, trx } from '../shapes/stats-shape.ts';

export default defineRevenue({
  path: '/api/turnover/new',
  summary: 'Protocol revenue (burn and stake income, energy and bandwidth) per day, month, quarter or year.',
  row: (i, day, price) => ({
    day,
    ...(price !== undefined ? { trxClosePrice: price } : {}),
    totalIncome: trx(i.total),
    burnIncome: trx(i.burn),
    stakeIncome: trx(i.stake),
    energyIncome: trx(i.energy),
    netIncome: trx(i.net),
    energyBurnIncome: trx(i.energyBurn),
    energyStakeIncome: trx(i.energyStake),
    netBurnIncome: trx(i.netBurn),
    netStakeIncome: trx(i.netStake),
    otherBurnIncome: trx(i.otherBurn),
    burnIncomePercent: percent(i.burn, i.total),
    stakeIncomePercent: percent(i.stake, i.total),
    energyBurnIncomePercent: percent(i.energyBurn, i.energy),
    energyBurnIncomePercentInTotal: percent(i.energyBurn, i.total),
    energyStakeIncomePercent: percent(i.energyStake, i.energy),
    energyStakeIncomePercentInTotal: percent(i.energyStake, i.total),
    netBurnIncomePercent: percent(i.netBurn, i.net),
    netBurnIncomePercentInTotal: percent(i.netBurn, i.total),
    netStakeIncomePercent: percent(i.netStake, i.net),
    netStakeIncomePercentInTotal: percent(i.netStake, i.total),
  }),
  item: z.object({
    day: dayString,
    trxClosePrice: priceUsd,
    totalIncome: stakeTrx,
    burnIncome: burnTrx,
    stakeIncome: stakeTrx,
    energyIncome: stakeTrx,
    netIncome: stakeTrx,
    energyBurnIncome: burnTrx,
    energyStakeIncome: stakeTrx,
    netBurnIncome: burnTrx,
    netStakeIncome: stakeTrx,
    otherBurnIncome: burnTrx,
    burnIncomePercent: percentString,
    stakeIncomePercent: percentString,
    energyBurnIncomePercent: percentString,
    energyBurnIncomePercentInTotal: percentString,
    energyStakeIncomePercent: percentString,
    energyStakeIncomePercentInTotal: percentString,
    netBurnIncomePercent: percentString,
    netBurnIncomePercentInTotal: percentString,
    netStakeIncomePercent: percentString,
    netStakeIncomePercentInTotal: percentString,
  }),
});
