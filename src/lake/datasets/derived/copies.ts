/**
 * Copies of chain facts clustered for lookups (sql/derive/copies/): by address (each movement once per side, with a
 * direction: out, in, or self when both sides are the address; 32 address buckets, sorted by address inside, so a
 * lookup opens one folder and prunes to a few row groups; ARCHITECTURE §3), by transaction hash, by NFT.
 */
import { c, type Column } from '../types.ts';
import type { DerivedDataset } from '../growth.ts';
import { blocks, internalTransactions, logs, tokenTransfers, transactions } from '../raw.ts';
import { RANGE_ROWS, bucket } from './columns.ts';
import type { Family } from '../family.ts';

/** Key files of a copy bucketed by address, and of a copy in block order (growth.ts keyFile), time-ordered inside a key. */
const BY_ADDRESS_KEYS = { key: 'address', keyKind: 'address', time: 'timestamp' } as const;
const BY_BLOCK_KEYS = { key: 'block_number', keyKind: 'number', time: 'timestamp' } as const;

const side: Column[] = [
  c('address', 'VARCHAR', 'the address this row is filed under, Base58'),
  c('direction', 'VARCHAR', "'out' when address sent, 'in' when it received, 'self' when it did both"),
];

export const addressTransactions: DerivedDataset = {
  name: 'address_transactions',
  kind: 'derived',
  // Its key file answers an address's pages with no statement (key-files.ts); the Parquet serves the other filters.
  growth: { rule: 'runs', rangeRows: RANGE_ROWS, sameAsAddress: ['owner_address', 'to_address'], keyFile: BY_ADDRESS_KEYS },
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
  growth: { rule: 'runs', rangeRows: RANGE_ROWS, sameAsAddress: ['from_address', 'to_address'] },
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
  // Its key file answers an address's pages with no other filter (key-files.ts); the Parquet serves the other filters.
  growth: { rule: 'runs', rangeRows: RANGE_ROWS, keyFile: BY_ADDRESS_KEYS },
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
  // address_transactions' rows per address are not here: they are account_activity's tx_total (same sides and rule),
  // and were 4.2 M of 7.9 M rows (104 of 200 MB) on the 10.5 M-transaction bench lake (bench/results/lake-bytes.md).
  doc: "Rows per address in the by-address copies of token transfers and internal transactions: a list knows a busy address (its page searched in time windows) before reading it. An address's rows in address_transactions are account_activity's tx_total.",
  columns: [
    c('dataset', 'VARCHAR', "the by-address copy: 'address_token_transfers' or 'address_internal_transactions'"),
    c('address', 'VARCHAR', 'the address the rows are filed under, Base58', true),
    c('row_count', 'BIGINT', 'its rows in that copy'),
  ],
};

export const txByHash: DerivedDataset = {
  name: 'tx_by_hash',
  kind: 'derived',
  // Every lookup by hash reads it: its runs are also DuckDB files the server reads instead (growth.ts lookupFile).
  // Its key file (keyed by the prefix, issue 32) gives transaction-info the transaction's block with no statement.
  growth: { rule: 'runs', lookupFile: true, keyFile: { key: 'hash_prefix', keyKind: 'number', time: 'timestamp' } },
  partitioned: false,
  rowGroupSize: 16_384,
  // The key is 60 bits of the hash, not its 64 hex digits: 5.1 instead of 32 bytes a row, the run 182 → 57 MB on the
  // 10.5 M-transaction bench lake (bench/results/lake-bytes.md); the transaction row read next holds the whole id.
  sortBy: ['hash_prefix', 'block_number', 'tx_index'],
  doc: "Hash index: where each transaction lives, keyed by the first 15 hex digits of its id as an integer (sql macro tx_hash_prefix). Sorted by that key so a lookup reads one row group, then the block, where the whole id is matched (two ids sharing a prefix give two rows).",
  columns: [
    c('hash_prefix', 'BIGINT', 'tx_hash_prefix(tx_hash): the first 15 hex digits of the transaction id as an integer'),
    c('block_number', 'BIGINT', 'block height'),
    c('timestamp', 'BIGINT', 'block time, ms (gives the day partition to read)'),
    c('tx_index', 'INTEGER', 'position inside the block'),
  ],
};

export const blocksByNumber: DerivedDataset = {
  name: 'blocks_by_number',
  kind: 'derived',
  // Issue 32: a block by number or the latest page read one 16,384-row group of a day's Parquet file, its three
  // 64-hex columns decompressed whole (15-20 ms); the same row from DuckDB's own storage, sorted by number, ~2 ms.
  // Its key file answers a block by number and the pages of every block with no statement (key-files.ts).
  growth: { rule: 'runs', lookupFile: true, keyFile: BY_BLOCK_KEYS },
  partitioned: false,
  sortBy: ['block_number'],
  doc: 'The blocks in block order, every column: what /api/block and the confirmations of a transaction read by number or time (its runs are also DuckDB files the server reads instead).',
  columns: [...blocks.columns],
};

// Issue 32: a block's rows of the three facts a transaction page shows, kept for their key files (keyed by block, in
// the fact's own order): transaction-info, /api/transaction by block or without filter and /api/internal-transaction
// by block read them with no statement. They repeat the raw tables row for row, so they are keys-only (growth
// keysOnly): the key file is the run, and without it the endpoints read the raw tables.
/** A keys-only copy of a fact's rows keyed by block, in `sortBy` order (block_number first). */
const byBlock = (name: string, sortBy: string[], doc: string, columns: Column[]): DerivedDataset => ({
  name,
  kind: 'derived',
  growth: { rule: 'runs', keyFile: BY_BLOCK_KEYS, keysOnly: true },
  partitioned: false,
  sortBy,
  doc,
  columns,
});

export const transactionsByBlock = byBlock(
  'transactions_by_block',
  ['block_number', 'tx_index'],
  "transactions in block order, every column: their key file answers a transaction by hash (after tx_by_hash's), a block's transactions and every transaction's pages with no statement.",
  [...transactions.columns],
);

export const internalTransactionsByBlock = byBlock(
  'internal_transactions_by_block',
  ['block_number', 'tx_hash', 'internal_index'],
  "internal_transactions in block order (then tx_hash, internal_index, the list's order), with the top-level transaction's result: their key file answers a transaction's and a block's internal transactions with no statement.",
  [...internalTransactions.columns, c('contract_ret', 'VARCHAR', "result of the top-level transaction ('SUCCESS' when it is not in the lake)")],
);

export const tokenTransfersByBlock = byBlock(
  'token_transfers_by_block',
  ['block_number', 'tx_index', 'log_index', 'batch_index'],
  "token_transfers in block order, every column: their key file answers a transaction's token transfers with no statement.",
  [...tokenTransfers.columns],
);

/**
 * The event logs in block order, every column, kept for their key file alone: the triggers batch read its calls' logs
 * with one statement per day of them (20 ids of 20 days: ~540 ms p50 on the default lake), and no other request reads
 * logs at serve time (bench/results/triggers-batch.md).
 */
export const logsByBlock = byBlock(
  'logs_by_block',
  ['block_number', 'tx_hash', 'log_index'],
  "logs in block order, every column: their key file answers the triggers batch's logs of its calls with no statement.",
  [...logs.columns],
);

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

// Issue 14 (/api/account/analysis, /api/overview/accountswithtrx): per-address figures by block, summed per day by a
// request over one address's bucket, and the accounts holding TRX per day.
export const addressBlockActivity: DerivedDataset = {
  name: 'address_block_activity',
  kind: 'derived',
  growth: { rule: 'runs', aggregated: true, rangeRows: RANGE_ROWS },
  partitioned: false,
  rowGroupSize: 4_096,
  bucketBy: 'address',
  sortBy: ['address', 'block_number'],
  doc: "Per address and block: its TRX balance change (trx_flows' rules), transactions signed and received, and the energy and bandwidth of those it signed; a day's figures are the sums of its blocks (/api/account/analysis types 0, 2, 3, 4); clustered by address.",
  columns: [
    c('address', 'VARCHAR', 'address, Base58'),
    c('block_number', 'BIGINT', 'block height'),
    c('timestamp', 'BIGINT', 'block time, ms'),
    c('trx_delta', 'BIGINT', 'TRX balance change in the block, sun (Σ trx_flows.delta)'),
    c('tx_out', 'BIGINT', 'transactions it signed'),
    c('tx_in', 'BIGINT', 'transactions it received (to_address, else the created / called contract)'),
    c('energy_usage', 'BIGINT', 'energy of its transactions from its own stake'),
    c('origin_energy_usage', 'BIGINT', "energy of its transactions paid by the contracts' deployers"),
    c('energy_burn', 'BIGINT', 'energy of its transactions paid by burning TRX, units (energy_usage_total − the two above)'),
    c('energy_usage_total', 'BIGINT', 'all energy of its transactions, penalty included'),
    c('net_usage', 'BIGINT', 'bandwidth of its transactions from stake or the free allowance, bytes'),
    c('net_burn', 'BIGINT', 'bandwidth of its transactions paid by burning: net_fee / the price in force, bytes (NULL without a price)', true),
    bucket,
  ],
};

export const addressBlockTokens: DerivedDataset = {
  name: 'address_block_tokens',
  kind: 'derived',
  growth: { rule: 'runs', aggregated: true, rangeRows: RANGE_ROWS },
  partitioned: false,
  rowGroupSize: 4_096,
  bucketBy: 'address',
  sortBy: ['address', 'block_number', 'token_id'],
  doc: "Per address, block and token (TRX '_', TRC10 id, TRC20 / 721 / 1155 contract): successful transfers it sent or received, one to itself once (/api/account/analysis type 1); clustered by address.",
  columns: [
    c('address', 'VARCHAR', 'address, Base58'),
    c('block_number', 'BIGINT', 'block height'),
    c('timestamp', 'BIGINT', 'block time, ms'),
    c('token_id', 'VARCHAR', "'_' for TRX, the TRC10 id, or the token contract (Base58)"),
    c('transfer_count', 'BIGINT', 'transfers of the token it sent or received in the block'),
    bucket,
  ],
};

// Issue 32, token transfer lists from key files (no statement): /api/token_trc20/transfers lists TRC20 and TRC721
// rows only, so an address's or a token's page is a contiguous span only in a copy holding those rows alone (a span of
// address_token_transfers, every standard, would be filtered row by row); /api/transfer lists TRX and TRC10 transfers,
// a fraction of an address's transactions.
const trc20Sort = ['timestamp', 'block_number', 'tx_index', 'log_index', 'batch_index'];

export const addressTrc20Transfers: DerivedDataset = {
  name: 'address_trc20_transfers',
  kind: 'derived',
  // Keys-only: its key files answer relatedAddress pages with no other filter; SQL reads address_token_transfers (the
  // same rows with every standard), so a Parquet copy of these would be read by nothing.
  growth: { rule: 'runs', rangeRows: RANGE_ROWS, sameAsAddress: ['from_address', 'to_address'], keyFile: BY_ADDRESS_KEYS, keysOnly: true },
  partitioned: false,
  rowGroupSize: 4_096,
  bucketBy: 'address',
  sortBy: ['address', ...trc20Sort],
  doc: 'The TRC20 and TRC721 rows of token_transfers filed under from_address and to_address (once per side), clustered by address: /api/token_trc20/transfers?relatedAddress= from its key files.',
  columns: [...side, ...tokenTransfers.columns, bucket],
};

/** A keys-only copy of token_transfers rows sorted by token contract, then time: a token's rows are one key-file span. */
const byContract = (name: string, doc: string): DerivedDataset => ({
  name,
  kind: 'derived',
  growth: { rule: 'runs', keyFile: { key: 'contract_address', keyKind: 'text', time: 'timestamp' }, keysOnly: true },
  partitioned: false,
  rowGroupSize: 16_384,
  sortBy: ['contract_address', ...trc20Sort],
  doc,
  columns: [...tokenTransfers.columns],
});

export const contractTrc20Transfers = byContract(
  'contract_trc20_transfers',
  'The TRC20 and TRC721 rows of token_transfers sorted by token contract, then time: /api/token_trc20/transfers?contract_address= (and a time window) from its key files.',
);

/**
 * The TRC1155 rows by token contract: /api/token_trc1155/transfers?contract_address= read two statements over the day
 * files (a windowed search and a count, 12-19 ms p50 on the default lake, over issue 32's 10 ms). A copy of its own,
 * not TRC1155 rows added to contract_trc20_transfers: a span there must hold what /api/token_trc20/transfers lists.
 */
export const contractTrc1155Transfers = byContract(
  'contract_trc1155_transfers',
  'The TRC1155 rows of token_transfers sorted by token contract, then time: /api/token_trc1155/transfers?contract_address= (and a time window) from its key files.',
);

export const addressTrxTransfers: DerivedDataset = {
  name: 'address_trx_transfers',
  kind: 'derived',
  growth: { rule: 'runs', rangeRows: RANGE_ROWS, sameAsAddress: ['owner_address', 'to_address'], keyFile: BY_ADDRESS_KEYS, keysOnly: true },
  partitioned: false,
  rowGroupSize: 4_096,
  bucketBy: 'address',
  sortBy: ['address', 'timestamp', 'block_number', 'tx_index'],
  doc: "TRX and TRC10 transfers (TransferContract, TransferAssetContract) filed under owner_address and to_address (once per side), the columns /api/transfer shows, clustered by address: /api/transfer?address= from its key files.",
  columns: [
    ...side,
    ...transactions.columns.filter((x) => ['block_number', 'timestamp', 'tx_hash', 'tx_index', 'contract_type', 'contract_ret', 'owner_address', 'to_address', 'amount', 'token_id', 'memo'].includes(x.name)),
    bucket,
  ],
};

export const trxTransfersByBlock: DerivedDataset = {
  name: 'trx_transfers_by_block',
  kind: 'derived',
  growth: { rule: 'runs', keyFile: BY_BLOCK_KEYS, keysOnly: true },
  partitioned: false,
  rowGroupSize: 16_384,
  sortBy: ['block_number', 'tx_index'],
  doc: "TRX and TRC10 transfers (TransferContract, TransferAssetContract), the columns /api/transfer shows, in block order: its pages with no filter, their windows and a block's transfers from its key files (issue 32: a filtered span of every transaction is no page).",
  columns: transactions.columns.filter((x) => ['block_number', 'timestamp', 'tx_hash', 'tx_index', 'contract_type', 'contract_ret', 'owner_address', 'to_address', 'amount', 'token_id', 'memo'].includes(x.name)),
};

// Issue 32: /api/internal-transaction?contract= counted the contract's calls over every day of the lake (~170 ms on
// the default lake) because an internal transaction does not name the contract its top-level transaction called.
export const contractInternalTransactions: DerivedDataset = {
  name: 'contract_internal_transactions',
  kind: 'derived',
  growth: { rule: 'runs', keyFile: { key: 'contract_address', keyKind: 'text', time: 'timestamp' }, keysOnly: true },
  partitioned: false,
  rowGroupSize: 16_384,
  sortBy: ['contract_address', 'timestamp', 'block_number', 'tx_hash', 'internal_index'],
  doc: "internal_transactions filed under the contract their top-level transaction called or created, with that transaction's result, sorted by contract then the list's order: /api/internal-transaction?contract= (and a time window) from its key files.",
  columns: [
    c('contract_address', 'VARCHAR', 'the contract the top-level transaction called or created (its contract_address), Base58'),
    ...internalTransactions.columns,
    c('contract_ret', 'VARCHAR', 'result of the top-level transaction'),
  ],
};

/** The family's datasets (sql/derive/copies/<name>.sql); their derive order is computed from what each reads. */
export const copies: Family = { name: 'copies', datasets: [txByHash, blocksByNumber, transactionsByBlock, internalTransactionsByBlock, tokenTransfersByBlock, addressTransactions, addressTokenTransfers, addressInternalTransactions, addressRowCounts, trc721Transfers, addressBlockActivity, addressBlockTokens,
  // Issue 32, token transfer lists from key files.
  addressTrc20Transfers, contractTrc20Transfers, addressTrxTransfers, trxTransfersByBlock,
  // Issue 32, a contract's internal transactions from key files.
  contractInternalTransactions,
  // A TRC1155 contract's transfers from key files.
  contractTrc1155Transfers,
  // The triggers batch's logs from key files.
  logsByBlock] };
