/**
 * GET /api/stats/overview (SPEC §4.2; shape: reference "stats/overview"): one row per UTC day of the last `days`
 * days, oldest first, from the network's daily rollup. Totals (totalTransaction, blockchainSize) start from the
 * pre-window totals like the overview series; totalBlockCount is the last block's height + 1 (heights count every
 * block from genesis). Accounts (totalAddress, accountWithTrx, newAddressSeen and their rates) come from the SQL
 * /api/overview/accountswithtrx reads (sql/fragments/trx-holder-days.sql, in the serving table stats_overview_days:
 * the chain_anchors figures + the lake's changes; null without the anchors; newAddressSeen = accounts created that
 * day). totalTrc10 = the trc10_count anchor + the lake's successful AssetIssue, null without the anchor. Figures the
 * lake cannot give exactly are null, never guessed (docs/compat.md "Whole-chain figures"): new TRC20 tokens and their
 * total. `type=trxHolder` answers the slim row of the reference (date, totalAddress, accountWithTrx).
 */
import { z } from 'zod';
import { defineSeries } from '../kit/series.ts';
import { count, exactInt } from '../kit/schemas.ts';
import { oneOf } from '../../params/index.ts';
import { countedFrom, dayMs, dayStartMs, dayString, fraction, num, overviewEnvelope, overviewResponse, rate, unknownCount } from '../shapes/stats-shape.ts';

/** A day's full row. */
const dayRow = z.object({
  date: dayStartMs,
  dateDayStr: dayString,
  totalTransaction: exactInt,
  newTransactionSeen: exactInt,
  totalAddress: unknownCount,
  newAddressSeen: unknownCount,
  accountWithTrx: unknownCount,
  active_account_number: exactInt,
  totalBlockCount: count,
  newBlockSeen: count,
  avgBlockTime: z.number().nullable(), // seconds; null for a day of one block
  avgBlockSize: count,
  blockchainSize: exactInt,
  newTrigger: exactInt,
  triggers: exactInt,
  newTrc10: exactInt,
  newTrc20: unknownCount,
  totalTrc10: unknownCount,
  totalTrc20: unknownCount,
  trx_transfer: count,
  trc10_transfer: count,
  freeze_transaction: count,
  unfreeze_transaction: count,
  vote_transaction: count,
  shielded_transaction: count,
  other_transaction: count,
  energy_usage: exactInt,
  net_usage: count.nullable(), // null for a day without a bandwidth price (net_burn_bytes unknown)
  energy_usage_change_24h: fraction,
  net_usage_change_24h: fraction,
  active_account_number_rate: fraction,
  newAddressSeenRate: fraction,
  totalAddressRate: fraction,
});
/** The `type=trxHolder` row: strict, so that a full row is never read as one. */
const holderRow = z.strictObject({ date: dayStartMs, dateDayStr: dayString, totalAddress: unknownCount, accountWithTrx: unknownCount });

export default defineSeries({
  path: '/api/stats/overview',
  summary: 'Daily network overview: transactions, blocks, accounts, calls, transactions by kind, resources.',
  time: { days: 'days', unit: 'ms', maxDays: 2000, defaultDays: 15 },
  granularities: ['day'],
  params: { type: oneOf(['trxHolder']).optional().meta({ description: 'trxHolder answers only date, totalAddress and accountWithTrx.' }) },
  sql: 'statistics/stats-overview',
  perVersion: true,
  sum: [],
  row(r, p) {
    const date = dayMs(r.day);
    const totalAddress = num(r.total_address);
    const accountWithTrx = num(r.account_with_trx);
    if (p.type === 'trxHolder') return { date, dateDayStr: r.day, totalAddress, accountWithTrx };
    const newAddress = num(r.new_address);
    const tx = num(r.tx_count)!;
    const kinds = (['trx_transfer_count', 'trc10_transfer_count', 'freeze_count', 'unfreeze_count', 'vote_count', 'shielded_count'] as const).map((c) => num(r[c])!);
    const netTotal = r.net_burn_bytes === null ? null : num(r.net_usage)! + num(r.net_burn_bytes)!;
    const blocks = num(r.block_count)!;
    return {
      date,
      dateDayStr: r.day,
      totalTransaction: r.chain_tx_count,
      newTransactionSeen: r.tx_count,
      totalAddress,
      newAddressSeen: newAddress,
      accountWithTrx,
      active_account_number: r.active_count,
      totalBlockCount: num(r.last_block)! + 1,
      newBlockSeen: blocks,
      avgBlockTime: blocks > 1 ? Math.round(((num(r.last_block_ts)! - num(r.first_block_ts)!) / (blocks - 1) / 1000) * 100) / 100 : null,
      avgBlockSize: Math.round(num(r.size_bytes)! / Math.max(1, blocks)),
      blockchainSize: r.chain_size_bytes,
      newTrigger: r.trigger_count,
      triggers: r.trigger_count,
      newTrc10: r.trc10_issued_count,
      newTrc20: null,
      totalTrc10: num(r.chain_trc10_count),
      totalTrc20: null,
      trx_transfer: kinds[0],
      trc10_transfer: kinds[1],
      freeze_transaction: kinds[2],
      unfreeze_transaction: kinds[3],
      vote_transaction: kinds[4],
      shielded_transaction: kinds[5],
      other_transaction: tx - kinds.reduce((a, b) => a + b, 0),
      energy_usage: r.energy_usage_total,
      net_usage: netTotal,
      energy_usage_change_24h: rate(num(r.energy_usage_total), num(r.prev_energy_usage_total)),
      net_usage_change_24h: rate(netTotal, num(r.prev_net_total)),
      active_account_number_rate: rate(num(r.active_count), num(r.prev_active_count)),
      newAddressSeenRate: rate(newAddress, num(r.prev_new_address)),
      totalAddressRate: rate(totalAddress, num(r.prev_total_address)),
    };
  },
  envelope: (items, _p, ctx, rows) => Object.assign({}, overviewEnvelope(items, ctx), countedFrom(rows)),
  response: overviewResponse(z.union([dayRow, holderRow]), { cumulative: true }),
});
