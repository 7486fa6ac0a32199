/**
 * GET /api/transfer/trx (SPEC §4.5; shape: reference §4): an address's TRX transfers (TransferContract), newest first
 * unless `reverse=false`; `fee=true` adds one row per transaction the address sent that burned TRX (`to` empty,
 * `amount` the fee in sun). Without fee, a page is read from the key files of the TRX transfers' copy by address
 * (up to 4,096 of the address's rows; past them, and with fee, statements over the copy clustered by address, busy
 * addresses in time windows). Internal TRX moves are on /api/internal-transaction (docs/compat.md "Wallet").
 */
import { z } from 'zod';
import { bool } from '../../params/index.ts';
import { defineList } from '../kit/list.ts';
import { TRX_TOKEN_INFO } from '../kit/lookups.ts';
import { str } from '../shapes/transfer-shape.ts';
import { walletEnvelope, walletKeyedTransfers, walletOrder, walletPaging, walletParams, walletResponse, walletRow, walletSides, walletTransferCells } from '../shapes/wallet-shape.ts';
import { withFields } from '../shapes/cells.ts';
import type { transactions } from '../../lake/datasets/raw.ts';
import type { RowOf } from '../../lake/datasets/types.ts';
import type { WalletTransferTrxRow } from '../kit/sql-types.generated.ts';

export default defineList({
  path: '/api/transfer/trx',
  summary: "An address's TRX transfers (and, with fee=true, the TRX its transactions burned), newest first.",
  params: {
    ...walletParams,
    fee: bool()
      .optional()
      .transform((v) => v ?? false)
      .meta({ description: 'true adds the TRX burned by the transactions the address sent (default false).', override: { type: 'boolean', default: false } }),
  },
  paging: walletPaging,
  uncounted: true,
  // A busy address's windows are sized by its rows in a copy's key files, not counted: its TRX / TRC10 transfers, or
  // with fee rows (one per transaction it sent) all its transactions.
  sizeFrom: (p) => (p.fee ? 'address_transactions' : 'address_trx_transfers'),
  order: walletOrder('rank'),
  timeWindow: true,
  sql: { rows: 'wallet/transfer-trx', byAddress: 'wallet/transfer-trx', copy: 'address_transactions' },
  filters: (p) => ({ fee: p.fee, db_version: p.db_version }),
  byAddress: walletSides,
  // Without fee rows, a page of the address's TRX transfers from the copy's key files (issue 32: three window
  // statements took 20-27 ms on the default lake): its TRX / TRC10 rows in time order, kept by type, side and db_version.
  keyed: {
    of: (p) => (p.fee ? null : walletKeyedTransfers(p, (r) => Number(r.contract_type) === 1)),
    // rank 0: a transaction has one TRX transfer.
    row: (r, chain): WalletTransferTrxRow => ({ ...walletTransferCells(r as RowOf<typeof transactions>, chain.solidBlock), rank: 0 }),
  },
  lookups: { addresses: (r) => [str(r.from_address), str(r.to_address)] },
  row: (r, x) => withFields(walletRow(r, x.p.address, TRX_TOKEN_INFO), { cheatStatus: false, symbol: 'TRX' }),
  envelope: (items, x) => walletEnvelope(items, TRX_TOKEN_INFO, x.lookups.contractMap),
  response: walletResponse({ cheatStatus: z.boolean(), symbol: z.string() }),
  csv: { filename: 'transfer_trx.csv' },
});
