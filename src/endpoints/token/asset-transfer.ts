/**
 * GET /api/asset/transfer (SPEC §4.1; shape: reference §2, list key `Data` with a capital D): TRX and TRC10
 * transfers, newest first. `name` = trx (also `_`, `0`) for TRX, or a TRC10 id / name / abbreviation; `issueAddress`
 * keeps the TRC10 tokens of an issuer; `address` / `relatedAddress` (the same) read the copy clustered by address.
 * `filterTokenValue` is the threshold of docs/compat.md (smallest unit; 1 hides zero-value transfers, 0 nothing).
 */
import { address, confirm, decimal, isTrxAlias, text } from '../../params/index.ts';
import { defineList } from '../kit/list.ts';
import { addressLookupFields, pagedList } from '../kit/envelopes.ts';
import { TRX_TOKEN_INFO } from '../kit/lookups.ts';
import { num, str, TRX_ID } from '../shapes/token-shape.ts';
import { z } from 'zod';
import { keyedTransferRow } from '../shapes/transfer-shape.ts';
import { addressLookups, exactInt, shape, tokenInfoOrEmpty } from '../kit/schemas.ts';

export default defineList({
  path: '/api/asset/transfer',
  summary: 'TRX and TRC10 transfers, newest first; by token name or issuer, address, time window, state and amount.',
  params: {
    name: text(100).optional(),
    issueAddress: address().optional(),
    address: address().optional(),
    relatedAddress: address().optional(),
    confirm: confirm([0, 1]).optional(),
    filterTokenValue: decimal().optional(),
  },
  paging: { defaultLimit: 10, maxLimit: 50, sumRule: true },
  order: 't."timestamp" DESC, t.block_number DESC, t.tx_index DESC',
  timeWindow: true,
  sql: {
    rows: 'token/asset-transfer',
    byAddress: 'token/asset-transfer.by-address',
    copy: 'address_transactions',
    extra: { tokens: 'token/asset-transfer.issuer-tokens', rollupTotal: 'token/asset-transfer.rollup-total' },
  },
  // The token ids a name or an issuer stands for (null: every TRX and TRC10 transfer).
  prepare: async (p, q) => {
    if (p.name !== undefined && isTrxAlias(p.name)) return p.issueAddress ? [] : [TRX_ID];
    if (p.name === undefined && !p.issueAddress) return null;
    return (await q.rows('tokens', { issuer: p.issueAddress ?? null, name: p.name ?? null })).map((r) => str(r.token_id));
  },
  filters: (p, tokens) => {
    return {
      tokens: tokens && tokens.length === 0 ? ['-'] : tokens,
      confirm: p.confirm ?? null,
      min_amount: p.filterTokenValue ? p.filterTokenValue : null,
    };
  },
  byAddress: (p) => {
    const a = p.address ?? p.relatedAddress;
    return a ? { address: a } : undefined;
  },
  // TRX and TRC10 transfers with no token other than TRX and no amount filter: a page from the key files of the copies
  // /api/transfer pages from (address_trx_transfers by address, trx_transfers_by_block for the whole lake; the
  // statements read the address's bucket of address_transactions or the window's day files: 11-17 ms on the default
  // lake). TRX alone and the states are kept from the rows (read to the key's end to count: at most the kit's scan).
  keyed: {
    of: (p) => {
      if (p.filterTokenValue !== undefined || p.issueAddress !== undefined) return null;
      const trxOnly = p.name !== undefined && isTrxAlias(p.name);
      if (p.name !== undefined && !trxOnly) return null;
      const a = p.address ?? p.relatedAddress;
      const source = a === undefined ? { dataset: 'trx_transfers_by_block', key: undefined } : { dataset: 'address_trx_transfers', key: a };
      if (!trxOnly && p.confirm === undefined) return source;
      if (a === undefined) {
        // Every transfer is too many rows to count kept ones: TRX alone over the whole lake is counted by the rollup
        // (the page fills after a few rows); a state or a window over every transfer reads SQL.
        if (p.confirm !== undefined || p.start_timestamp !== undefined || p.end_timestamp !== undefined) return null;
        return { keep: (r) => Number(r.contract_type) === 1, total: (q) => q.rows('rollupTotal', { tokens: ['_'] }).then((r) => num(r[0]?.n)), ...source };
      }
      const states = p.confirm;
      return {
        keep: (r, chain) => (!trxOnly || Number(r.contract_type) === 1) && (states === undefined || states.includes(Number(r.block_number) > chain.solidBlock ? 1 : 0)),
        ...source,
      };
    },
    // The columns of token/asset-transfer.columns (token_name: '_' for TRX, else the TRC10 id).
    row: keyedTransferRow,
  },
  // Whole lake, no state or amount filter: the daily rollup per asset holds the count (any token list).
  total: (_p, f, q) =>
    f.start_ts === null && f.end_ts === null && !f.confirm && f.min_amount === null
      ? q.rows('rollupTotal', { tokens: f.tokens ?? null }).then((r) => num(r[0]?.n))
      : undefined,
  lookups: {
    tokens: (r) => [str(r.token_name)],
    addresses: (r) => [str(r.owner_address), str(r.to_address)],
  },
  key: 'Data',
  row: (r, x) => {
    const tokenName = str(r.token_name);
    const ret = str(r.contract_ret);
    const map = x.lookups.contractMap;
    return {
      blockId: num(r.block_number),
      transactionHash: str(r.tx_hash),
      timestamp: num(r.timestamp),
      transferFromAddress: str(r.owner_address),
      transferToAddress: str(r.to_address),
      // Raw units as a JSON number (reference): sun for TRX, TRC10 smallest units; bigint cells print exactly.
      amount: r.amount ?? 0,
      tokenName,
      tokenInfo: tokenName === TRX_ID ? TRX_TOKEN_INFO : (x.lookups.tokens.get(tokenName) ?? {}),
      confirmed: r.confirmed === true,
      cheatStatus: false,
      riskTransaction: false,
      fromAddressIsContract: map[str(r.owner_address)] === true,
      toAddressIsContract: map[str(r.to_address)] === true,
      contractRet: ret,
      finalResult: ret === 'SUCCESS' ? 'SUCCESS' : 'FAILED',
    };
  },
  envelope: (items, x) => pagedList('Data', items, x.rangeTotal, addressLookupFields(x.lookups)),
  item: shape({
    blockId: exactInt,
    transactionHash: z.string(),
    timestamp: exactInt,
    transferFromAddress: z.string(),
    transferToAddress: z.string(),
    amount: exactInt,
    tokenName: z.string(),
    tokenInfo: tokenInfoOrEmpty,
    confirmed: z.boolean(),
    cheatStatus: z.boolean(),
    riskTransaction: z.boolean(),
    fromAddressIsContract: z.boolean(),
    toAddressIsContract: z.boolean(),
    contractRet: z.string(),
    finalResult: z.enum(['SUCCESS', 'FAILED']),
  }),
  envelopeFields: addressLookups,
  csv: { filename: 'asset_transfers.csv' },
});
