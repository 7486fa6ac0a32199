/**
 * Derived datasets: rebuilt from the raw datasets at publish time by `sql/derive/<name>.sql` (one SELECT each).
 * By-address copies put each movement once per side (direction in / out, or self when both sides are the same
 * address), sorted by address so a lookup prunes to a few row groups (ARCHITECTURE §3).
 * Daily rollups hold additive measures per UTC day; longer periods are sums of days.
 */
import type { Column, Dataset, DuckType } from './catalog.ts';
import { transactions, tokenTransfers } from './catalog.ts';

const c = (name: string, type: DuckType, doc: string, nullable = false): Column => ({ name, type, doc, nullable });

const side: Column[] = [
  c('address', 'VARCHAR', 'the address this row is filed under, Base58'),
  c('direction', 'VARCHAR', "'out' when address sent, 'in' when it received, 'self' when it did both"),
];

export const addressTransactions: Dataset = {
  name: 'address_transactions',
  kind: 'derived',
  partitioned: false,
  rowGroupSize: 16_384,
  sortBy: ['address', 'timestamp', 'tx_index'],
  doc: 'transactions filed under owner_address and to_address (once per side), clustered by address.',
  columns: [...side, ...transactions.columns],
};

export const addressTokenTransfers: Dataset = {
  name: 'address_token_transfers',
  kind: 'derived',
  partitioned: false,
  rowGroupSize: 16_384,
  sortBy: ['address', 'timestamp', 'log_index'],
  doc: 'token_transfers filed under from_address and to_address (once per side), clustered by address.',
  columns: [...side, ...tokenTransfers.columns],
};

export const dailyTransactionStats: Dataset = {
  name: 'daily_transaction_stats',
  kind: 'derived',
  partitioned: false,
  sortBy: ['day', 'contract_type'],
  doc: 'Per UTC day and contract type: transaction count, value moved, fees and resources.',
  columns: [
    c('day', 'VARCHAR', 'UTC day, yyyy-MM-dd'),
    c('day_ts', 'BIGINT', 'UTC midnight of the day, ms'),
    c('contract_type', 'INTEGER', 'protocol contract type'),
    c('tx_count', 'BIGINT', 'transactions'),
    c('amount', 'DOUBLE', 'sum of amount: sun for TRX-valued types, raw units for TRC10 types (2, 9)'),
    c('fee', 'BIGINT', 'sum of fee, sun'),
    c('energy_usage_total', 'BIGINT', 'sum of energy_usage_total'),
    c('net_usage', 'BIGINT', 'sum of net_usage'),
    c('failed_count', 'BIGINT', "transactions whose contract_ret is not SUCCESS"),
  ],
};

export const dailyTokenTransferStats: Dataset = {
  name: 'daily_token_transfer_stats',
  kind: 'derived',
  partitioned: false,
  sortBy: ['day', 'token_standard', 'contract_address'],
  doc: 'Per UTC day and token contract: transfer count and amount moved.',
  columns: [
    c('day', 'VARCHAR', 'UTC day, yyyy-MM-dd'),
    c('day_ts', 'BIGINT', 'UTC midnight of the day, ms'),
    c('token_standard', 'VARCHAR', 'trc20 | trc721 | trc1155'),
    c('contract_address', 'VARCHAR', 'token contract, Base58'),
    c('transfer_count', 'BIGINT', 'transfer rows'),
    c('amount', 'DOUBLE', 'sum of amount (smallest units, DOUBLE)'),
  ],
};

export const dailyBlockStats: Dataset = {
  name: 'daily_block_stats',
  kind: 'derived',
  partitioned: false,
  sortBy: ['day', 'witness_address'],
  doc: 'Per UTC day and producer: blocks, transactions, fees and resources.',
  columns: [
    c('day', 'VARCHAR', 'UTC day, yyyy-MM-dd'),
    c('day_ts', 'BIGINT', 'UTC midnight of the day, ms'),
    c('witness_address', 'VARCHAR', 'producer, Base58'),
    c('block_count', 'BIGINT', 'blocks produced'),
    c('first_block', 'BIGINT', 'lowest block number of the day'),
    c('last_block', 'BIGINT', 'highest block number of the day'),
    c('tx_count', 'BIGINT', 'transactions in those blocks'),
    c('fee', 'BIGINT', 'fees burned in those blocks, sun'),
    c('size_bytes', 'BIGINT', 'sum of block sizes'),
  ],
};

export const txByHash: Dataset = {
  name: 'tx_by_hash',
  kind: 'derived',
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

export const dailyContractCallStats: Dataset = {
  name: 'daily_contract_call_stats',
  kind: 'derived',
  partitioned: false,
  sortBy: ['day', 'contract_address'],
  doc: 'Per UTC day and called contract: TriggerSmartContract calls, callers, energy and fees.',
  columns: [
    c('day', 'VARCHAR', 'UTC day, yyyy-MM-dd'),
    c('day_ts', 'BIGINT', 'UTC midnight of the day, ms'),
    c('contract_address', 'VARCHAR', 'called contract, Base58'),
    c('call_count', 'BIGINT', 'calls'),
    c('caller_count', 'BIGINT', 'distinct calling addresses that day (not additive across days)'),
    c('call_value', 'DOUBLE', 'sum of call_value, sun'),
    c('energy_usage_total', 'BIGINT', 'sum of energy_usage_total'),
    c('fee', 'BIGINT', 'sum of fee, sun'),
  ],
};

export const derivedDatasets: Dataset[] = [
  txByHash,
  dailyContractCallStats,
  addressTransactions,
  addressTokenTransfers,
  dailyTransactionStats,
  dailyTokenTransferStats,
  dailyBlockStats,
];
