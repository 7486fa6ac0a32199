/**
 * GET /api/transfer/trc20 (SPEC §4.5; shape: reference §4): an address's Transfer logs of one TRC20 token, newest
 * first unless `reverse=false`, with status, event_type and approval_amount. A page is read from the key files of the
 * TRC20 / TRC721 transfers' copy by address (up to 4,096 of the address's rows; past them, statements over the copy
 * clustered by address, busy addresses in time windows). Approvals are on /api/account/approve/* (docs/compat.md "Wallet").
 */
import { z } from 'zod';
import { address } from '../../params/index.ts';
import { defineList } from '../kit/list.ts';
import { intString } from '../kit/schemas.ts';
import { str } from '../shapes/transfer-shape.ts';
import { walletEnvelope, walletKeyedTransfers, walletOrder, walletPaging, walletParams, walletResponse, walletRow, walletSides } from '../shapes/wallet-shape.ts';
import type { tokenTransfers } from '../../lake/datasets/raw.ts';
import type { RowOf } from '../../lake/datasets/types.ts';
import type { WalletTransferTrc20Row } from '../kit/sql-types.generated.ts';
import { withFields } from '../shapes/cells.ts';

export default defineList({
  path: '/api/transfer/trc20',
  summary: "An address's transfers of one TRC20 token, newest first.",
  params: { ...walletParams, trc20Id: address().meta({ description: 'The TRC20 contract, Base58.', override: { type: 'string' } }) },
  paging: walletPaging,
  uncounted: true,
  // A busy address's windows are sized by its TRC20 / TRC721 rows in the key files (every token), not counted.
  sizeFrom: () => 'address_trc20_transfers',
  order: walletOrder('log_index'),
  timeWindow: true,
  sql: { rows: 'wallet/transfer-trc20', byAddress: 'wallet/transfer-trc20', copy: 'address_token_transfers' },
  filters: (p) => ({ contract: p.trc20Id, db_version: p.db_version }),
  byAddress: walletSides,
  // A page of the address's logs of the token from the copy's key files (the statements read its bucket: 5-8 ms).
  keyed: {
    of: (p) =>
      walletKeyedTransfers(p, (r) => str(r.token_standard) === 'trc20' && str(r.contract_address) === p.trc20Id, { dataset: 'address_trc20_transfers', from: 'from_address', to: 'to_address' }),
    // The columns of wallet/transfer-trc20.sql (token_transfers holds the logs of successful transactions only).
    row: (raw, chain): WalletTransferTrc20Row => {
      const r = raw as RowOf<typeof tokenTransfers>;
      return {
        tx_hash: r.tx_hash, block_number: r.block_number, timestamp: r.timestamp, tx_index: r.tx_index, log_index: r.log_index, contract_type: 31,
        contract_address: r.contract_address, event_type: r.event_type, from_address: r.from_address, to_address: r.to_address, amount: r.amount_raw,
        contract_ret: 'SUCCESS', confirmed: Number(r.block_number) <= chain.solidBlock,
      };
    },
  },
  lookups: { requestTokens: (p) => [p.trc20Id], addresses: (r) => [str(r.from_address), str(r.to_address)] },
  row: (r, x) =>
    withFields(walletRow(r, x.p.address, x.lookups.tokens.get(x.p.trc20Id)), {
      id: x.p.trc20Id,
      // token_transfers holds the logs of successful transactions only: every row is status 0 (ok).
      status: 0,
      event_type: str(r.event_type),
      approval_amount: '0',
    }),
  envelope: (items, x) => walletEnvelope(items, x.lookups.tokens.get(x.p.trc20Id) ?? {}, x.lookups.contractMap),
  response: walletResponse({ id: z.string(), status: z.literal(0), event_type: z.string(), approval_amount: intString }),
  csv: { filename: 'transfer_trc20.csv' },
});
