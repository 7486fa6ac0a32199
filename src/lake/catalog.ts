/**
 * The dataset catalog: every table of the lake declared once (columns, DuckDB types, nullability, meaning).
 * The generator, the ingester, the engine's views, the derive step and docs/datasets.md all read this file.
 *
 * Conventions (ARCHITECTURE §3): same fact, same name and type everywhere. `timestamp` is the block time in ms
 * (BIGINT). Addresses are Base58 strings (T…). Amounts that fit int64 (sun, TRC10 units, energy) are BIGINT;
 * token amounts that can exceed int64 (uint256) are `amount_raw` exact decimal strings beside an `amount` DOUBLE
 * used only for sorting and thresholds.
 */

/**
 * DECIMAL(38,0): exact sums of amounts in rollups, which can pass int64 (docs/compat.md "Numbers"). Not HUGEINT:
 * DuckDB writes a HUGEINT column to Parquet as DOUBLE.
 */
export type DuckType = 'BIGINT' | 'INTEGER' | 'SMALLINT' | 'VARCHAR' | 'BOOLEAN' | 'DOUBLE' | 'DECIMAL(38,0)';

export interface Column {
  name: string;
  type: DuckType;
  /** true when the column may hold NULL. */
  nullable?: boolean;
  doc: string;
  /**
   * A measure of an additive per-day rollup (growth.ts): how two partial rows of the same key combine when a publish
   * adds new rows to a day (`sum`, `min`, `max`); the columns without it are the key.
   */
  measure?: 'sum' | 'min' | 'max';
}

/**
 * raw: facts written by the generator or the ingester, Hive-partitioned by UTC day (`date=YYYY-MM-DD`).
 * dimension: small reference tables, one file, loaded into memory by the engine.
 * derived: rebuilt from raw by `sql/derive/<name>.sql` at publish time.
 */
export type DatasetKind = 'raw' | 'dimension' | 'derived';

export interface Dataset {
  name: string;
  kind: DatasetKind;
  doc: string;
  /** Row order inside each file (measured: time order for facts, address order for by-address copies). */
  sortBy: string[];
  /** Derived datasets partitioned by day carry `date` too; by-address copies are one sorted file set. */
  partitioned: boolean;
  /** Parquet row-group size when it differs from the default (small groups for lookup-by-key copies). */
  rowGroupSize?: number;
  /**
   * Derived copies looked up by one key: Hive-partitioned into `bucket=K` folders by `address_bucket(<column>)`
   * (src/lake/views.ts), so a lookup that also says `bucket = address_bucket($key)` opens one folder's files.
   */
  bucketBy?: string;
  /** Parquet compression, default zstd (smallest); snappy where write and read speed matter more than size. */
  compression?: 'zstd' | 'snappy';
  columns: Column[];
}

const c = (name: string, type: DuckType, doc: string, nullable = false): Column => ({ name, type, doc, nullable });

const blockRef: Column[] = [
  c('block_number', 'BIGINT', 'block height'),
  c('timestamp', 'BIGINT', 'block time, ms since epoch (UTC)'),
  c('tx_hash', 'VARCHAR', 'transaction id, 64 lowercase hex'),
];

export const blocks: Dataset = {
  name: 'blocks',
  kind: 'raw',
  partitioned: true,
  sortBy: ['block_number'],
  doc: 'One row per block.',
  columns: [
    c('block_number', 'BIGINT', 'block height'),
    c('block_hash', 'VARCHAR', 'blockID, 64 lowercase hex (first 16 hex = height)'),
    c('parent_hash', 'VARCHAR', 'blockID of the parent block'),
    c('timestamp', 'BIGINT', 'block time, ms since epoch (UTC)'),
    c('witness_address', 'VARCHAR', 'producer (Super Representative), Base58'),
    c('tx_trie_root', 'VARCHAR', 'Merkle root of the transactions, 64 hex'),
    c('version', 'INTEGER', 'block version (fork number)'),
    c('size_bytes', 'INTEGER', 'serialized block size in bytes'),
    c('tx_count', 'INTEGER', 'number of transactions in the block (= rows in transactions)'),
    c('net_usage', 'BIGINT', 'sum of bandwidth used by the block transactions (net_usage + net_fee/1000)'),
    c('energy_usage', 'BIGINT', 'sum of energy_usage_total of the block transactions'),
    c('fee', 'BIGINT', 'sum of fee of the block transactions, sun'),
  ],
};

export const transactions: Dataset = {
  name: 'transactions',
  kind: 'raw',
  partitioned: true,
  sortBy: ['block_number', 'tx_index'],
  doc: 'One row per transaction, with its execution receipt flattened in.',
  columns: [
    ...blockRef,
    c('tx_index', 'INTEGER', 'position inside the block, from 0'),
    c('contract_type', 'INTEGER', 'protocol contract type enum (1 TransferContract, 2 TransferAssetContract, 31 TriggerSmartContract, …)'),
    c('owner_address', 'VARCHAR', 'sender / signer of the contract, Base58'),
    c('to_address', 'VARCHAR', 'receiver: to_address, receiver_address, the called contract, or the first voted SR', true),
    c('amount', 'BIGINT', 'value moved: sun for TRX (amount, call_value, frozen/unfrozen/delegated balance), raw units for TRC10; 0 when none'),
    c('token_id', 'VARCHAR', 'TRC10 token id for TRC10 transfers/participations and TRC10 call values', true),
    c('contract_address', 'VARCHAR', 'called or created smart contract, Base58', true),
    c('method_id', 'VARCHAR', '4-byte selector of the call data, 8 hex (TriggerSmartContract)', true),
    c('call_data', 'VARCHAR', 'call data hex without 0x (TriggerSmartContract)', true),
    c('resource', 'VARCHAR', 'BANDWIDTH / ENERGY / TRON_POWER for stake and delegation contracts', true),
    c('parameter_json', 'VARCHAR', 'the remaining contract parameters as JSON with Base58 addresses (votes, permissions, …)', true),
    c('memo', 'VARCHAR', 'UTF-8 text of raw_data.data (empty string when none)'),
    c('fee_limit', 'BIGINT', 'fee limit in sun (contract calls and deploys), 0 when none'),
    c('expiration', 'BIGINT', 'raw_data.expiration, ms'),
    c('contract_ret', 'VARCHAR', 'execution result: SUCCESS, REVERT, OUT_OF_ENERGY, …'),
    c('fee', 'BIGINT', 'total sun burned: energy_fee + net_fee + memo / multisig / account-creation fees'),
    c('net_usage', 'BIGINT', 'bandwidth from stake or free allowance'),
    c('net_fee', 'BIGINT', 'sun burned for bandwidth'),
    c('energy_usage', 'BIGINT', "energy from the caller's stake"),
    c('energy_fee', 'BIGINT', 'sun burned for energy'),
    c('origin_energy_usage', 'BIGINT', "energy paid by the contract deployer"),
    c('energy_usage_total', 'BIGINT', 'all energy used, penalty included'),
    c('energy_penalty_total', 'BIGINT', 'dynamic-energy surcharge (included in energy_usage_total)'),
    c('size_bytes', 'INTEGER', 'serialized transaction size in bytes (what bandwidth charges)'),
    c('res_message', 'VARCHAR', 'failure text of a failed VM call', true),
    c('withdraw_amount', 'BIGINT', 'rewards withdrawn (WithdrawBalance) or expired unfreeze withdrawn, sun', true),
    c('unfreeze_amount', 'BIGINT', 'amount unfrozen by a Stake 1.0 unfreeze, sun', true),
    c('log_count', 'INTEGER', 'number of event logs the transaction emitted'),
    c('internal_count', 'INTEGER', 'number of internal transactions the transaction produced'),
  ],
};

export const tokenTransfers: Dataset = {
  name: 'token_transfers',
  kind: 'raw',
  partitioned: true,
  // Chain order: a block's transactions in their order, a transaction's logs in theirs.
  sortBy: ['block_number', 'tx_index', 'log_index', 'batch_index'],
  doc: 'One row per TRC20 / TRC721 Transfer log and per TRC1155 TransferSingle / TransferBatch item, of successful transactions only (failed calls emit no trustworthy logs).',
  columns: [
    ...blockRef,
    c('tx_index', 'INTEGER', "the transaction's position inside its block, from 0 (= transactions.tx_index)"),
    c('log_index', 'INTEGER', 'position of the log inside the transaction, from 0'),
    c('batch_index', 'INTEGER', 'position inside a TransferBatch (0 otherwise)'),
    c('token_standard', 'VARCHAR', 'trc20 | trc721 | trc1155'),
    c('event_type', 'VARCHAR', 'Transfer | TransferSingle | TransferBatch'),
    c('contract_address', 'VARCHAR', 'token contract, Base58'),
    c('from_address', 'VARCHAR', 'sender (the zero address T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb for mints)'),
    c('to_address', 'VARCHAR', 'receiver (the zero address for burns)'),
    c('operator_address', 'VARCHAR', 'TRC1155 operator', true),
    c('token_id', 'VARCHAR', 'TRC721 / TRC1155 token id, exact decimal string', true),
    c('amount_raw', 'VARCHAR', 'amount in the smallest unit, exact decimal string (1 for TRC721)'),
    c('amount', 'DOUBLE', 'amount_raw as DOUBLE, for sorting and thresholds only'),
  ],
};

export const tokenApprovals: Dataset = {
  name: 'token_approvals',
  kind: 'raw',
  partitioned: true,
  sortBy: ['block_number', 'tx_index', 'log_index'],
  doc: 'One row per Approval / ApprovalForAll log, of successful transactions only.',
  columns: [
    ...blockRef,
    c('tx_index', 'INTEGER', "the transaction's position inside its block, from 0 (= transactions.tx_index)"),
    c('log_index', 'INTEGER', 'position of the log inside the transaction'),
    c('token_standard', 'VARCHAR', 'trc20 | trc721 | trc1155'),
    c('event_type', 'VARCHAR', 'Approval | ApprovalForAll'),
    c('contract_address', 'VARCHAR', 'token contract, Base58'),
    c('owner_address', 'VARCHAR', 'approver, Base58'),
    c('spender_address', 'VARCHAR', 'approved spender or operator, Base58'),
    c('token_id', 'VARCHAR', 'TRC721 token id of a single-token approval', true),
    c('amount_raw', 'VARCHAR', 'approved amount, exact decimal string (2^256-1 = unlimited; 1/0 for ApprovalForAll)'),
    c('amount', 'DOUBLE', 'amount_raw as DOUBLE'),
  ],
};

export const internalTransactions: Dataset = {
  name: 'internal_transactions',
  kind: 'raw',
  partitioned: true,
  sortBy: ['block_number', 'tx_hash', 'internal_index'],
  doc: 'One row per internal transaction (TVM sub-call) of a transaction.',
  columns: [
    ...blockRef,
    c('internal_index', 'INTEGER', 'position inside the transaction, from 0'),
    c('internal_hash', 'VARCHAR', 'internal transaction id, 64 hex'),
    c('caller_address', 'VARCHAR', 'calling contract, Base58'),
    c('to_address', 'VARCHAR', 'called / credited address, Base58'),
    c('token_id', 'VARCHAR', "'_' for TRX, otherwise the TRC10 id moved"),
    c('call_value', 'BIGINT', 'value moved: sun for TRX, raw units for TRC10; 0 for a plain call'),
    c('note', 'VARCHAR', 'call | create | suicide | …'),
    c('rejected', 'BOOLEAN', 'true when the sub-call reverted'),
  ],
};

export const logs: Dataset = {
  name: 'logs',
  kind: 'raw',
  partitioned: true,
  sortBy: ['block_number', 'tx_hash', 'log_index'],
  doc: 'One row per contract event log, as emitted (topics and data hex).',
  columns: [
    ...blockRef,
    c('log_index', 'INTEGER', 'position of the log inside the transaction'),
    c('contract_address', 'VARCHAR', 'emitting contract, Base58'),
    c('topic0', 'VARCHAR', 'event signature hash, 64 hex', true),
    c('topic1', 'VARCHAR', 'first indexed argument, 64 hex', true),
    c('topic2', 'VARCHAR', 'second indexed argument, 64 hex', true),
    c('topic3', 'VARCHAR', 'third indexed argument, 64 hex', true),
    c('data', 'VARCHAR', 'non-indexed data, hex (empty string when none)'),
  ],
};

export const witnesses: Dataset = {
  name: 'witnesses',
  kind: 'dimension',
  partitioned: false,
  sortBy: ['rank'],
  doc: 'Super Representatives, partners and candidates at the head block.',
  columns: [
    c('address', 'VARCHAR', 'witness account, Base58'),
    c('name', 'VARCHAR', 'display name'),
    c('url', 'VARCHAR', 'website'),
    c('rank', 'INTEGER', 'vote rank, from 1'),
    c('witness_type', 'INTEGER', '1 Super Representative (rank 1-27), 2 Partner (28-127), 3 Candidate'),
    c('votes', 'BIGINT', 'votes received'),
    c('brokerage', 'INTEGER', 'commission kept by the SR, percent'),
    c('created_ts', 'BIGINT', 'application time, ms'),
  ],
};

export const tokens: Dataset = {
  name: 'tokens',
  kind: 'dimension',
  partitioned: false,
  sortBy: ['token_standard', 'token_id'],
  doc: 'Token metadata for TRC10, TRC20, TRC721 and TRC1155 (what tokenInfo objects show).',
  columns: [
    c('token_id', 'VARCHAR', 'TRC10 numeric id, or the Base58 contract address'),
    c('token_standard', 'VARCHAR', 'trc10 | trc20 | trc721 | trc1155'),
    c('name', 'VARCHAR', 'token name ("unknown" when the contract does not say)'),
    c('symbol', 'VARCHAR', 'abbreviation'),
    c('decimals', 'INTEGER', 'decimal places'),
    c('issuer_address', 'VARCHAR', 'issuer / deployer, Base58'),
    c('logo_url', 'VARCHAR', 'logo URL (empty string when none)'),
    c('level', 'INTEGER', '0 UNKNOWN, 1 NEUTRAL, 2 OK, 3 SUSPICIOUS, 4 UNSAFE'),
    c('vip', 'BOOLEAN', 'VIP token'),
    c('can_show', 'INTEGER', '1 displayable, 0 hidden'),
    c('total_supply_raw', 'VARCHAR', 'issued supply in the smallest unit, exact decimal string'),
    c('created_ts', 'BIGINT', 'issue / deploy time, ms'),
    // Listing metadata (what TronScan's token pages show beside the chain facts). Nullable: the chain does not hold
    // them, so the ingester leaves them NULL (= unknown) and the endpoints print their "empty" values.
    c('project_name', 'VARCHAR', 'associated project name', true),
    c('project_id', 'INTEGER', 'project numeric id', true),
    c('home_page', 'VARCHAR', 'project website URL', true),
    c('description', 'VARCHAR', 'token description', true),
    c('aggregators', 'VARCHAR', 'JSON array of the aggregator platforms listing the token, e.g. ["CoinGecko"]', true),
    c('list_status', 'VARCHAR', "'whitelist' | 'blacklist' | 'none' (showAll filters of /api/token_trc20 and /api/token)", true),
  ],
};

export const tokenPrices: Dataset = {
  name: 'token_prices',
  kind: 'dimension',
  partitioned: false,
  sortBy: ['token_id', 'day_ts'],
  doc: "Daily price of each priced token in USD and TRX (token_id '_' = TRX, priced in USD; price_trx = 1).",
  columns: [
    c('token_id', 'VARCHAR', "TRC10 id or Base58 contract; '_' for TRX"),
    c('day', 'VARCHAR', 'UTC day, yyyy-MM-dd'),
    c('day_ts', 'BIGINT', 'UTC midnight of the day, ms'),
    c('price_usd', 'DOUBLE', 'closing price, USD per whole token'),
    c('price_trx', 'DOUBLE', 'closing price, TRX per whole token'),
    c('volume_usd', 'DOUBLE', 'traded volume of the day, USD'),
  ],
};

export const contracts: Dataset = {
  name: 'contracts',
  kind: 'dimension',
  partitioned: false,
  sortBy: ['address'],
  doc: 'Smart contracts known to the lake (deployed or seen in calls/logs).',
  columns: [
    c('address', 'VARCHAR', 'contract address, Base58'),
    c('name', 'VARCHAR', 'contract name (empty string when unknown)'),
    c('creator_address', 'VARCHAR', 'deployer, Base58', true),
    c('created_ts', 'BIGINT', 'deploy time, ms (0 when unknown)'),
    c('is_token', 'BOOLEAN', 'the contract is a TRC20/721/1155 token'),
    c('tag', 'VARCHAR', 'public label (empty string when none)'),
  ],
};

/** Raw and dimension datasets: what the generator and the ingester must write. */
export const sourceDatasets: Dataset[] = [
  blocks,
  transactions,
  tokenTransfers,
  tokenApprovals,
  internalTransactions,
  logs,
  witnesses,
  tokens,
  contracts,
  tokenPrices,
];

/** `CREATE TABLE` column list for a dataset, e.g. `block_number BIGINT NOT NULL, …`. */
export function columnDDL(d: Dataset): string {
  return d.columns.map((col) => `${col.name} ${col.type}${col.nullable ? '' : ' NOT NULL'}`).join(', ');
}
