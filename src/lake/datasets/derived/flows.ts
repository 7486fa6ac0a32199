/**
 * Flows between addresses (sql/derive/flows/): who paid whom, how much of which asset, clustered by address, so one
 * account's counterparties over a window (SPEC §4.4 `/api/deep/account/relatedAccount`, `/api/deep/account/transferAmount`)
 * read a few range files instead of the chain.
 */
import { c } from '../types.ts';
import type { DerivedDataset } from '../growth.ts';
import { RANGE_ROWS } from './columns.ts';
import type { Family } from '../family.ts';

// Issue 34. Growth `runs` cuts a replaced unconfirmed tail out of older runs by block_number, so a row never mixes
// blocks: the grain is (address, counterparty, asset, direction, block), and a day's figures are the sums of its rows
// (readers group by `day`). Each movement is written twice, once from each side (`direction` out for the payer, in for
// the payee), so either party's rows sit in its own bucket: about 2 × the counted movements.
export const addressCounterpartyDaily: DerivedDataset = {
  name: 'address_counterparty_daily',
  kind: 'derived',
  growth: { rule: 'runs', rangeRows: RANGE_ROWS },
  partitioned: false,
  rowGroupSize: 4_096,
  bucketBy: 'address',
  sortBy: ['address', 'day', 'counterparty', 'token_id', 'direction', 'block_number'],
  doc: "What each address sent to (direction out) and received from (direction in) each counterparty, per asset and block, with the UTC day: every TRC20 Transfer log (token_transfers, trc20), every successful TRX transfer (TransferContract) and TRX internal transaction (internal_transactions, call_value > 0, not rejected, of a successful transaction), every successful TRC10 transfer (TransferAssetContract). Mints and burns (the zero address) count like any counterparty; a self-transfer is one row per direction. Clustered by address.",
  columns: [
    c('address', 'VARCHAR', 'the address whose flow this is, Base58'),
    c('counterparty', 'VARCHAR', 'the other side: the receiver of an out row, the sender of an in row, Base58'),
    c('token_id', 'VARCHAR', "TRC20 contract (Base58), TRC10 numeric id, or '_' for TRX"),
    c('token_standard', 'VARCHAR', 'trc20 | trc10 | trx'),
    c('direction', 'VARCHAR', 'in (address received) | out (address sent)'),
    c('day', 'VARCHAR', 'UTC day of the block, yyyy-MM-dd'),
    c('block_number', 'BIGINT', 'block height'),
    c('timestamp', 'BIGINT', 'block time, ms (the exact bound of a seconds window)'),
    c('transfer_count', 'BIGINT', 'movements in the block between the two, that way, of that asset'),
    c('amount_raw', 'VARCHAR', 'their exact sum in the smallest unit (sun for TRX), decimal string'),
    c('bucket', 'INTEGER', 'address_bucket(address): 0-31, the `bucket=K` folder'),
  ],
};

/** The family's datasets (sql/derive/flows/<name>.sql). */
export const flows: Family = { name: 'flows', datasets: [addressCounterpartyDaily] };
