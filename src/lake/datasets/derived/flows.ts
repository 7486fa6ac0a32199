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

// Issue 34, bigAmount (SPEC §4.4 `types` 3-9). One row per transaction with a DeFi protocol event (dex_pool_events
// other than reserve rows, lending_events): what every TRC20 transfer of that transaction is typed as. Small (the DeFi
// kinds are ~0.4 % of transactions), so a reader joins it on (block_number, tx_index) over its window. Growth `runs`:
// a transaction's events are in its block, so the new blocks' rows need only the new blocks' events.
export const defiTransactionTypes: DerivedDataset = {
  name: 'defi_transaction_types',
  kind: 'derived',
  growth: { rule: 'runs' },
  partitioned: false,
  rowGroupSize: 16_384,
  sortBy: ['timestamp', 'block_number', 'tx_index'],
  doc: "Every successful transaction with a DeFi protocol event (dex_pool_events other than reserve rows, lending_events) and the bigAmount type code its transfers take: the action of its first such event in log order, swap 3, add_liquidity 4, remove_liquidity 5, lending supply 6 (deposit), borrow 7, repay 8, liquidate 8 (the liquidator repays), redeem 9 (withdraw) (docs/compat.md \"Big transfers (issue 34)\").",
  columns: [
    c('block_number', 'BIGINT', 'block height'),
    c('timestamp', 'BIGINT', 'block time, ms since epoch (UTC)'),
    c('tx_hash', 'VARCHAR', 'transaction id, 64 lowercase hex'),
    c('tx_index', 'INTEGER', "the transaction's position inside its block, from 0"),
    c('type_code', 'INTEGER', 'bigAmount type: 3 swap, 4 add liquidity, 5 remove liquidity, 6 deposit, 7 borrow, 8 repay, 9 withdraw'),
    c('project', 'VARCHAR', 'projects.project of the deciding event'),
    c('contract_address', 'VARCHAR', 'the pool, PSM or market that emitted the deciding event, Base58'),
    c('event_name', 'VARCHAR', "the deciding event's declared name (Swap, TokenExchange, AddLiquidity, Mint, Borrow, …)"),
  ],
};

// Issue 34, /api/deep/stableCoin/bigAmount. Every TRC20 Transfer of the five stablecoins with its protocol type (0 =
// none: a plain transfer, typed 1 / 2 by the reader from the asked address). Growth `runs`, unbucketed, sorted by time:
// a window's rows are contiguous in each run, so a 6-month list reads the row groups of its window (row-group
// statistics on timestamp), not the chain. The per-account list (/api/deep/account/token/bigAmount, any TRC20) reads
// address_trc20_transfers' range files of the address instead and joins defi_transaction_types: no third copy.
//
// Its key file (keyed by timestamp, the leading sort column: the rows of one block time) gives a page sorted by USD or
// amount its scattered rows with a few preads each (src/endpoints/shapes/big-amount-stable-index.ts), where a statement
// fetching them read every row group (160-195 ms on the default lake).
export const classifiedTransfers: DerivedDataset = {
  name: 'classified_transfers',
  kind: 'derived',
  growth: { rule: 'runs', keyFile: { key: 'timestamp', keyKind: 'number', time: 'timestamp' } },
  partitioned: false,
  rowGroupSize: 16_384,
  sortBy: ['timestamp', 'block_number', 'tx_index', 'log_index'],
  doc: "Every TRC20 Transfer (token_transfers) of the stablecoin registry's contracts (USDT, USDC, USDD old and 2.0, USDJ, TUSD) with `protocol_type`, the type code of its transaction in defi_transaction_types (0 when the transaction has no DeFi protocol event). Sorted by time.",
  columns: [
    c('block_number', 'BIGINT', 'block height'),
    c('timestamp', 'BIGINT', 'block time, ms since epoch (UTC)'),
    c('tx_hash', 'VARCHAR', 'transaction id, 64 lowercase hex'),
    c('tx_index', 'INTEGER', "the transaction's position inside its block, from 0"),
    c('log_index', 'INTEGER', 'position of the log inside the transaction, from 0'),
    c('contract_address', 'VARCHAR', 'the stablecoin contract, Base58'),
    c('from_address', 'VARCHAR', 'sender, Base58 (the zero address for mints)'),
    c('to_address', 'VARCHAR', 'receiver, Base58 (the zero address for burns)'),
    c('amount_raw', 'VARCHAR', 'amount in the smallest unit, exact decimal string'),
    c('amount', 'DOUBLE', 'amount_raw as DOUBLE, for sorting and thresholds only'),
    c('protocol_type', 'INTEGER', "defi_transaction_types.type_code of the transaction (3-9), 0 when none"),
  ],
};

/** The family's datasets (sql/derive/flows/<name>.sql). */
export const flows: Family = { name: 'flows', datasets: [addressCounterpartyDaily, defiTransactionTypes, classifiedTransfers] };
