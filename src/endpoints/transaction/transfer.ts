/**
 * GET /api/transfer (SPEC §4.7; shape: reference §3.5): TRX (TransferContract, tokenName `_`) and TRC10
 * (TransferAssetContract, tokenName = token id) transfers, newest first. With address / fromAddress / toAddress it
 * reads the copy clustered by address. `amount` is a JSON number, exact beyond 2^53 (wire/json.ts).
 */
import { address, bool, commaList, confirm, decimal, direction, int, trxOrTrc10 } from '../../params/index.ts';
import { z } from 'zod';
import { addressLookups, exactInt, shape, tokenInfoOrEmpty } from '../kit/schemas.ts';
import { defineList } from '../kit/list.ts';
import { addressLookupFields, pagedList } from '../kit/envelopes.ts';
import { TRX_TOKEN_INFO } from '../kit/lookups.ts';
import { anchorOf, keyedTransferRow, str } from '../shapes/transfer-shape.ts';
import { countOfStates, txState } from './transaction.ts';

export default defineList({
  path: '/api/transfer',
  summary: 'TRX and TRC10 transfers, newest first; filters by address and direction, token, block, time, state and amount.',
  params: {
    count: bool().optional(),
    address: address().optional(),
    fromAddress: address().optional(),
    toAddress: address().optional(),
    tokens: commaList(trxOrTrc10(), { max: 100 }).optional(),
    token: trxOrTrc10().optional(),
    block: int({ min: 0 }).optional(),
    filterTokenValue: decimal().optional(),
    direction: direction(),
    confirm: confirm([0, 1]).optional(),
  },
  paging: { defaultLimit: 10, maxLimit: 50, sumRule: true },
  // Amount sorts scan; time sorts search windows at the sorted end.
  sort: { columns: { timestamp: '"timestamp"', amount: 'amount' }, default: '-timestamp', tieBreak: ['block_number', 'tx_index'], timeOrdered: ['timestamp'] },
  timeWindow: true,
  sql: {
    rows: 'transaction/transfer',
    byAddress: 'transaction/transfer.by-address',
    copy: 'address_transactions',
    extra: { stateCounts: 'common/tx_state_counts' },
  },
  filters: (p) => {
    // `token` and `tokens` together: either matches.
    const tokens = [...new Set([...(p.tokens ?? []), ...(p.token ? [p.token] : [])])];
    return {
      from_address: p.fromAddress ?? null,
      to_address: p.toAddress ?? null,
      block: p.block ?? null,
      tokens: tokens.length > 0 ? tokens : null,
      confirm: p.confirm ?? null,
      min_amount: p.filterTokenValue ?? null,
    };
  },
  byAddress: (p) => anchorOf({ related: p.address, from: p.fromAddress, to: p.toAddress, direction: p.direction }),
  // An address both ways with no other filter: its page and total from the key files of a TRX / TRC10 transfers copy
  // (address_trx_transfers; issue 32: no statement). Any other filter, or the amount sort, reads SQL.
  keyed: {
    of: (p) => {
      if (p.fromAddress !== undefined || p.toAddress !== undefined || p.filterTokenValue !== undefined) return null;
      const tokens = [...new Set([...(p.tokens ?? []), ...(p.token ? [p.token] : [])])];
      if (tokens.length > 0 || p.confirm !== undefined) {
        if (p.address !== undefined || tokens.some((t) => t !== '_')) return null;
        // The TRX alias and / or states of every transfer (or a block's): kept from the copy by block's rows; the total
        // the rows read when the scan reached the end, else the stored counts (whole lake only).
        const types = tokens.length > 0 ? [1] : [1, 2];
        const states = p.confirm ?? [0, 1, 2];
        const whole = p.block === undefined && p.start_timestamp === undefined && p.end_timestamp === undefined;
        return {
          dataset: 'trx_transfers_by_block',
          key: p.block,
          keep: (r, chain) => types.includes(Number(r.contract_type)) && states.includes(txState(r, chain.solidBlock)),
          total: (q) => (whole ? q.version('stateCounts').then((rows) => countOfStates(rows, types, states)) : undefined),
        };
      }
      if (p.address !== undefined) return p.direction === 'all' && p.block === undefined ? { dataset: 'address_trx_transfers', key: p.address } : null;
      // No address: every transfer in block order, or one block's (issue 32: the copy by block's key files).
      return { dataset: 'trx_transfers_by_block', key: p.block };
    },
    // The columns of transaction/transfer.columns (asset_id: '_' for TRX, else the TRC10 id).
    row: keyedTransferRow,
  },
  block: (p) => p.block,
  // Over the whole lake filtered by state and at most the TRX alias, the count is a sum of stored counts (TRX is
  // type 1, TRC10 type 2; tx_state_counts, read once per version). A confirm set leaves out reverted rows (state 2).
  total: (_p, f, q) => {
    const others = [f.from_address, f.to_address, f.block, f.min_amount, f.start_ts, f.end_ts];
    if (others.some((v) => v !== null) || (f.tokens !== null && f.tokens.some((t) => t !== '_'))) return undefined;
    return q.version('stateCounts').then((rows) => countOfStates(rows, f.tokens === null ? [1, 2] : [1], f.confirm ?? [0, 1, 2]));
  },
  lookups: {
    tokens: (r) => [str(r.token_name)],
    addresses: (r) => [str(r.owner_address), str(r.to_address)],
  },
  row: (r, x) => {
    const tokenName = str(r.token_name);
    return {
      id: '',
      transactionHash: r.tx_hash,
      block: r.block_number,
      timestamp: r.timestamp,
      transferFromAddress: str(r.owner_address),
      transferToAddress: str(r.to_address),
      // Reference quirk (§9.5): a number here; a bigint cell stays exact in the JSON output.
      amount: r.amount ?? 0,
      tokenName,
      tokenInfo: tokenName === '_' ? TRX_TOKEN_INFO : (x.lookups.tokens.get(tokenName) ?? {}),
      confirmed: r.confirmed === true,
      contractRet: str(r.contract_ret),
      data: str(r.memo),
      cheatStatus: false,
      riskTransaction: false,
    };
  },
  envelope: (items, x) => pagedList('data', items, x.rangeTotal, addressLookupFields(x.lookups)),
  item: shape({
    id: z.string(),
    transactionHash: z.string(),
    block: exactInt,
    timestamp: exactInt,
    transferFromAddress: z.string(),
    transferToAddress: z.string(),
    amount: exactInt,
    tokenName: z.string(),
    tokenInfo: tokenInfoOrEmpty,
    confirmed: z.boolean(),
    contractRet: z.string(),
    data: z.string(),
    cheatStatus: z.boolean(),
    riskTransaction: z.boolean(),
  }),
  envelopeFields: addressLookups,
  csv: { filename: 'transfers.csv' },
});
