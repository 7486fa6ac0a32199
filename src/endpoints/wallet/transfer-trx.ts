/**
 * GET /api/transfer/trx (SPEC §4.5; shape: reference §4): an address's TRX transfers (TransferContract), newest first
 * unless `reverse=false`; `fee=true` adds one row per transaction the address sent that burned TRX (`to` empty,
 * `amount` the fee in sun). A page is read from key files: the TRX transfers' copy by address, with fee the
 * transactions' copy (up to 4,096 of the address's rows; past them, statements over the copy clustered by address,
 * busy addresses in time windows). Internal TRX moves are on /api/internal-transaction (docs/compat.md "Wallet").
 */
import { z } from 'zod';
import { bool } from '../../params/index.ts';
import { defineList } from '../kit/list.ts';
import { TRX_TOKEN_INFO } from '../kit/lookups.ts';
import { str } from '../shapes/transfer-shape.ts';
import { walletEnvelope, walletKeyedTransfers, walletOrder, walletPaging, walletParams, walletResponse, walletRow, walletSides, walletTransferCells } from '../shapes/wallet-shape.ts';
import { withFields } from '../shapes/cells.ts';
import type { Row } from '../../duckdb/duck.ts';
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
  // A page from key files (issue 32: three window statements took 8-28 ms on the default lake): without fee rows the
  // address's rows of the TRX / TRC10 transfers' copy; with them its transactions' copy, each transaction giving its
  // transfer and its fee row (the two branches of wallet/transfer-trx.sql).
  keyed: {
    of: (p) => {
      const transfer = walletKeyedTransfers(p, (r) => Number(r.contract_type) === 1);
      // Inbound only, fee rows never show (the address sent none of them): its transfers alone.
      if (!p.fee || p.direction === 1) return transfer;
      return {
        dataset: 'address_transactions',
        key: p.address,
        expand: (r, desc) => {
          const out: Row[] = [];
          if (transfer.keep(r)) out.push(Object.assign({}, r, { rank: 0 }));
          if ((r.direction === 'out' || r.direction === 'self') && Number(r.fee) > 0) out.push(Object.assign({}, r, { rank: 1, to_address: '', amount: r.fee ?? null }));
          return desc ? out.reverse() : out;
        },
      };
    },
    row: (r, chain): WalletTransferTrxRow => Object.assign({}, walletTransferCells(r as RowOf<typeof transactions>, chain.solidBlock), { rank: Number(r.rank ?? 0) }),
  },
  lookups: { addresses: (r) => [str(r.from_address), str(r.to_address)] },
  row: (r, x) => withFields(walletRow(r, x.p.address, TRX_TOKEN_INFO), { cheatStatus: false, symbol: 'TRX' }),
  envelope: (items, x) => walletEnvelope(items, TRX_TOKEN_INFO, x.lookups.contractMap),
  response: walletResponse({ cheatStatus: z.boolean(), symbol: z.string() }),
  csv: { filename: 'transfer_trx.csv' },
});
