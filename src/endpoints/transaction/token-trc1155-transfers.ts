/**
 * GET /api/token_trc1155/transfers (SPEC §4.7; shape: reference §3.4): TRC1155 TransferSingle / TransferBatch
 * items (one row per batch item), newest first. With relatedAddress it reads the copy clustered by address; with
 * contract_address alone (and a window), the key files of the copy by contract; with no filter at all, those of the
 * copy by block.
 * `format=csv` streams the same plan as CSV: without `limit` the whole filtered result from `start` (no 10000
 * window), with `limit` exactly the JSON page (docs/compat.md, "Transactions and transfers").
 */
import { address, amountThreshold, confirm, direction, int, thresholdBinds } from '../../params/index.ts';
import { defineList } from '../kit/list.ts';
import { addressLookupFields, pagedList } from '../kit/envelopes.ts';
import { anchorOf, blockBounds, keyedTokenTransfer, standardsTotal, str, tokenTransferItem, tokenTransferItemSchema, tokenTransferTotal, unfilteredTokenTransfers } from '../shapes/transfer-shape.ts';
import type { tokenTransfers } from '../../lake/datasets/raw.ts';
import type { RowOf } from '../../lake/datasets/types.ts';
import { addressLookups, intString } from '../kit/schemas.ts';
import { z } from 'zod';
import { withFields } from '../shapes/cells.ts';

const TRC1155 = ['trc1155'];

export default defineList({
  path: '/api/token_trc1155/transfers',
  summary: 'TRC1155 transfers, newest first; filters by token, address and direction, block, time, state and amount; CSV download.',
  params: {
    relatedAddress: address().optional(),
    contract_address: address().optional(),
    block: int({ min: 0 }).optional(),
    direction: direction(),
    confirm: confirm([0, 1]).optional(),
    filterTokenValue: amountThreshold().optional(),
  },
  paging: { defaultLimit: 10, maxLimit: 50, sumRule: true },
  sort: { columns: { timestamp: '"timestamp"' }, default: '-timestamp', tieBreak: ['block_number', 'tx_index', 'log_index', 'batch_index'] },
  timeWindow: true,
  sql: {
    rows: 'transaction/token-trc1155-transfers',
    byAddress: 'transaction/token-trc1155-transfers.by-address',
    copy: 'address_token_transfers',
    extra: { rollup: 'common/token_transfer_count', standardCounts: 'common/token_transfer_standard_counts' },
  },
  filters: (p, _s, q) => ({
    contract: p.contract_address ?? null,
    block: p.block ?? null,
    ...thresholdBinds(p.filterTokenValue),
    ...blockBounds(p.confirm, q.solidBlock),
  }),
  byAddress: (p) => anchorOf({ related: p.relatedAddress, direction: p.direction }),
  // A token (in a time window or not) with no other filter: the page and its total from the key files of the copy by
  // contract. No filter at all: the newest (or oldest) TRC1155 rows of the copy by block's key files (a deep page past
  // their first 4,096 rows of every standard reads SQL), the total the rollup's per version. Issue 32: no statement.
  keyed: {
    of: (p) => {
      if ([p.relatedAddress, p.block, p.confirm, p.filterTokenValue].some((v) => v !== undefined)) return null;
      if (p.contract_address !== undefined) return { dataset: 'contract_trc1155_transfers', key: p.contract_address };
      if (p.start_timestamp !== undefined || p.end_timestamp !== undefined) return null;
      return { total: (q) => q.version('standardCounts').then(standardsTotal(TRC1155)), ...unfilteredTokenTransfers(TRC1155) };
    },
    row: (raw, chain) => keyedTokenTransfer(raw as RowOf<typeof tokenTransfers>, chain.solidBlock),
  },
  block: (p) => p.block,
  total: (_p, f, q) => tokenTransferTotal(q, TRC1155, f),
  lookups: {
    tokens: (r) => [str(r.contract_address)],
    addresses: (r) => [str(r.from_address), str(r.to_address), str(r.contract_address)],
  },
  key: 'token_transfers',
  row: (r, x) =>
    withFields(tokenTransferItem(r, x.lookups.tokens, x.lookups.contractMap), {
      token_id: str(r.token_id),
      operator: str(r.operator_address),
      // Raw approved amount on approval rows (reference); these rows are transfers, so "0".
      approval_amount: '0',
    }),
  envelope: (items, x) => pagedList('token_transfers', items, x.rangeTotal, addressLookupFields(x.lookups)),
  item: tokenTransferItemSchema.extend({ token_id: intString, operator: z.string(), approval_amount: intString }),
  envelopeFields: addressLookups,
  csv: {
    filename: 'token_trc1155_transfers.csv',
    columns: [
      { header: 'transaction_id', field: 'tx_hash' },
      { header: 'block', field: 'block_number' },
      { header: 'block_ts', field: 'timestamp' },
      { header: 'from_address', field: 'from_address' },
      { header: 'to_address', field: 'to_address' },
      { header: 'operator', field: 'operator_address' },
      { header: 'contract_address', field: 'contract_address' },
      { header: 'token_id', field: 'token_id' },
      { header: 'quant', field: 'amount_raw' },
      { header: 'event_type', field: 'event_type' },
      { header: 'confirmed', field: 'confirmed' },
      { header: 'revert', field: 'revert' },
      { header: 'contractRet', field: 'contract_ret' },
    ],
  },
});
