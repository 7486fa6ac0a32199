/**
 * GET /api/token_trc20/transfers (SPEC §4.7; shape: reference §3.3): TRC20 and TRC721 transfers, newest first.
 * With relatedAddress / fromAddress / toAddress it reads the copy clustered by address; otherwise the time-sorted
 * fact table; an address both ways or a token with no other filter, the key files of TRC20 / TRC721-only copies
 * (address_trc20_transfers, contract_trc20_transfers). `filterTokenValue` is a threshold in the token's smallest unit; `direction` is relative to
 * relatedAddress (docs/compat.md, "Transactions and transfers").
 */
import { address, amountThreshold, confirm, direction, int, thresholdBinds } from '../../params/index.ts';
import { defineList } from '../kit/list.ts';
import { addressLookupFields, pagedList } from '../kit/envelopes.ts';
import { anchorOf, blockBounds, keyedTokenTransfer, standardsTotal, str, tokenTransferItem, tokenTransferItemSchema, tokenTransferTotal, unfilteredTokenTransfers } from '../shapes/transfer-shape.ts';
import { addressLookups } from '../kit/schemas.ts';
import type { tokenTransfers } from '../../lake/datasets/raw.ts';
import type { RowOf } from '../../lake/datasets/types.ts';

/** The standards this list shows. */
const TRC20_LIST = ['trc20', 'trc721'];

export default defineList({
  path: '/api/token_trc20/transfers',
  summary: 'TRC20 and TRC721 transfers, newest first; filters by token, address and direction, block, time, state and amount.',
  params: {
    contract_address: address().optional(),
    relatedAddress: address().optional(),
    fromAddress: address().optional(),
    toAddress: address().optional(),
    block: int({ min: 0 }).optional(),
    direction: direction(),
    confirm: confirm([0, 1]).optional(),
    filterTokenValue: amountThreshold().optional(),
  },
  paging: { defaultLimit: 10, maxLimit: 50, sumRule: true },
  sort: { columns: { timestamp: '"timestamp"' }, default: '-timestamp', tieBreak: ['block_number', 'tx_index', 'log_index', 'batch_index'] },
  timeWindow: true,
  sql: {
    rows: 'transaction/token-trc20-transfers',
    byAddress: 'transaction/token-trc20-transfers.by-address',
    copy: 'address_token_transfers',
    extra: { rollup: 'common/token_transfer_count', standardCounts: 'common/token_transfer_standard_counts' },
  },
  filters: (p, _s, q) => ({
    contract: p.contract_address ?? null,
    from_address: p.fromAddress ?? null,
    to_address: p.toAddress ?? null,
    block: p.block ?? null,
    ...thresholdBinds(p.filterTokenValue),
    ...blockBounds(p.confirm, q.solidBlock),
  }),
  byAddress: (p) => anchorOf({ related: p.relatedAddress, from: p.fromAddress, to: p.toAddress, direction: p.direction }),
  // An address both ways, or a token (in a time window or not), with no other filter: the page and its total from
  // the key files of a TRC20 / TRC721-only copy (issue 32: no statement); any other filter reads SQL.
  keyed: {
    of: (p) => {
      if (p.block !== undefined || p.confirm !== undefined || p.filterTokenValue !== undefined || p.fromAddress !== undefined || p.toAddress !== undefined) return null;
      if (p.relatedAddress !== undefined) return p.direction === 'all' && p.contract_address === undefined ? { dataset: 'address_trc20_transfers', key: p.relatedAddress } : null;
      if (p.contract_address !== undefined) return { dataset: 'contract_trc20_transfers', key: p.contract_address };
      // No filter but the window: the newest rows of the copy by block; the total of the whole lake from the counts per
      // standard kept per version, of a window from the rollup's whole days and its cut days' rows.
      if (p.start_timestamp !== undefined || p.end_timestamp !== undefined) return { total: (q, f) => tokenTransferTotal(q, TRC20_LIST, f), ...unfilteredTokenTransfers(TRC20_LIST) };
      return { total: (q) => q.version('standardCounts').then(standardsTotal(TRC20_LIST)), ...unfilteredTokenTransfers(TRC20_LIST) };
    },
    row: (raw, chain) => keyedTokenTransfer(raw as RowOf<typeof tokenTransfers>, chain.solidBlock),
  },
  block: (p) => p.block,
  total: (_p, f, q) => tokenTransferTotal(q, TRC20_LIST, f),
  lookups: {
    tokens: (r) => [str(r.contract_address)],
    addresses: (r) => [str(r.from_address), str(r.to_address), str(r.contract_address)],
  },
  key: 'token_transfers',
  row: (r, x) => tokenTransferItem(r, x.lookups.tokens, x.lookups.contractMap),
  envelope: (items, x) => pagedList('token_transfers', items, x.rangeTotal, addressLookupFields(x.lookups)),
  item: tokenTransferItemSchema,
  envelopeFields: addressLookups,
  csv: { filename: 'token_trc20_transfers.csv' },
});
