/**
 * GET /api/token_trc20/transfers (SPEC §4.7; shape: reference §3.3): TRC20 and TRC721 transfers, newest first.
 * With relatedAddress / fromAddress / toAddress it reads the copy clustered by address; otherwise the time-sorted
 * fact table. `filterTokenValue` is a threshold in the token's smallest unit; `direction` is relative to
 * relatedAddress (docs/compat.md, "Transactions and transfers").
 */
import { address, amountThreshold, confirm, direction, int, thresholdBinds } from '../../params/index.ts';
import { defineList } from '../kit/list.ts';
import { addressLookupFields, pagedList } from '../kit/envelopes.ts';
import { anchorOf, blockBounds, str, tokenTransferItem, tokenTransferTotal, tokenTransferItemSchema } from '../shapes/transfer-shape.ts';
import { addressLookups } from '../kit/schemas.ts';

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
    extra: { rollup: 'common/token_transfer_count' },
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
  block: (p) => p.block,
  total: (_p, f, q) => tokenTransferTotal(q, ['trc20', 'trc721'], f),
  lookups: {
    tokens: (r) => [str(r.contract_address)],
    addresses: (r) => [str(r.from_address), str(r.to_address), str(r.contract_address)],
  },
  key: 'token_transfers',
  row: (r, x) => tokenTransferItem(r, x.lookups.tokens, x.lookups.contractMap),
  envelope: (items, x) => ({
    ...pagedList('token_transfers', items, x.rangeTotal),
    ...addressLookupFields(x.lookups),
  }),
  item: tokenTransferItemSchema,
  envelopeFields: addressLookups,
  csv: { filename: 'token_trc20_transfers.csv' },
});
