/**
 * GET /api/transfer/token10 (SPEC §4.5; shape: reference §4): an address's transfers of one TRC10 token
 * (TransferAssetContract), newest first unless `reverse=false`. A page is read from the key files of the TRX / TRC10
 * transfers' copy by address (up to 4,096 of the address's rows; past them, statements over the copy clustered by
 * address, busy addresses in time windows).
 */
import { z } from 'zod';
import { trc10Id } from '../../params/index.ts';
import { defineList } from '../kit/list.ts';
import { str } from '../shapes/transfer-shape.ts';
import { walletEnvelope, walletKeyedTransfers, walletOrder, walletPaging, walletParams, walletResponse, walletRow, walletSides, walletTransferCells } from '../shapes/wallet-shape.ts';
import type { transactions } from '../../lake/datasets/raw.ts';
import type { RowOf } from '../../lake/datasets/types.ts';
import type { WalletTransferToken10Row } from '../kit/sql-types.generated.ts';

export default defineList({
  path: '/api/transfer/token10',
  summary: "An address's transfers of one TRC10 token, newest first.",
  params: {
    ...walletParams,
    trc10Id: trc10Id().meta({ description: 'The TRC10 token id, e.g. 1002000.', override: { type: 'string' } }),
  },
  paging: walletPaging,
  uncounted: true,
  order: walletOrder('contract_type'),
  timeWindow: true,
  sql: { rows: 'wallet/transfer-token10', byAddress: 'wallet/transfer-token10', copy: 'address_transactions' },
  filters: (p) => ({ token_id: p.trc10Id, db_version: p.db_version }),
  byAddress: walletSides,
  // A page of the address's transfers of the token from the copy's key files (the statements read its bucket: ~6 ms).
  keyed: {
    of: (p) => walletKeyedTransfers(p, (r) => Number(r.contract_type) === 2 && str(r.token_id) === p.trc10Id),
    row: (r, chain): WalletTransferToken10Row => {
      const cells = r as RowOf<typeof transactions>;
      return Object.assign({}, walletTransferCells(cells, chain.solidBlock), { token_id: cells.token_id });
    },
  },
  lookups: { requestTokens: (p) => [p.trc10Id], addresses: (r) => [str(r.from_address), str(r.to_address)] },
  row: (r, x) => {
    const info = x.lookups.tokens.get(x.p.trc10Id);
    return Object.assign({}, walletRow(r, x.p.address, info), { id: Number(x.p.trc10Id), symbol: info?.tokenAbbr ?? '' });
  },
  envelope: (items, x) => walletEnvelope(items, x.lookups.tokens.get(x.p.trc10Id) ?? {}, x.lookups.contractMap),
  response: walletResponse({ id: z.number().int(), symbol: z.string() }),
  csv: { filename: 'transfer_token10.csv' },
});
