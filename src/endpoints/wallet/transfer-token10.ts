/**
 * GET /api/transfer/token10 (SPEC §4.5; shape: reference §4): an address's transfers of one TRC10 token
 * (TransferAssetContract), newest first unless `reverse=false`. Reads the copy clustered by address (busy addresses:
 * time windows).
 */
import { z } from 'zod';
import { trc10Id } from '../../params/index.ts';
import { defineList } from '../kit/list.ts';
import { str } from '../shapes/transfer-shape.ts';
import { walletEnvelope, walletOrder, walletPaging, walletParams, walletResponse, walletRow, walletSides } from '../shapes/wallet-shape.ts';

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
  lookups: { requestTokens: (p) => [p.trc10Id], addresses: (r) => [str(r.from_address), str(r.to_address)] },
  row: (r, x) => {
    const info = x.lookups.tokens.get(x.p.trc10Id);
    return { ...walletRow(r, x.p.address, info), id: Number(x.p.trc10Id), symbol: info?.tokenAbbr ?? '' };
  },
  envelope: (items, x) => walletEnvelope(items, x.lookups.tokens.get(x.p.trc10Id) ?? {}, x.lookups.contractMap),
  response: walletResponse({ id: z.number().int(), symbol: z.string() }),
  csv: { filename: 'transfer_token10.csv' },
});
