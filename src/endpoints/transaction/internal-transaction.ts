/**
 * GET /api/internal-transaction (SPEC §4.7; shape: reference §3.6): internal transactions, newest first. At least one
 * of address (caller or callee), block, contract (the contract the top-level transaction called) is required.
 * `token_list` is a single object and `valueInfoList` the array, as in the reference (§9.7).
 */
import { address, confirm, int } from '../../params/index.ts';
import { z } from 'zod';
import { defineList } from '../kit/list.ts';
import { addressLookups, exactInt, shape, tokenInfoOrEmpty } from '../kit/schemas.ts';
import { addressLookupFields, pagedList } from '../kit/envelopes.ts';
import { TRX_TOKEN_INFO } from '../kit/lookups.ts';
import { str } from '../shapes/transfer-shape.ts';
import { ApiError } from '../../wire/errors.ts';
import { internalTransactions } from '../../lake/datasets/raw.ts';
import type { RowOf } from '../../lake/datasets/types.ts';
import { withFields } from '../shapes/cells.ts';

/** One value an internal transaction carries (`token_list`, `valueInfoList[]`). */
const valueInfo = z.object({ token_id: z.string(), call_value: exactInt, tokenInfo: tokenInfoOrEmpty });

export default defineList({
  path: '/api/internal-transaction',
  summary: 'Internal transactions of an address, a block or the calls of a contract, newest first.',
  params: {
    address: address().optional(),
    block: int({ min: 0 }).optional(),
    contract: address().optional(),
    confirm: confirm([0, 1]).optional(),
  },
  check: (p) => {
    if (p.address === undefined && p.block === undefined && p.contract === undefined) {
      throw new ApiError('MISSING_PARAMETER', 'one of address, block or contract is required', 'address');
    }
  },
  paging: { defaultLimit: 10, maxLimit: 50, sumRule: true },
  order: '"timestamp" DESC, block_number DESC, tx_hash DESC, internal_index DESC',
  timeWindow: true,
  sql: {
    rows: 'transaction/internal-transaction',
    total: 'transaction/internal-transaction.total',
    byAddress: 'transaction/internal-transaction.by-address',
    copy: 'address_internal_transactions',
  },
  filters: (p) => ({ address: p.address ?? null, block: p.block ?? null, contract: p.contract ?? null, confirm: p.confirm ?? null }),
  // An address alone reads its bucket of the copy clustered by address.
  byAddress: (p) => (p.address !== undefined && p.block === undefined && p.contract === undefined ? { address: p.address } : undefined),
  byAddressFilters: (p) => ({ confirm: p.confirm ?? null }),
  block: (p) => p.block,
  // An address, a block or a contract alone, with no state filter: the page and total from key files, no statement
  // (issue 32): the copy by address, by block or by the top-level transaction's contract (each in the list's order
  // inside its key, read backwards for newest first); all carry the top-level transaction's result.
  keyed: {
    of: (p) => {
      if (p.confirm !== undefined) return null;
      if (p.contract !== undefined) return p.address === undefined && p.block === undefined ? { dataset: 'contract_internal_transactions', key: p.contract } : null;
      if (p.address !== undefined && p.block === undefined) return { dataset: 'address_internal_transactions', key: p.address };
      if (p.block !== undefined && p.address === undefined) return { dataset: 'internal_transactions_by_block', key: p.block };
      return null;
    },
    row: (raw, chain) => {
      const r = raw as RowOf<typeof internalTransactions> & { contract_ret: string };
      return withFields(r, { confirmed: Number(r.block_number) <= chain.solidBlock });
    },
  },
  lookups: {
    tokens: (r) => [str(r.token_id)],
    addresses: (r) => [str(r.caller_address), str(r.to_address)],
  },
  row: (r, x) => {
    const tokenId = str(r.token_id) || '_';
    const value = { token_id: tokenId, call_value: r.call_value ?? 0, tokenInfo: tokenId === '_' ? TRX_TOKEN_INFO : (x.lookups.tokens.get(tokenId) ?? {}) };
    const ret = str(r.contract_ret);
    return {
      hash: r.tx_hash,
      internal_hash: r.internal_hash,
      block: r.block_number,
      timestamp: r.timestamp,
      from: str(r.caller_address),
      to: str(r.to_address),
      note: str(r.note),
      result: ret,
      rejected: r.rejected === true,
      confirmed: r.confirmed === true,
      revert: ret !== 'SUCCESS',
      token_id: tokenId,
      call_value: value.call_value,
      token_list: value,
      valueInfoList: [value],
      voteDetail: [],
      voteToAddress: [],
      voteCount: 0,
    };
  },
  envelope: (items, x) => pagedList('data', items, x.rangeTotal, addressLookupFields(x.lookups)),
  item: shape({
    hash: z.string(),
    internal_hash: z.string(),
    block: exactInt,
    timestamp: exactInt,
    from: z.string(),
    to: z.string(),
    note: z.string(),
    result: z.string(),
    rejected: z.boolean(),
    confirmed: z.boolean(),
    revert: z.boolean(),
    token_id: z.string(),
    call_value: exactInt,
    token_list: valueInfo,
    valueInfoList: z.array(valueInfo),
    voteDetail: z.array(z.unknown()),
    voteToAddress: z.array(z.unknown()),
    voteCount: z.number().int(),
  }),
  envelopeFields: addressLookups,
  csv: { filename: 'internal_transactions.csv' },
});
