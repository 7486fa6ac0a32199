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
  /** Reference datasets: a regular expression every non-NULL value must match (checked by the loader). */
  pattern?: string;
}

/**
 * raw: facts written by the generator or the ingester, Hive-partitioned by UTC day (`date=YYYY-MM-DD`).
 * dimension: small reference tables, one file, loaded into memory by the engine.
 * derived: rebuilt from raw by `sql/derive/<name>.sql` at publish time.
 * snapshot: node state as of a block (`as_of_block`), keyed by `key`; one file per version (`snap/<name>.parquet`),
 *   read through a view (not loaded into memory). A publish whose staged table is empty keeps the previous file; a
 *   staged table replaces it, or with `snapshots: 'upsert'` replaces the previous rows of the same keys.
 * reference: off-chain facts an operator supplies (`tronlake reference load`), validated against the declaration;
 *   one file per version (`ref/<name>.parquet`), loaded into memory; absent until loaded (an empty table then).
 */
export type DatasetKind = 'raw' | 'dimension' | 'derived' | 'snapshot' | 'reference';

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
  /**
   * A per-day derived dataset read from its files by a view instead of loaded into memory like the other rollups
   * when a version opens (views.ts): it grows with accounts × days or hours, not with days × a small dimension
   * (daily_account_roles: 4.8 M rows on the default lake, read a few days at a time by the per-day merges;
   * hourly_address_activity: 3.8 M rows).
   */
  onDisk?: true;
  /** Parquet compression, default zstd (smallest); snappy where write and read speed matter more than size. */
  compression?: 'zstd' | 'snappy';
  /** Snapshot and reference datasets: the columns that identify a row (an upsert replaces rows by them; unique). */
  key?: string[];
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

// ---- Snapshots: node state as of a block (issue 12). Both sources write them: the ingester from the node's state
// APIs at the published solid head, the generator from its opening state plus its flows.

const asOf = c('as_of_block', 'BIGINT', 'the block this state is as of (the published solid head when it was read)');

export const accountSnapshots: Dataset = {
  name: 'account_snapshots',
  kind: 'snapshot',
  partitioned: false,
  key: ['address', 'as_of_block'],
  sortBy: ['address', 'as_of_block'],
  rowGroupSize: 4_096,
  doc: 'Account state per address and as-of block (`/walletsolidity/getaccount`): balance, Stake 1.0 and 2.0 positions, pending unstakes, votes, permissions, TRC10 balances, the unclaimed voting reward (`getReward`). Amounts in sun. An address has one row per snapshot that read it; the newest is its current state.',
  columns: [
    c('address', 'VARCHAR', 'account, Base58'),
    asOf,
    c('balance', 'BIGINT', 'TRX balance, sun'),
    c('create_time', 'BIGINT', 'account creation time, ms (0 when unknown)'),
    c('account_name', 'VARCHAR', "account name ('' when none)"),
    c('is_witness', 'BOOLEAN', 'the account is a witness (SR candidate)'),
    c('latest_withdraw_time', 'BIGINT', 'last reward withdrawal, ms (0 when none)'),
    c('frozen_v1_bandwidth', 'BIGINT', 'Stake 1.0: own frozen balance for bandwidth, sun'),
    c('frozen_v1_bandwidth_expire', 'BIGINT', 'Stake 1.0: unlock time of the bandwidth freeze, ms (0 when none)'),
    c('frozen_v1_energy', 'BIGINT', 'Stake 1.0: own frozen balance for energy, sun'),
    c('frozen_v1_energy_expire', 'BIGINT', 'Stake 1.0: unlock time of the energy freeze, ms (0 when none)'),
    c('delegated_v1_bandwidth', 'BIGINT', 'Stake 1.0: frozen for bandwidth of others, sun'),
    c('delegated_v1_energy', 'BIGINT', 'Stake 1.0: frozen for energy of others, sun'),
    c('acquired_v1_bandwidth', 'BIGINT', 'Stake 1.0: bandwidth stake received from others, sun'),
    c('acquired_v1_energy', 'BIGINT', 'Stake 1.0: energy stake received from others, sun'),
    c('frozen_v2_bandwidth', 'BIGINT', 'Stake 2.0: own stake for bandwidth not delegated, sun'),
    c('frozen_v2_energy', 'BIGINT', 'Stake 2.0: own stake for energy not delegated, sun'),
    c('frozen_v2_tron_power', 'BIGINT', 'Stake 2.0: stake for TRON Power only, sun'),
    c('delegated_v2_bandwidth', 'BIGINT', 'Stake 2.0: stake delegated to others for bandwidth, sun'),
    c('delegated_v2_energy', 'BIGINT', 'Stake 2.0: stake delegated to others for energy, sun'),
    c('acquired_v2_bandwidth', 'BIGINT', 'Stake 2.0: stake received from others for bandwidth, sun'),
    c('acquired_v2_energy', 'BIGINT', 'Stake 2.0: stake received from others for energy, sun'),
    c('unfrozen_v2_json', 'VARCHAR', 'pending Stake 2.0 unstakes: JSON array of {"type": "BANDWIDTH"|"ENERGY"|"TRON_POWER", "amount": sun, "expire": ms}'),
    c('votes_json', 'VARCHAR', 'current votes: JSON array of {"address": Base58 SR, "count": votes}'),
    c('owner_permission_json', 'VARCHAR', 'owner permission as the node prints it (keys Base58), JSON; NULL when the account has the default', true),
    c('active_permissions_json', 'VARCHAR', 'active permissions, JSON array; NULL when the account has the default', true),
    c('witness_permission_json', 'VARCHAR', 'witness permission, JSON; NULL when none', true),
    c('assets_json', 'VARCHAR', 'TRC10 balances: JSON array of {"key": token id, "value": units}; NULL when not read', true),
    c('reward', 'BIGINT', 'voting reward not yet withdrawn (`getReward`), sun'),
    // Resource usage (issue 27): what getaccount answers, already recovered by the node to the snapshot's block. NULL
    // in a lake made before these columns (the snapshot view reads a missing nullable column as NULL).
    c('net_usage', 'BIGINT', 'bandwidth used from stake as of the snapshot block (getaccount `net_usage`), bytes', true),
    c('latest_consume_time', 'BIGINT', 'last time stake bandwidth was consumed, ms (0 when never)', true),
    c('net_window_size', 'BIGINT', 'recovery window of `net_usage` remaining at the snapshot block, ms (getaccount `net_window_size` decoded); NULL: the default 24 h counted from `latest_consume_time`', true),
    c('free_net_usage', 'BIGINT', 'free bandwidth used as of the snapshot block (getaccount `free_net_usage`), bytes; recovers over 24 h from `latest_consume_free_time`', true),
    c('latest_consume_free_time', 'BIGINT', 'last time free bandwidth was consumed, ms (0 when never)', true),
    c('energy_usage', 'BIGINT', 'energy used from stake as of the snapshot block (getaccount `account_resource.energy_usage`)', true),
    c('latest_consume_time_for_energy', 'BIGINT', 'last time energy was consumed, ms (0 when never)', true),
    c('energy_window_size', 'BIGINT', 'recovery window of `energy_usage` remaining at the snapshot block, ms (getaccount `energy_window_size` decoded); NULL: the default 24 h counted from `latest_consume_time_for_energy`', true),
  ],
};

export const resourceDelegations: Dataset = {
  name: 'resource_delegations',
  kind: 'snapshot',
  partitioned: false,
  key: ['from_address', 'to_address', 'version', 'resource', 'as_of_block'],
  sortBy: ['from_address', 'to_address', 'version', 'resource', 'as_of_block'],
  rowGroupSize: 4_096,
  doc: 'Resource delegations per (delegator, receiver, stake version, resource) and as-of block (`getdelegatedresourcev2` / `getdelegatedresource`). A pair that no longer delegates is written with balance 0; the newest row of a pair is its current state.',
  columns: [
    c('from_address', 'VARCHAR', 'delegator, Base58'),
    c('to_address', 'VARCHAR', 'receiver, Base58'),
    c('version', 'INTEGER', '1 Stake 1.0, 2 Stake 2.0'),
    c('resource', 'VARCHAR', 'BANDWIDTH | ENERGY'),
    asOf,
    c('balance', 'BIGINT', 'delegated stake, sun (0 = none any more)'),
    c('lock_balance', 'BIGINT', 'Stake 2.0: the locked part, sun'),
    c('expire_time', 'BIGINT', 'Stake 2.0: lock expiry; Stake 1.0: unfreeze time; ms (0 when none)'),
  ],
};

export const networkSnapshots: Dataset = {
  name: 'network_snapshots',
  kind: 'snapshot',
  partitioned: false,
  key: ['as_of_block'],
  sortBy: ['as_of_block'],
  doc: 'Network resource totals per snapshot (`getaccountresource`): what one staked TRX is worth. One row per snapshot block.',
  columns: [
    asOf,
    c('timestamp', 'BIGINT', 'time of the as-of block, ms'),
    c('total_net_weight', 'BIGINT', 'TotalNetWeight: TRX staked for bandwidth, whole TRX'),
    c('total_net_limit', 'BIGINT', 'TotalNetLimit: bandwidth shared by stakers per day'),
    c('total_energy_weight', 'BIGINT', 'TotalEnergyWeight: TRX staked for energy, whole TRX'),
    c('total_energy_limit', 'BIGINT', 'TotalEnergyLimit: energy shared by stakers per day'),
    c('total_tron_power_weight', 'BIGINT', 'TotalTronPowerWeight: TRX staked for TRON Power only (resource TRON_POWER), whole TRX; the three weights are disjoint'),
  ],
};

export const trc20Snapshots: Dataset = {
  name: 'trc20_snapshots',
  kind: 'snapshot',
  partitioned: false,
  key: ['contract_address', 'holder_address', 'as_of_block'],
  sortBy: ['contract_address', 'holder_address', 'as_of_block'],
  doc: "TRC20 balances as of a block (`balanceOf`). Rows as of a block before the lake's first one are opening balances; an ingested lake adds the tracked tokens' balances at each published solid head (issue 14). The TRC20 ledger starts each position from its newest row (sql/derive/trc20_balances.sql). Holder = the zero address: the token's `totalSupply()` as of that block (no ledger counts the zero address as a holder).",
  columns: [
    c('contract_address', 'VARCHAR', 'token contract, Base58'),
    c('holder_address', 'VARCHAR', 'holder, Base58'),
    asOf,
    c('balance_raw', 'VARCHAR', 'balance in the smallest unit, exact decimal string'),
  ],
};

export const trc1155Snapshots: Dataset = {
  name: 'trc1155_snapshots',
  kind: 'snapshot',
  partitioned: false,
  key: ['contract_address', 'token_id', 'holder_address', 'as_of_block'],
  sortBy: ['contract_address', 'token_id', 'holder_address', 'as_of_block'],
  doc: "TRC1155 quantities as of a block (`balanceOf(address, id)`). Rows as of a block before the lake's first one are opening balances: the TRC1155 ledger starts from them. Written by the generator only (the ingester does not read TRC1155 state).",
  columns: [
    c('contract_address', 'VARCHAR', 'TRC1155 contract, Base58'),
    c('token_id', 'VARCHAR', 'token id, exact decimal string'),
    c('holder_address', 'VARCHAR', 'holder, Base58'),
    asOf,
    c('balance_raw', 'VARCHAR', 'quantity, exact decimal string'),
  ],
};

// ---- Reference datasets: off-chain facts (issue 12; design map R4/R5). Loaded by `tronlake reference load`.

const BASE58_ADDRESS = '^T[1-9A-HJ-NP-Za-km-z]{33}$';

export const addressLabels: Dataset = {
  name: 'address_labels',
  kind: 'reference',
  partitioned: false,
  key: ['address'],
  sortBy: ['address'],
  doc: 'Public labels of addresses (exchanges, foundation, projects, token contracts). Off-chain: an operator file; a small sample ships in datasets/reference/.',
  columns: [
    { ...c('address', 'VARCHAR', 'labelled address, Base58'), pattern: BASE58_ADDRESS },
    c('public_tag', 'VARCHAR', "display label, e.g. 'Binance-Hot'"),
    { ...c('category', 'VARCHAR', 'exchange | foundation | project | token | burn | witness | other'), pattern: '^(exchange|foundation|project|token|burn|witness|other)$' },
    c('entity', 'VARCHAR', "organisation behind the address ('' when unknown)", true),
    c('source', 'VARCHAR', "where the label comes from (a URL or 'synthetic')", true),
  ],
};

export const chainAnchors: Dataset = {
  name: 'chain_anchors',
  kind: 'reference',
  partitioned: false,
  key: ['name'],
  sortBy: ['name'],
  doc: "Whole-chain totals as of a block before or at the lake's first block (design map R6): what cumulative figures start from when the lake does not start at genesis.",
  columns: [
    { ...c('name', 'VARCHAR', 'tx_count | account_count | accounts_with_trx | blockchain_bytes | trc10_count | trc20_count | issued_sun | burned_sun | supply_sun | max_tps'), pattern: '^(tx_count|account_count|accounts_with_trx|blockchain_bytes|trc10_count|trc20_count|issued_sun|burned_sun|supply_sun|max_tps)$' },
    { ...c('value_raw', 'VARCHAR', 'the total, exact decimal integer'), pattern: '^-?[0-9]+$' },
    c('as_of_block', 'BIGINT', 'the block the total is as of'),
    c('source', 'VARCHAR', "where the figure comes from (a URL or 'synthetic')", true),
  ],
};

// Prices (issue 14, design map §2.4): OHLCV candles per asset, quote and source. Exact decimals as text (a price is
// not an integer in a smallest unit, and a DOUBLE would round what the operator's source said).
const DECIMAL_TEXT = '^[0-9]+(\\.[0-9]+)?$';

export const priceCandles: Dataset = {
  name: 'price_candles',
  kind: 'reference',
  partitioned: false,
  key: ['asset', 'quote', 'source', 'time'],
  sortBy: ['asset', 'quote', 'source', 'time'],
  doc: "Daily price candles (open, high, low, close, volume, market cap) of an asset in USD, EUR or ETH, per price source. Off-chain: an operator file; the generator writes synthetic TRX candles matching its token_prices; no sample ships (no source we may redistribute).",
  columns: [
    c('asset', 'VARCHAR', "'_' for TRX, else a TRC10 id or a Base58 token contract"),
    { ...c('quote', 'VARCHAR', 'USD | EUR | ETH: the currency the prices are in'), pattern: '^(USD|EUR|ETH)$' },
    c('source', 'VARCHAR', "price source, e.g. 'coinmarketcap' (/api/trx/volume?source=)"),
    c('time', 'BIGINT', 'UTC midnight of the day the candle covers, ms'),
    { ...c('open', 'VARCHAR', 'first price of the day, exact decimal text'), pattern: DECIMAL_TEXT },
    { ...c('high', 'VARCHAR', 'highest price of the day, exact decimal text'), pattern: DECIMAL_TEXT },
    { ...c('low', 'VARCHAR', 'lowest price of the day, exact decimal text'), pattern: DECIMAL_TEXT },
    { ...c('close', 'VARCHAR', 'last price of the day, exact decimal text'), pattern: DECIMAL_TEXT },
    { ...c('volume', 'VARCHAR', 'traded volume of the day in the quote currency, exact decimal text', true), pattern: DECIMAL_TEXT },
    { ...c('market_cap', 'VARCHAR', 'market capitalisation at the close in the quote currency, exact decimal text', true), pattern: DECIMAL_TEXT },
  ],
};

// Governance and network (issue 13): the node list the node knows (listnodes) and the off-chain geolocation of nodes.
export const networkNodes: Dataset = {
  name: 'network_nodes',
  kind: 'snapshot',
  partitioned: false,
  key: ['host', 'port', 'as_of_block'],
  sortBy: ['as_of_block', 'host', 'port'],
  doc: "Nodes of the network as the node lists them (`/wallet/listnodes`) at a snapshot block; the newest snapshot is the current list.",
  columns: [asOf, c('host', 'VARCHAR', 'IP address (or host name) of the node'), c('port', 'INTEGER', 'its peer port')],
};

export const chainParameters: Dataset = {
  name: 'chain_parameters',
  kind: 'snapshot',
  partitioned: false,
  key: ['key', 'as_of_block'],
  sortBy: ['as_of_block', 'key'],
  doc: "The node's chain parameters (`/wallet/getchainparameters`) at a snapshot block; a zero value the node leaves out is 0 here.",
  columns: [asOf, c('key', 'VARCHAR', 'getter name, e.g. getEnergyFee'), c('value', 'BIGINT', 'value in force at the snapshot block')],
};

export const proposals: Dataset = {
  name: 'proposals',
  kind: 'snapshot',
  partitioned: false,
  key: ['proposal_id', 'as_of_block'],
  sortBy: ['as_of_block', 'proposal_id'],
  doc: "Proposals as the node lists them (`/wallet/listproposals`) at a snapshot block: parameters, times, approvals and the node's state.",
  columns: [
    asOf,
    c('proposal_id', 'BIGINT', 'proposal number'),
    c('proposer_address', 'VARCHAR', 'the witness that created it, Base58'),
    c('parameters_json', 'VARCHAR', 'the changes, JSON [{"key": parameter number, "value": new value}]'),
    c('create_time', 'BIGINT', 'creation time, ms'),
    c('expiration_time', 'BIGINT', 'end of the approval period, ms'),
    c('approvals_json', 'VARCHAR', 'addresses that approved, JSON ["T…"] (Base58)'),
    { ...c('state', 'VARCHAR', 'PENDING | DISAPPROVED | APPROVED | CANCELED'), pattern: '^(PENDING|DISAPPROVED|APPROVED|CANCELED)$' },
  ],
};

// Issue 13, part B: the witnesses as the node lists them, with the lifetime production the lake's window cannot know.
export const witnessSnapshots: Dataset = {
  name: 'witness_snapshots',
  kind: 'snapshot',
  partitioned: false,
  key: ['address', 'as_of_block'],
  sortBy: ['as_of_block', 'address'],
  doc: "Witnesses as the node lists them (`/wallet/listwitnesses`) at a snapshot block: lifetime blocks produced and slots missed, latest block, URL, votes. The newest snapshot plus the lake's blocks after it give the lifetime figures of /api/pagewitness.",
  columns: [
    asOf,
    c('as_of_ts', 'BIGINT', 'time of the as-of block, ms (where the lake\'s production after the snapshot starts)'),
    c('address', 'VARCHAR', 'witness account, Base58'),
    c('url', 'VARCHAR', 'website'),
    c('vote_count', 'BIGINT', 'votes of the last maintenance tally (voteCount)'),
    c('total_produced', 'BIGINT', 'blocks produced since it became a witness, up to the as-of block (totalProduced)'),
    c('total_missed', 'BIGINT', 'own slots missed since it became a witness, up to the as-of block (totalMissed)'),
    c('latest_block_num', 'BIGINT', 'latest block it produced, up to the as-of block (latestBlockNum; 0 when none)'),
  ],
};

export const nodeGeo: Dataset = {
  name: 'node_geo',
  kind: 'reference',
  partitioned: false,
  key: ['ip'],
  sortBy: ['ip'],
  doc: 'Geolocation of node IP addresses (off-chain: an operator file, e.g. from a GeoIP database). Nodes without a row are left out of /api/nodemap, never placed.',
  columns: [
    c('ip', 'VARCHAR', 'IP address as network_nodes lists it'),
    c('country', 'VARCHAR', 'country name'),
    c('province', 'VARCHAR', "region / province ('' when unknown)"),
    c('city', 'VARCHAR', "city ('' when unknown)"),
    c('lat', 'DOUBLE', 'latitude, degrees'),
    c('lng', 'DOUBLE', 'longitude, degrees'),
    c('source', 'VARCHAR', "where the location comes from (a URL or 'synthetic')", true),
  ],
};

/** The snapshot datasets (node state as of a block). */
export const snapshotDatasets: Dataset[] = [accountSnapshots, resourceDelegations, networkSnapshots, trc20Snapshots, trc1155Snapshots, networkNodes, chainParameters, proposals, witnessSnapshots];
/** The reference datasets (off-chain facts loaded by an operator). */
export const referenceDatasets: Dataset[] = [addressLabels, chainAnchors, nodeGeo, priceCandles];

// Network statistics (issue 11): the resource prices fees were burned at, and the totals before the lake's first block.

export const resourcePrices: Dataset = {
  name: 'resource_prices',
  kind: 'dimension',
  partitioned: false,
  sortBy: ['resource', 'from_ts'],
  doc: "Price of a unit of energy and of bandwidth, in sun, from each change on (the node's getenergyprices / getbandwidthprices history; the generator's own schedule). Empty when the source gave none.",
  columns: [
    c('resource', 'VARCHAR', "'energy' (sun per energy unit) | 'bandwidth' (sun per byte) | 'memo' (sun per transaction with a memo; ingested lakes, from getmemofee)"),
    c('from_ts', 'BIGINT', 'time the price takes effect, ms (0 = from genesis)'),
    c('price_sun', 'BIGINT', 'sun per unit burned from then on'),
  ],
};

export const preWindowTotals: Dataset = {
  name: 'pre_window_totals',
  kind: 'dimension',
  partitioned: false,
  sortBy: ['as_of_block'],
  doc: "Chain totals before the lake's first block, where the cumulative series start (at most one row; the generator writes synthetic ones, ingest takes them from --pre-window FILE). Empty: cumulative series count from the lake's first day.",
  columns: [
    c('as_of_block', 'BIGINT', "the last block the totals cover (the lake's first block - 1)"),
    c('tx_count', 'BIGINT', 'transactions in blocks 0..as_of_block'),
    c('blockchain_size_bytes', 'BIGINT', 'serialized size of blocks 0..as_of_block, bytes'),
    c('source', 'VARCHAR', "where the figures come from ('generator', or the file given to ingest)"),
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
  ...snapshotDatasets,
  ...referenceDatasets,
  resourcePrices,
  preWindowTotals,
];

/** `CREATE TABLE` column list for a dataset, e.g. `block_number BIGINT NOT NULL, …`. */
export function columnDDL(d: Dataset): string {
  return d.columns.map((col) => `${col.name} ${col.type}${col.nullable ? '' : ' NOT NULL'}`).join(', ');
}
