/**
 * GET /api/transfer/trx (SPEC §4.5; shape: reference §4): an address's TRX transfers (TransferContract), newest first
 * unless `reverse=false`; `fee=true` adds one row per transaction the address sent that burned TRX (`to` empty,
 * `amount` the fee in sun). Reads the copy clustered by address (busy addresses: time windows). Internal TRX moves
 * are on /api/internal-transaction (docs/compat.md "Wallet").
 */
import { z } from 'zod';
import { bool } from '../../params/index.ts';
import { defineList } from '../kit/list.ts';
import { TRX_TOKEN_INFO } from '../kit/lookups.ts';
import { str } from '../shapes/transfer-shape.ts';
import { walletEnvelope, walletOrder, walletPaging, walletParams, walletResponse, walletRow, walletSides } from '../shapes/wallet-shape.ts';
import { withFields } from '../shapes/cells.ts';
import { transactions } from '../../lake/datasets/raw.ts';
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
    of: (p) => {
      if (p.fee) return null;
      const { dirs } = walletSides(p);
      return {
        dataset: 'address_trx_transfers',
        key: p.address,
        keep: (r) => Number(r.contract_type) === 1 && (dirs === null || dirs.includes(str(r.direction))) && (p.db_version === 1 || (str(r.owner_address) !== '' && str(r.to_address) !== '')),
      };
    },
    // The columns of wallet/transfer-trx.sql's transfer rows (rank 0: a transaction has one TRX transfer).
    row: (raw, chain): WalletTransferTrxRow => {
      const r = raw as RowOf<typeof transactions>;
      return {
        tx_hash: r.tx_hash, block_number: r.block_number, timestamp: r.timestamp, tx_index: r.tx_index, rank: 0, contract_type: r.contract_type,
        from_address: r.owner_address, to_address: r.to_address, amount: r.amount === null ? null : String(r.amount), contract_ret: r.contract_ret,
        confirmed: Number(r.block_number) <= chain.solidBlock,
      };
    },
  },
  lookups: { addresses: (r) => [str(r.from_address), str(r.to_address)] },
  row: (r, x) => withFields(walletRow(r, x.p.address, TRX_TOKEN_INFO), { cheatStatus: false, symbol: 'TRX' }),
  envelope: (items, x) => walletEnvelope(items, TRX_TOKEN_INFO, x.lookups.contractMap),
  response: walletResponse({ cheatStatus: z.boolean(), symbol: z.string() }),
  csv: { filename: 'transfer_trx.csv' },
});
