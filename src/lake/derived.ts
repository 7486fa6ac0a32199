/**
 * Derived datasets: rebuilt from the raw datasets at publish time by `sql/derive/<name>.sql` (one SELECT each).
 * By-address copies put each movement once per side (direction in / out, or self when both sides are the same
 * address), bucketed by address (32 folders) and sorted by address inside, so a lookup opens one folder and
 * prunes to a few row groups (ARCHITECTURE §3; measured in src/lake/README.md).
 * Daily rollups hold additive measures per UTC day; longer periods are sums of days.
 */
import type { Column, Dataset, DuckType } from './catalog.ts';
import { checkGrowth, type DerivedDataset } from './growth.ts';
import { internalTransactions, transactions, tokenTransfers } from './catalog.ts';

const c = (name: string, type: DuckType, doc: string, nullable = false): Column => ({ name, type, doc, nullable });
/** A measure column of an additive rollup, e.g. `m('fee', 'BIGINT', 'sum of fee')`; `min` / `max` for extremes. */
const m = (name: string, type: DuckType, doc: string, measure: 'sum' | 'min' | 'max' = 'sum'): Column => ({ ...c(name, type, doc), measure });

const side: Column[] = [
  c('address', 'VARCHAR', 'the address this row is filed under, Base58'),
  c('direction', 'VARCHAR', "'out' when address sent, 'in' when it received, 'self' when it did both"),
];
/** The Hive partition column of the bucketed copies (a folder name, not stored in the files). */
const bucket = c('bucket', 'INTEGER', 'address_bucket(address): 0-31, the `bucket=K` folder');

export const addressTransactions: DerivedDataset = {
  name: 'address_transactions',
  kind: 'derived',
  growth: { rule: 'runs' },
  partitioned: false,
  // Measured on the default lake, a 10-row page of one address: 5-7 ms with 4,096-row groups, 10-11 ms with 16,384.
  rowGroupSize: 4_096,
  bucketBy: 'address',
  // zstd (the default): snappy wrote 35 % faster and is 1.7x larger. A publish now writes only the new blocks' rows
  // (growth runs), while the bench lake's copies (104 M transactions) would take ~45 GB in snappy instead of ~26 GB.
  sortBy: ['address', 'timestamp', 'tx_index'],
  doc: 'transactions filed under owner_address and to_address (once per side), clustered by address.',
  columns: [...side, ...transactions.columns, bucket],
};

export const addressTokenTransfers: DerivedDataset = {
  name: 'address_token_transfers',
  kind: 'derived',
  growth: { rule: 'runs' },
  partitioned: false,
  // Measured on the default lake, a 10-row page of one address: 5-7 ms with 4,096-row groups, 10-11 ms with 16,384.
  rowGroupSize: 4_096,
  bucketBy: 'address',
  // zstd (the default): snappy wrote 35 % faster and is 1.7x larger. A publish now writes only the new blocks' rows
  // (growth runs), while the bench lake's copies (104 M transactions) would take ~45 GB in snappy instead of ~26 GB.
  sortBy: ['address', 'timestamp', 'block_number', 'tx_index', 'log_index', 'batch_index'],
  doc: 'token_transfers filed under from_address and to_address (once per side), clustered by address.',
  columns: [...side, ...tokenTransfers.columns, bucket],
};

export const addressInternalTransactions: DerivedDataset = {
  name: 'address_internal_transactions',
  kind: 'derived',
  growth: { rule: 'runs' },
  partitioned: false,
  rowGroupSize: 4_096,
  bucketBy: 'address',
  sortBy: ['address', 'timestamp', 'block_number', 'tx_hash', 'internal_index'],
  doc: "internal_transactions filed under caller_address and to_address (once per side), with the top-level transaction's result, clustered by address.",
  columns: [
    ...side,
    ...internalTransactions.columns,
    c('contract_ret', 'VARCHAR', "result of the top-level transaction ('SUCCESS' when it is not in the lake)"),
    bucket,
  ],
};

export const addressRowCounts: DerivedDataset = {
  name: 'address_row_counts',
  kind: 'derived',
  growth: { rule: 'state' },
  partitioned: false,
  sortBy: ['dataset', 'address'],
  doc: 'Rows per address in each by-address copy: a list knows a busy address (its page searched in time windows) before reading it.',
  columns: [
    c('dataset', 'VARCHAR', "the by-address copy: 'address_transactions', 'address_token_transfers' or 'address_internal_transactions'"),
    c('address', 'VARCHAR', 'the address the rows are filed under, Base58', true),
    c('row_count', 'BIGINT', 'its rows in that copy'),
  ],
};

export const dailyTransactionStats: DerivedDataset = {
  name: 'daily_transaction_stats',
  kind: 'derived',
  growth: { rule: 'per-day', additive: true },
  partitioned: true,
  sortBy: ['day', 'contract_type'],
  doc: 'Per UTC day and contract type: transaction count, value moved, fees and resources.',
  columns: [
    c('day', 'VARCHAR', 'UTC day, yyyy-MM-dd'),
    c('day_ts', 'BIGINT', 'UTC midnight of the day, ms'),
    c('contract_type', 'INTEGER', 'protocol contract type'),
    m('tx_count', 'BIGINT', 'transactions'),
    m('amount', 'DECIMAL(38,0)', 'sum of amount, exact: sun for TRX-valued types, raw units for TRC10 types (2, 9)'),
    m('fee', 'BIGINT', 'sum of fee, sun'),
    m('energy_usage_total', 'BIGINT', 'sum of energy_usage_total'),
    m('net_usage', 'BIGINT', 'sum of net_usage'),
    m('failed_count', 'BIGINT', "transactions whose contract_ret is not SUCCESS"),
    m('vote_count', 'DECIMAL(38,0)', 'VoteWitness (type 4): sum of the vote counts in parameter_json votes[].vote_count; 0 for other types'),
  ],
};

export const dailyTokenTransferStats: DerivedDataset = {
  name: 'daily_token_transfer_stats',
  kind: 'derived',
  growth: { rule: 'per-day', additive: true },
  partitioned: true,
  sortBy: ['day', 'token_standard', 'contract_address'],
  doc: 'Per UTC day and token contract: transfer count and amount moved.',
  columns: [
    c('day', 'VARCHAR', 'UTC day, yyyy-MM-dd'),
    c('day_ts', 'BIGINT', 'UTC midnight of the day, ms'),
    c('token_standard', 'VARCHAR', 'trc20 | trc721 | trc1155'),
    c('contract_address', 'VARCHAR', 'token contract, Base58'),
    m('transfer_count', 'BIGINT', 'transfer rows'),
    m('amount', 'DECIMAL(38,0)', 'sum of amount_raw, exact, in the smallest unit (1 per TRC721 transfer)'),
  ],
};

export const dailyAssetTransferStats: DerivedDataset = {
  name: 'daily_asset_transfer_stats',
  kind: 'derived',
  growth: { rule: 'per-day', additive: true },
  partitioned: true,
  sortBy: ['day', 'asset'],
  doc: "Per UTC day and asset: TRX ('_') and TRC10 transfer counts (TransferContract, TransferAssetContract).",
  columns: [
    c('day', 'VARCHAR', 'UTC day, yyyy-MM-dd'),
    c('day_ts', 'BIGINT', 'UTC midnight of the day, ms'),
    c('asset', 'VARCHAR', "'_' for TRX, else the TRC10 token id"),
    m('transfer_count', 'BIGINT', 'transfers, any result'),
  ],
};

export const dailyBlockStats: DerivedDataset = {
  name: 'daily_block_stats',
  kind: 'derived',
  growth: { rule: 'per-day', additive: true },
  partitioned: true,
  sortBy: ['day', 'witness_address'],
  doc: 'Per UTC day and producer: blocks, transactions, fees and resources.',
  columns: [
    c('day', 'VARCHAR', 'UTC day, yyyy-MM-dd'),
    c('day_ts', 'BIGINT', 'UTC midnight of the day, ms'),
    c('witness_address', 'VARCHAR', 'producer, Base58'),
    m('block_count', 'BIGINT', 'blocks produced'),
    m('first_block', 'BIGINT', 'lowest block number of the day', 'min'),
    m('last_block', 'BIGINT', 'highest block number of the day', 'max'),
    m('tx_count', 'BIGINT', 'transactions in those blocks'),
    m('fee', 'BIGINT', 'fees burned in those blocks, sun'),
    m('size_bytes', 'BIGINT', 'sum of block sizes'),
  ],
};

export const txByHash: DerivedDataset = {
  name: 'tx_by_hash',
  kind: 'derived',
  growth: { rule: 'runs' },
  partitioned: false,
  rowGroupSize: 16_384,
  sortBy: ['tx_hash'],
  doc: 'Hash index: where each transaction lives. Sorted by hash so a lookup reads one row group, then the block.',
  columns: [
    c('tx_hash', 'VARCHAR', 'transaction id, 64 hex'),
    c('block_number', 'BIGINT', 'block height'),
    c('timestamp', 'BIGINT', 'block time, ms (gives the day partition to read)'),
    c('tx_index', 'INTEGER', 'position inside the block'),
  ],
};

export const dailyContractCallStats: DerivedDataset = {
  name: 'daily_contract_call_stats',
  kind: 'derived',
  growth: { rule: 'per-day' },
  partitioned: true,
  sortBy: ['day', 'contract_address'],
  doc: 'Per UTC day and called contract: TriggerSmartContract calls, callers, energy and fees.',
  columns: [
    c('day', 'VARCHAR', 'UTC day, yyyy-MM-dd'),
    c('day_ts', 'BIGINT', 'UTC midnight of the day, ms'),
    c('contract_address', 'VARCHAR', 'called contract, Base58'),
    c('call_count', 'BIGINT', 'calls'),
    c('caller_count', 'BIGINT', 'distinct calling addresses that day (not additive across days)'),
    c('call_value', 'DECIMAL(38,0)', 'sum of call_value, exact, sun'),
    c('energy_usage_total', 'BIGINT', 'sum of energy_usage_total'),
    c('fee', 'BIGINT', 'sum of fee, sun'),
  ],
};



// Token ledgers (SPEC §4.1). Balances are net flows over the lake's history, exact (HUGEINT sums kept as decimal
// strings) beside a DOUBLE for sorting; sorted by (token, balance desc) so a holder page reads one token's rows.

export const trc20Balances: DerivedDataset = {
  name: 'trc20_balances',
  kind: 'derived',
  growth: { rule: 'state' },
  partitioned: false,
  rowGroupSize: 16_384,
  sortBy: ['contract_address', 'holder_rank', 'holder_address'],
  doc: 'TRC20 net position per (contract, holder): transfers in minus out, zero address excluded, non-zero rows only.',
  columns: trc20BalanceColumns(),
};

export const trc20BalancesByHolder: DerivedDataset = {
  name: 'trc20_balances_by_holder',
  kind: 'derived',
  growth: { rule: 'bounded', boundedBy: 'positive TRC20 positions (the rows of trc20_balances with a rank)' },
  partitioned: false,
  rowGroupSize: 16_384,
  sortBy: ['holder_address', 'contract_address'],
  doc: 'The positive rows of trc20_balances (same ranks) clustered by holder: the TRC20 tokens of one address.',
  columns: trc20BalanceColumns(),
};

function trc20BalanceColumns(): Column[] {
  return [
    c('contract_address', 'VARCHAR', 'token contract, Base58'),
    c('holder_address', 'VARCHAR', 'holder, Base58'),
    c('balance_raw', 'VARCHAR', 'balance in the smallest unit, exact decimal string (negative: history starts before the lake)'),
    c('balance', 'DOUBLE', 'balance_raw as DOUBLE, for sorting'),
    c('update_block', 'BIGINT', 'block of the last transfer touching the balance'),
    c('update_ts', 'BIGINT', 'time of that transfer, ms'),
    c('holder_rank', 'BIGINT', "rank among the contract's positive balances, largest first (NULL when not positive)", true),
  ];
}

export const trc10Balances: DerivedDataset = {
  name: 'trc10_balances',
  kind: 'derived',
  growth: { rule: 'state' },
  partitioned: false,
  rowGroupSize: 16_384,
  sortBy: ['token_id', 'balance DESC', 'holder_address'],
  doc: 'TRC10 net position per (token id, holder): successful type-2 transfers in minus out, plus the issued supply credited to the issuer.',
  columns: [
    c('token_id', 'VARCHAR', 'TRC10 numeric id'),
    c('holder_address', 'VARCHAR', 'holder, Base58'),
    c('balance_raw', 'VARCHAR', 'balance in the smallest unit, exact decimal string'),
    c('balance', 'DOUBLE', 'balance_raw as DOUBLE, for sorting'),
    c('update_block', 'BIGINT', 'block of the last transfer touching the balance (0 = issue)'),
    c('update_ts', 'BIGINT', 'time of that transfer, ms'),
  ],
};

export const trc721Owners: DerivedDataset = {
  name: 'trc721_owners',
  kind: 'derived',
  growth: { rule: 'state' },
  partitioned: false,
  rowGroupSize: 16_384,
  sortBy: ['contract_address', 'length(token_id)', 'token_id'],
  doc: 'Current owner of each TRC721 token id: the recipient of its last transfer. Sorted numerically by token id.',
  columns: [
    c('contract_address', 'VARCHAR', 'NFT contract, Base58'),
    c('token_id', 'VARCHAR', 'token id, exact decimal string'),
    c('owner_address', 'VARCHAR', 'recipient of the last transfer, Base58'),
    c('latest_transfer_ts', 'BIGINT', 'time of the last transfer, ms'),
    c('latest_block', 'BIGINT', 'block of the last transfer'),
    c('transfer_count', 'BIGINT', 'transfers of this token id'),
  ],
};

export const trc1155Balances: DerivedDataset = {
  name: 'trc1155_balances',
  kind: 'derived',
  growth: { rule: 'state' },
  partitioned: false,
  rowGroupSize: 16_384,
  sortBy: ['contract_address', 'length(token_id)', 'token_id', 'balance DESC', 'holder_address'],
  doc: 'TRC1155 net quantity per (contract, token id, holder): transfers in minus out, zero address excluded, non-zero rows only.',
  columns: [
    c('contract_address', 'VARCHAR', 'TRC1155 contract, Base58'),
    c('token_id', 'VARCHAR', 'token id, exact decimal string'),
    c('holder_address', 'VARCHAR', 'holder, Base58'),
    c('balance_raw', 'VARCHAR', 'quantity, exact decimal string'),
    c('balance', 'DOUBLE', 'balance_raw as DOUBLE, for sorting'),
    c('update_ts', 'BIGINT', 'time of the last transfer touching the balance, ms'),
  ],
};

export const trc1155Tokens: DerivedDataset = {
  name: 'trc1155_tokens',
  kind: 'derived',
  growth: { rule: 'state' },
  partitioned: false,
  sortBy: ['contract_address', 'length(token_id)', 'token_id'],
  doc: 'One row per TRC1155 token id: holders with a positive quantity, transfers, latest transfer time.',
  columns: [
    c('contract_address', 'VARCHAR', 'TRC1155 contract, Base58'),
    c('token_id', 'VARCHAR', 'token id, exact decimal string'),
    c('holders_count', 'BIGINT', 'holders with a positive quantity'),
    c('transfer_count', 'BIGINT', 'transfers of this token id'),
    c('latest_transfer_ts', 'BIGINT', 'time of the last transfer, ms'),
  ],
};

export const tokenFlows: DerivedDataset = {
  name: 'token_flows',
  kind: 'derived',
  growth: { rule: 'state' },
  partitioned: false,
  sortBy: ['flow', 'token_id'],
  doc: 'Lifetime flows per token, listed or not (the running state behind token_stats): transfers, minted and burned amounts.',
  columns: [
    c('flow', 'VARCHAR', "'smart': token_transfers rows of a token contract; 'trc10': successful TransferAssetContract of a TRC10 id"),
    c('token_id', 'VARCHAR', 'token contract (Base58) or TRC10 id'),
    c('transfer_count', 'BIGINT', 'transfers in the lake'),
    c('minted_raw', 'VARCHAR', "sum of transfers from the zero address, exact ('0' for trc10)"),
    c('burned_raw', 'VARCHAR', "sum of transfers to the zero address, exact ('0' for trc10)"),
  ],
};

export const tokenStats: DerivedDataset = {
  name: 'token_stats',
  kind: 'derived',
  growth: { rule: 'bounded', boundedBy: 'the tokens dimension, the ledgers\' positions and the last 24 h of transfers' },
  partitioned: false,
  sortBy: ['token_standard', 'token_id'],
  doc: 'Per token: holder count (positive balances), transfers (all, last 24 h before the head block), minted, burned and supply.',
  columns: [
    c('token_id', 'VARCHAR', 'TRC10 id or Base58 contract'),
    c('token_standard', 'VARCHAR', 'trc10 | trc20 | trc721 | trc1155'),
    c('holder_count', 'BIGINT', 'addresses with a positive balance (TRC721: distinct owners)'),
    c('transfer_count', 'BIGINT', 'transfers in the lake'),
    c('transfer_count_24h', 'BIGINT', 'transfers in the 24 h before the head block'),
    c('minted_raw', 'VARCHAR', 'sum of transfers from the zero address, exact'),
    c('burned_raw', 'VARCHAR', 'sum of transfers to the zero address, exact'),
    c('supply_raw', 'VARCHAR', 'TRC10: issued supply; others: minted minus burned, exact'),
    c('supply', 'DOUBLE', 'supply_raw as DOUBLE (smallest units)'),
  ],
};

export const trc721Transfers: DerivedDataset = {
  name: 'trc721_transfers',
  kind: 'derived',
  growth: { rule: 'runs' },
  partitioned: false,
  rowGroupSize: 16_384,
  sortBy: ['contract_address', 'token_id', 'block_number DESC', 'tx_index DESC', 'log_index DESC'],
  doc: 'TRC721 rows of token_transfers clustered by (contract, token id), newest first: the history of one NFT.',
  columns: [...tokenTransfers.columns],
};

export const tokenPositionBands: DerivedDataset = {
  name: 'token_position_bands',
  kind: 'derived',
  growth: { rule: 'bounded', boundedBy: 'positive positions of the ledgers (trc20_balances, trc10_balances, trc721_owners)' },
  partitioned: false,
  sortBy: ['token_id'],
  doc: 'Per token (TRC20, TRC10, TRC721 by NFTs per owner): amounts held by holder-rank bands over positive balances, exact.',
  columns: [
    c('token_id', 'VARCHAR', 'TRC10 id or Base58 contract'),
    c('holders', 'BIGINT', 'holders with a positive balance'),
    c('total_raw', 'VARCHAR', 'sum of the positive balances, exact'),
    c('rank1_10_raw', 'VARCHAR', 'held by the 10 largest holders'),
    c('rank11_50_raw', 'VARCHAR', 'held by holders ranked 11-50'),
    c('rank51_100_raw', 'VARCHAR', 'held by holders ranked 51-100'),
    c('rank101_500_raw', 'VARCHAR', 'held by holders ranked 101-500'),
    c('other_raw', 'VARCHAR', 'held by the holders ranked below 500'),
  ],
};

export const derivedDatasets: DerivedDataset[] = [
  txByHash,
  dailyContractCallStats,
  addressTransactions,
  addressTokenTransfers,
  addressInternalTransactions,
  addressRowCounts,
  dailyTransactionStats,
  dailyTokenTransferStats,
  dailyAssetTransferStats,
  dailyBlockStats,
  trc20Balances,
  trc20BalancesByHolder,
  trc10Balances,
  trc721Owners,
  trc1155Balances,
  trc1155Tokens,
  tokenFlows,
  tokenStats,
  trc721Transfers,
  tokenPositionBands,
];

// A derived dataset without a valid growth rule stops the program here, before any publish (src/lake/growth.ts).
for (const ds of derivedDatasets) checkGrowth(ds);
