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
const m = (name: string, type: DuckType, doc: string, measure: 'sum' | 'min' | 'max' = 'sum', nullable = false): Column => ({ ...c(name, type, doc, nullable), measure });

const side: Column[] = [
  c('address', 'VARCHAR', 'the address this row is filed under, Base58'),
  c('direction', 'VARCHAR', "'out' when address sent, 'in' when it received, 'self' when it did both"),
];
/**
 * Rows of an address-range file of a bucketed run (growth.ts `rangeRows`, src/lake/address-ranges.ts): 64 row groups
 * of 4,096 rows. A page reads the one range file of each run holding its address, so its cost is bounded by this, not
 * by the bucket (bench/results/address-ranges.md has the figures it was chosen from).
 */
const RANGE_ROWS = 262_144;

/** The Hive partition column of the bucketed copies (a folder name, not stored in the files). */
const bucket = c('bucket', 'INTEGER', 'address_bucket(address): 0-31, the `bucket=K` folder');
const holderBucket = c('bucket', 'INTEGER', 'address_bucket(holder_address): 0-31, the `bucket=K` folder');

export const addressTransactions: DerivedDataset = {
  name: 'address_transactions',
  kind: 'derived',
  growth: { rule: 'runs', rangeRows: RANGE_ROWS, sameAsAddress: ['owner_address', 'to_address'] },
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
  growth: { rule: 'runs', rangeRows: RANGE_ROWS },
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

export const dailyContractCallStats: DerivedDataset = {
  name: 'daily_contract_call_stats',
  kind: 'derived',
  growth: { rule: 'per-day', merge: true },
  partitioned: true,
  sortBy: ['day', 'contract_address'],
  doc: 'Per UTC day and called contract: TriggerSmartContract calls, callers, energy and fees.',
  columns: [
    c('day', 'VARCHAR', 'UTC day, yyyy-MM-dd'),
    c('day_ts', 'BIGINT', 'UTC midnight of the day, ms'),
    c('contract_address', 'VARCHAR', 'called contract, Base58'),
    m('call_count', 'BIGINT', 'calls'),
    c('caller_count', 'BIGINT', 'distinct calling addresses that day (not additive across days)'),
    m('call_value', 'DECIMAL(38,0)', 'sum of call_value, exact, sun'),
    m('energy_usage_total', 'BIGINT', 'sum of energy_usage_total'),
    m('fee', 'BIGINT', 'sum of fee, sun'),
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
  // One holder's lookup plans every row group of the file it reads: in address buckets with 8,192-row groups, as
  // account_details (3.5 M positions on the 10.5 M-transaction lake were one file of ~210 groups).
  rowGroupSize: 8_192,
  bucketBy: 'holder_address',
  sortBy: ['holder_address', 'contract_address'],
  doc: 'The positive rows of trc20_balances (same ranks) clustered by holder, in address buckets: the TRC20 tokens of one address.',
  columns: [...trc20BalanceColumns(), holderBucket],
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
    c('supply_raw', 'VARCHAR', 'TRC10: issued supply; TRC20: the sum of its ledger (opening balances + minted - burned); TRC721/1155: minted minus burned; exact'),
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

// ---- Account state (issue 12): typed system-contract events from transactions (design map R1), and the current
// stakes, delegations and votes from the newest snapshot rows (R3).

const eventRef: Column[] = [
  c('block_number', 'BIGINT', 'block height'),
  c('timestamp', 'BIGINT', 'block time, ms'),
  c('tx_hash', 'VARCHAR', 'transaction id'),
  c('tx_index', 'INTEGER', 'position inside the block'),
];

export const stakeEvents: DerivedDataset = {
  name: 'stake_events',
  kind: 'derived',
  growth: { rule: 'runs' },
  partitioned: false,
  rowGroupSize: 4_096,
  sortBy: ['owner_address', 'block_number', 'tx_index'],
  doc: 'Successful stake, unstake, withdrawal and delegation transactions (types 11, 12, 13, 54-59), typed; by owner.',
  columns: [
    ...eventRef,
    c('contract_type', 'INTEGER', 'protocol contract type'),
    c('operation', 'VARCHAR', 'freeze_v1 | unfreeze_v1 | withdraw_reward | freeze_v2 | unfreeze_v2 | withdraw_expire | delegate | undelegate | cancel_all_unfreeze'),
    c('owner_address', 'VARCHAR', 'signer, Base58'),
    c('receiver_address', 'VARCHAR', 'delegation receiver (57/58, Stake 1.0 receiver), Base58', true),
    c('resource', 'VARCHAR', 'BANDWIDTH | ENERGY | TRON_POWER', true),
    c('amount', 'BIGINT', 'staked, unstaked, delegated or withdrawn sun'),
    c('lock', 'BOOLEAN', 'a locked delegation'),
    c('lock_period', 'BIGINT', 'lock period of a locked delegation, blocks (0 when none)'),
    c('withdraw_amount', 'BIGINT', 'sun withdrawn with it (matured unstakes, rewards)', true),
    c('cancel_json', 'VARCHAR', 'CancelAllUnfreezeV2: re-staked sun per resource, JSON', true),
  ],
};

export const voteEvents: DerivedDataset = {
  name: 'vote_events',
  kind: 'derived',
  growth: { rule: 'runs' },
  partitioned: false,
  rowGroupSize: 4_096,
  sortBy: ['voter_address', 'block_number', 'tx_index', 'vote_index'],
  doc: 'One row per (VoteWitness transaction, candidate): the vote set that replaced the voter\'s previous one.',
  columns: [
    ...eventRef,
    c('voter_address', 'VARCHAR', 'voter, Base58'),
    c('candidate_address', 'VARCHAR', 'voted witness, Base58'),
    c('votes', 'BIGINT', 'votes for this candidate (whole TRON Power)'),
    c('vote_index', 'INTEGER', 'position in the vote set, from 0'),
    c('set_total', 'BIGINT', 'votes of the whole set'),
  ],
};

export const permissionUpdates: DerivedDataset = {
  name: 'permission_updates',
  kind: 'derived',
  growth: { rule: 'runs' },
  partitioned: false,
  sortBy: ['owner_address', 'block_number', 'tx_index'],
  doc: 'Successful AccountPermissionUpdate transactions (type 46): the permissions they set (keys Base58).',
  columns: [
    ...eventRef,
    c('owner_address', 'VARCHAR', 'account, Base58'),
    c('owner_permission_json', 'VARCHAR', 'owner permission, JSON', true),
    c('witness_permission_json', 'VARCHAR', 'witness permission, JSON', true),
    c('active_permissions_json', 'VARCHAR', 'active permissions, JSON array', true),
  ],
};

const SNAPSHOT_BOUND = 'accounts in account_snapshots (the newest row of each)';

export const stakePositions: DerivedDataset = {
  name: 'stake_positions',
  kind: 'derived',
  growth: { rule: 'bounded', boundedBy: SNAPSHOT_BOUND },
  partitioned: false,
  rowGroupSize: 4_096,
  sortBy: ['address'],
  doc: "Current stakes per account from its newest snapshot: Stake 1.0 and 2.0 per resource, delegated and received, pending and withdrawable unstakes (as of the head's time), TRON Power and votes used.",
  columns: [
    c('address', 'VARCHAR', 'account, Base58'),
    c('as_of_block', 'BIGINT', 'the snapshot block'),
    c('frozen_v1_bandwidth', 'BIGINT', 'Stake 1.0 own bandwidth stake, sun'),
    c('frozen_v1_bandwidth_expire', 'BIGINT', 'its unlock time, ms'),
    c('frozen_v1_energy', 'BIGINT', 'Stake 1.0 own energy stake, sun'),
    c('frozen_v1_energy_expire', 'BIGINT', 'its unlock time, ms'),
    c('frozen_v2_bandwidth', 'BIGINT', 'Stake 2.0 own bandwidth stake not delegated, sun'),
    c('frozen_v2_energy', 'BIGINT', 'Stake 2.0 own energy stake not delegated, sun'),
    c('frozen_v2_tron_power', 'BIGINT', 'Stake 2.0 TRON Power stake, sun'),
    c('delegated_v2_bandwidth', 'BIGINT', 'delegated to others for bandwidth, sun'),
    c('delegated_v2_energy', 'BIGINT', 'delegated to others for energy, sun'),
    c('acquired_v2_bandwidth', 'BIGINT', 'received from others for bandwidth, sun'),
    c('acquired_v2_energy', 'BIGINT', 'received from others for energy, sun'),
    c('pending_unstake', 'BIGINT', 'unstaked sun not yet matured at the head time'),
    c('withdrawable', 'BIGINT', 'unstaked sun matured and not withdrawn at the head time'),
    c('tron_power', 'BIGINT', 'TRON Power, sun (own stakes of every resource and version, delegated included)'),
    c('votes_used', 'BIGINT', 'votes cast (whole TRON Power)'),
  ],
};

export const delegationsByAddress: DerivedDataset = {
  name: 'delegations_by_address',
  kind: 'derived',
  growth: { rule: 'bounded', boundedBy: 'delegation pairs in resource_delegations (the newest row of each)' },
  partitioned: false,
  rowGroupSize: 4_096,
  sortBy: ['address', 'side', 'counterparty_address', 'version', 'resource'],
  doc: 'Current delegations with a balance, filed under both parties: given by the address or received by it.',
  columns: [
    c('address', 'VARCHAR', 'the address this row is filed under, Base58'),
    c('side', 'VARCHAR', "'given' (address delegates) | 'received' (address receives)"),
    c('counterparty_address', 'VARCHAR', 'the other party, Base58'),
    c('owner_address', 'VARCHAR', 'delegator, Base58'),
    c('receiver_address', 'VARCHAR', 'receiver, Base58'),
    c('version', 'INTEGER', '1 Stake 1.0, 2 Stake 2.0'),
    c('resource', 'VARCHAR', 'BANDWIDTH | ENERGY'),
    c('balance', 'BIGINT', 'delegated sun'),
    c('lock_balance', 'BIGINT', 'locked part, sun (0 once the lock expired at the head time)'),
    c('expire_time', 'BIGINT', 'lock expiry (Stake 1.0: unfreeze time), ms'),
    c('as_of_block', 'BIGINT', 'the snapshot block'),
    c('operation_ts', 'BIGINT', 'time of the last (un)delegation of the pair in the lake, ms', true),
  ],
};

export const accountResources: DerivedDataset = {
  name: 'account_resources',
  kind: 'derived',
  growth: { rule: 'bounded', boundedBy: 'accounts in account_snapshots and pairs in resource_delegations (the rows of stake_positions and delegations_by_address)' },
  partitioned: false,
  rowGroupSize: 8_192,
  bucketBy: 'address',
  sortBy: ['address', 'version', 'type', 'resource', 'receiver_address', 'owner_address'],
  doc: "Every row /api/account/resource (version 1) and /api/account/resourcev2 (version 2) answer, filed under the account asked about, its resource value at the newest network snapshot computed once per publish: one file read per request (bench/results/account-state.md).",
  columns: [
    c('address', 'VARCHAR', 'the account the row is filed under, Base58'),
    c('version', 'INTEGER', '1 Stake 1.0, 2 Stake 2.0'),
    c('type', 'INTEGER', "the endpoint's type: Stake 1.0 1 own, 2 delegated, 3 received; Stake 2.0 0 own, 1 received, 2 delegated, 3 pending unstake, 4 withdrawable"),
    c('owner_address', 'VARCHAR', 'staker or delegator, Base58'),
    c('receiver_address', 'VARCHAR', 'receiver (the owner for own stakes and unstakes), Base58'),
    c('resource', 'VARCHAR', 'BANDWIDTH | ENERGY | TRON_POWER'),
    c('balance', 'BIGINT', 'staked, delegated or unstaked sun'),
    c('lock_balance', 'BIGINT', 'locked part of a Stake 2.0 delegation at the head time, sun'),
    c('expire_time', 'BIGINT', 'Stake 1.0 unfreeze time; lock expiry of a locked delegation; an unstake\'s maturity, ms (0 when none)'),
    c('operation_ts', 'BIGINT', 'Stake 2.0: time of the last stake operation of the row in the lake, ms', true),
    c('tx_hash', 'VARCHAR', 'Stake 1.0: the last freeze of the position in the lake', true),
    c('block_number', 'BIGINT', 'its block', true),
    c('tx_ts', 'BIGINT', 'its time, ms', true),
    c('resource_value', 'DOUBLE', 'stake / 10^6 × limit / weight of the newest network snapshot (TRON Power: 1 per TRX); NULL without one', true),
    c('lock_resource_value', 'DOUBLE', 'the same for lock_balance (Stake 2.0)', true),
    bucket,
  ],
};

const voteColumns: Column[] = [
  c('voter_address', 'VARCHAR', 'voter, Base58'),
  c('candidate_address', 'VARCHAR', 'witness voted for, Base58'),
  c('votes', 'BIGINT', 'votes (whole TRON Power)'),
  c('as_of_block', 'BIGINT', 'the snapshot block'),
  c('vote_tx_hash', 'VARCHAR', "the voter's last VoteWitness transaction in the lake", true),
  c('vote_ts', 'BIGINT', 'its time, ms', true),
  // The voter's stake beside each vote, so /api/vote?candidate= reads one file (no stake lookup per voter).
  c('voter_tron_power', 'BIGINT', "the voter's TRON Power, sun (stake_positions; NULL without a position)", true),
  c('voter_votes_used', 'BIGINT', 'votes the voter cast in all (stake_positions)', true),
];

export const votesByVoter: DerivedDataset = {
  name: 'votes_by_voter',
  kind: 'derived',
  growth: { rule: 'bounded', boundedBy: SNAPSHOT_BOUND },
  partitioned: false,
  rowGroupSize: 4_096,
  sortBy: ['voter_address', 'candidate_address'],
  doc: 'Current votes from the newest snapshot of each voter (a vote revoked by an unstake is gone), by voter.',
  columns: voteColumns,
};

export const votesByCandidate: DerivedDataset = {
  name: 'votes_by_candidate',
  kind: 'derived',
  growth: { rule: 'bounded', boundedBy: SNAPSHOT_BOUND },
  partitioned: false,
  rowGroupSize: 4_096,
  sortBy: ['candidate_address', 'votes', 'voter_address'],
  doc: 'The rows of votes_by_voter clustered by candidate.',
  columns: voteColumns,
};

export const dailyStakeWeights: DerivedDataset = {
  name: 'daily_stake_weights',
  kind: 'derived',
  growth: { rule: 'bounded', boundedBy: 'days of the lake (one row per day, from stake_events and network_snapshots)' },
  partitioned: false,
  sortBy: ['day'],
  doc: "Network stake weights at the end of each UTC day, reconstructed backward from the newest network snapshot and the stake events after the day (whole TRX; the chain rounds per operation, so a day may differ by a few TRX). Empty without a network snapshot.",
  columns: [
    c('day', 'VARCHAR', 'UTC day, yyyy-MM-dd'),
    c('day_ts', 'BIGINT', 'UTC midnight of the day, ms'),
    c('net_weight', 'BIGINT', 'TRX staked for bandwidth at the end of the day'),
    c('energy_weight', 'BIGINT', 'TRX staked for energy at the end of the day'),
    c('tron_power_weight', 'BIGINT', 'TRX staked for TRON Power only (resource TRON_POWER) at the end of the day'),
    c('net_limit', 'BIGINT', 'bandwidth shared by stakers per day (the snapshot\'s)'),
    c('energy_limit', 'BIGINT', 'energy shared by stakers per day (the snapshot\'s)'),
    c('net_staked', 'BIGINT', 'sun staked for bandwidth during the day, net of unstakes'),
    c('energy_staked', 'BIGINT', 'sun staked for energy during the day, net of unstakes'),
  ],
};

// Network statistics (issue 11, SPEC §4.2, §4.10): per-day rollups the statistics series read (src/endpoints/stats).
// Each holds distinct counts, which do not add up across days: a publish merges new blocks into a day by the day's
// sets (daily_account_roles, src/lake/README.md "Distinct counts of a day"); weeks and months have their own exact
// distinct counts (period_active_accounts), never sums of daily ones.

export const dailyAccountRoles: DerivedDataset = {
  name: 'daily_account_roles',
  kind: 'derived',
  growth: { rule: 'per-day', set: true },
  partitioned: true,
  onDisk: true,
  // Address before role inside a day: a caller is a sender too (the owner), and most receivers send, so an account's
  // rows lie together and zstd stores the address once (a bench day of 1.30 M rows: 32.2 → 19.9 MB). Its readers take
  // whole days (the period sets, the merges' anti-joins against a day's previous set); a scan of one role now reads
  // the whole day file (a bench day's callers: 100 → 115 ms).
  sortBy: ['day', 'address', 'role', 'key'],
  doc: "Each account once per UTC day and role (sender, receiver of a TRX / TRC10 transfer, caller of a contract): the day's distinct sets, so that appending blocks to a day merges the distinct counts of daily_network_stats, daily_contract_resources and daily_contract_call_stats without reading the day's transactions again.",
  columns: [
    c('day', 'VARCHAR', 'UTC day, yyyy-MM-dd'),
    c('role', 'VARCHAR', "'sender' (owner of any transaction) | 'receiver' (of a TRX / TRC10 transfer) | 'caller' (owner of a TriggerSmartContract)"),
    c('key', 'VARCHAR', "the called contract for 'caller' (Base58; '' when the call has none), '' otherwise"),
    c('address', 'VARCHAR', 'the account, Base58'),
  ],
};

export const dailyNetworkStats: DerivedDataset = {
  name: 'daily_network_stats',
  kind: 'derived',
  growth: { rule: 'per-day', merge: true },
  partitioned: true,
  sortBy: ['day'],
  doc: 'One row per UTC day: blocks, transactions by kind, distinct senders / callers / active accounts, energy and bandwidth by who paid, fees (docs/compat.md "Network statistics").',
  columns: [
    c('day', 'VARCHAR', 'UTC day, yyyy-MM-dd'),
    c('day_ts', 'BIGINT', 'UTC midnight of the day, ms'),
    m('block_count', 'BIGINT', 'blocks'),
    m('size_bytes', 'BIGINT', 'sum of block sizes, bytes'),
    m('first_block', 'BIGINT', 'lowest block number of the day', 'min'),
    m('last_block', 'BIGINT', 'highest block number of the day', 'max'),
    m('first_block_ts', 'BIGINT', 'time of the first block, ms', 'min'),
    m('last_block_ts', 'BIGINT', 'time of the last block, ms', 'max'),
    m('tx_count', 'BIGINT', 'transactions'),
    m('trigger_count', 'BIGINT', 'TriggerSmartContract transactions'),
    c('caller_count', 'BIGINT', 'distinct owners of TriggerSmartContract transactions'),
    c('sender_count', 'BIGINT', 'distinct owners of any transaction'),
    c('active_count', 'BIGINT', 'distinct senders and receivers of TRX / TRC10 transfers'),
    m('trx_amount_raw', 'VARCHAR', 'TRX moved by TransferContract, sun, exact decimal string'),
    m('trx_transfer_count', 'BIGINT', 'TransferContract transactions'),
    m('trc10_transfer_count', 'BIGINT', 'TransferAssetContract transactions'),
    m('freeze_count', 'BIGINT', 'FreezeBalance (v1, v2) transactions'),
    m('unfreeze_count', 'BIGINT', 'UnfreezeBalance (v1, v2) transactions'),
    m('vote_count', 'BIGINT', 'VoteWitness transactions'),
    m('shielded_count', 'BIGINT', 'ShieldedTransfer transactions'),
    m('trc10_issued_count', 'BIGINT', 'successful AssetIssue transactions (new TRC10 tokens)'),
    m('contracts_created_count', 'BIGINT', 'successful CreateSmartContract transactions'),
    m('fee', 'BIGINT', 'sun burned: all fees'),
    m('energy_usage_total', 'BIGINT', 'energy used, penalty included'),
    m('energy_usage', 'BIGINT', "energy from the callers' stake"),
    m('origin_energy_usage', 'BIGINT', "energy from the contract deployers' stake"),
    m('energy_fee', 'BIGINT', 'sun burned for energy'),
    m('energy_burn_units', 'BIGINT', 'energy paid by burning: energy_fee / the energy price in force (NULL without a price)', 'sum', true),
    m('energy_stake_sun', 'BIGINT', 'energy from stake (energy_usage + origin_energy_usage) valued at the energy price in force, sun (NULL without a price)', 'sum', true),
    m('net_usage', 'BIGINT', 'bandwidth not burned (stake or free allowance), bytes'),
    m('net_fee', 'BIGINT', 'sun burned for bandwidth'),
    m('net_burn_bytes', 'BIGINT', 'bandwidth paid by burning: net_fee / the bandwidth price in force (NULL without a price)', 'sum', true),
    m('net_stake_sun', 'BIGINT', 'net_usage valued at the bandwidth price in force, sun (NULL without a price)', 'sum', true),
    c('energy_price', 'BIGINT', 'energy price in force at the day\'s last block, sun (NULL without a price)', true),
    c('net_price', 'BIGINT', 'bandwidth price in force at the day\'s last block, sun per byte (NULL without a price)', true),
  ],
};

export const periodActiveAccounts: DerivedDataset = {
  name: 'period_active_accounts',
  kind: 'derived',
  growth: { rule: 'per-day' },
  partitioned: true,
  sortBy: ['day', 'period'],
  doc: 'Per UTC day and period (week from Monday, month): distinct active accounts, senders and callers from the period\'s first day to this day; a period\'s figure is the row of its last day.',
  columns: [
    c('day', 'VARCHAR', 'UTC day, yyyy-MM-dd'),
    c('period', 'VARCHAR', "'week' | 'month'"),
    c('period_start', 'VARCHAR', 'first day of the period, yyyy-MM-dd'),
    c('active_count', 'BIGINT', 'distinct senders and receivers of TRX / TRC10 transfers, period to date'),
    c('sender_count', 'BIGINT', 'distinct owners of any transaction, period to date'),
    c('caller_count', 'BIGINT', 'distinct owners of TriggerSmartContract transactions, period to date'),
  ],
};

export const dailyContractResources: DerivedDataset = {
  name: 'daily_contract_resources',
  kind: 'derived',
  growth: { rule: 'per-day', merge: true },
  partitioned: true,
  sortBy: ['day', 'contract_address'],
  doc: 'Per UTC day and called contract: calls, distinct callers, TRX sent with them, energy by who paid.',
  columns: [
    c('day', 'VARCHAR', 'UTC day, yyyy-MM-dd'),
    c('day_ts', 'BIGINT', 'UTC midnight of the day, ms'),
    c('contract_address', 'VARCHAR', 'called contract, Base58'),
    m('call_count', 'BIGINT', 'TriggerSmartContract transactions'),
    c('caller_count', 'BIGINT', 'distinct callers that day'),
    m('call_value_raw', 'VARCHAR', 'TRX sent with the calls, sun, exact decimal string'),
    m('energy_usage_total', 'BIGINT', 'energy used, penalty included'),
    m('energy_usage', 'BIGINT', "energy from the callers' stake"),
    m('origin_energy_usage', 'BIGINT', "energy from the deployer's stake"),
    m('energy_fee', 'BIGINT', 'sun burned for energy'),
    m('energy_burn_units', 'BIGINT', 'energy paid by burning, units (NULL without a price)', 'sum', true),
  ],
};

export const dailyTokenActivity: DerivedDataset = {
  name: 'daily_token_activity',
  kind: 'derived',
  growth: { rule: 'per-day' },
  partitioned: true,
  sortBy: ['day', 'token_id'],
  doc: "Per UTC day and token (TRC20/721/1155 contract, TRC10 id, '_' for TRX): transfers, distinct senders and receivers, amount moved (exact).",
  columns: [
    c('day', 'VARCHAR', 'UTC day, yyyy-MM-dd'),
    c('day_ts', 'BIGINT', 'UTC midnight of the day, ms'),
    c('token_id', 'VARCHAR', "token contract (Base58), TRC10 id, or '_' for TRX"),
    c('token_standard', 'VARCHAR', 'trx | trc10 | trc20 | trc721 | trc1155'),
    c('transfer_count', 'BIGINT', 'transfers (successful)'),
    c('sender_count', 'BIGINT', 'distinct senders that day'),
    c('receiver_count', 'BIGINT', 'distinct receivers that day'),
    c('amount_raw', 'VARCHAR', 'amount moved in the smallest unit (sun for TRX), exact decimal string'),
  ],
};

// Token holders per day (issue 11, /api/token/analysis type=1). A holder is an address whose balance is positive at the
// end of the day, opening balances included (the TRC20 ledger starts from them). The count grows per day from the
// ledger (state, bounded by positions) and the moves of the rewritten days, never from a rescan of history.
export const dailyTokenHolders: DerivedDataset = {
  name: 'daily_token_holders',
  kind: 'derived',
  growth: { rule: 'per-day' },
  partitioned: true,
  sortBy: ['day', 'token_id'],
  doc: "Per UTC day and TRC20 contract: addresses holding a positive balance at the end of the day (opening balances included; the zero address is not a holder). A row on each day the token moved, and on the lake's first day for every token of the ledger; a day without a row has its last earlier row's count.",
  columns: [
    c('day', 'VARCHAR', 'UTC day, yyyy-MM-dd'),
    c('token_id', 'VARCHAR', 'TRC20 contract, Base58'),
    c('holder_count', 'BIGINT', 'addresses with a positive balance at the end of the day'),
    c('holder_change', 'BIGINT', "holders gained minus holders lost that day (on the lake's first day: against the opening balances)"),
  ],
};

// Governance (issue 13): per-day witness production from the slot schedule (sql/derive/witness_daily_stats.sql).
export const witnessDailyStats: DerivedDataset = {
  name: 'witness_daily_stats',
  kind: 'derived',
  // A missed slot before midnight is only seen from the next day's first block: that publish recomputes the day before.
  growth: { rule: 'per-day', withPreviousBlockDay: true },
  partitioned: true,
  sortBy: ['day', 'witness_address'],
  doc: 'Per UTC day and witness: blocks produced, slots missed (the slot schedule, the 2 slots skipped after each maintenance not counted), transactions, largest block, latest block.',
  columns: [
    c('day', 'VARCHAR', 'UTC day, yyyy-MM-dd'),
    c('day_ts', 'BIGINT', 'UTC midnight of the day, ms'),
    c('witness_address', 'VARCHAR', 'witness, Base58'),
    c('produced', 'BIGINT', 'blocks produced'),
    c('missed', 'BIGINT', 'slots of its own it left empty between two blocks of consecutive heights'),
    c('tx_count', 'BIGINT', 'transactions in the blocks it produced'),
    c('max_block_tx', 'BIGINT', 'most transactions in one of its blocks'),
    c('last_block', 'BIGINT', 'highest block it produced that day', true),
    c('last_block_ts', 'BIGINT', 'time of that block, ms', true),
    c('last_block_version', 'INTEGER', 'header version of that block (raw_data.version: the block version its node software writes)', true),
  ],
};

// ---- Accounts (issue 14, part 2): lifetime activity per address and the current account table.

export const accountActivity: DerivedDataset = {
  name: 'account_activity',
  kind: 'derived',
  growth: { rule: 'state' },
  partitioned: false,
  rowGroupSize: 4_096,
  sortBy: ['address'],
  doc: "Transactions per address over the lake: signed (out), received (in: to_address, or the created / called contract), and the times of the first, the last and the last signed one.",
  columns: [
    c('address', 'VARCHAR', 'address, Base58'),
    c('tx_out', 'BIGINT', 'transactions it signed (owner_address)'),
    c('tx_in', 'BIGINT', 'transactions it received (coalesce(to_address, contract_address)), its own to itself included'),
    c('tx_total', 'BIGINT', 'distinct transactions it signed or received (a transaction to itself once) = its rows in address_transactions'),
    c('first_ts', 'BIGINT', 'time of its first transaction in the lake, ms'),
    c('last_ts', 'BIGINT', 'time of its last transaction in the lake, ms'),
    c('last_out_ts', 'BIGINT', 'time of the last transaction it signed, ms (NULL when none)', true),
  ],
};

/**
 * Account state per address, computed at publish for the point lookups of /api/accountv2, the wallet endpoints'
 * TRX balance and /api/security/sign/data. Bucketed by address like the by-address copies: at 4.1 M accounts (bench
 * lake) one file of them was ~1,000 row groups, each a scan task even when pruned; a bucket's file holds 1/32 of them.
 * Row groups of 8,192: measured on the bench lake's buckets (~128 K rows each, load ~7), a lookup of every column took
 * 12 ms with 1,024 or 2,048, 7-11 with 4,096, 6.0-6.4 with 8,192, 5.4-9.2 with 16,384: the row groups a file plans
 * cost more than the larger group decoded (bench/results/account-scale.md). account_resources and accounts the same.
 */
export const accountDetails: DerivedDataset = {
  name: 'account_details',
  kind: 'derived',
  growth: { rule: 'bounded', boundedBy: 'addresses in account_snapshots (the newest row of each), account_activity and stake_positions' },
  partitioned: false,
  rowGroupSize: 8_192,
  bucketBy: 'address',
  sortBy: ['address'],
  doc: "One row per address with an account snapshot, lake activity or a stake position: its newest snapshot's balance, stakes and permissions (NULL without a snapshot: never activated), its transactions in the lake, and its pending and withdrawable unstakes and votes (stake_positions).",
  columns: [
    c('address', 'VARCHAR', 'account, Base58'),
    c('has_snapshot', 'BOOLEAN', 'the address has an account snapshot (the snapshot columns are NULL otherwise)'),
    c('balance', 'BIGINT', 'TRX balance, sun', true),
    c('create_time', 'BIGINT', 'account creation time, ms (0 when unknown)', true),
    c('account_name', 'VARCHAR', "account name ('' when none)", true),
    c('is_witness', 'BOOLEAN', 'the account is a witness (SR candidate)', true),
    c('latest_withdraw_time', 'BIGINT', 'last reward withdrawal, ms (0 when none)', true),
    c('frozen_v1_bandwidth', 'BIGINT', 'Stake 1.0: own frozen balance for bandwidth, sun', true),
    c('frozen_v1_bandwidth_expire', 'BIGINT', 'its unlock time, ms', true),
    c('frozen_v1_energy', 'BIGINT', 'Stake 1.0: own frozen balance for energy, sun', true),
    c('frozen_v1_energy_expire', 'BIGINT', 'its unlock time, ms', true),
    c('delegated_v1_bandwidth', 'BIGINT', 'Stake 1.0: frozen for bandwidth of others, sun', true),
    c('delegated_v1_energy', 'BIGINT', 'Stake 1.0: frozen for energy of others, sun', true),
    c('acquired_v1_bandwidth', 'BIGINT', 'Stake 1.0: bandwidth stake received, sun', true),
    c('acquired_v1_energy', 'BIGINT', 'Stake 1.0: energy stake received, sun', true),
    c('frozen_v2_bandwidth', 'BIGINT', 'Stake 2.0: own stake for bandwidth not delegated, sun', true),
    c('frozen_v2_energy', 'BIGINT', 'Stake 2.0: own stake for energy not delegated, sun', true),
    c('frozen_v2_tron_power', 'BIGINT', 'Stake 2.0: stake for TRON Power only, sun', true),
    c('delegated_v2_bandwidth', 'BIGINT', 'Stake 2.0: delegated to others for bandwidth, sun', true),
    c('delegated_v2_energy', 'BIGINT', 'Stake 2.0: delegated to others for energy, sun', true),
    c('acquired_v2_bandwidth', 'BIGINT', 'Stake 2.0: received from others for bandwidth, sun', true),
    c('acquired_v2_energy', 'BIGINT', 'Stake 2.0: received from others for energy, sun', true),
    c('owner_permission_json', 'VARCHAR', 'owner permission, JSON (NULL: the default)', true),
    c('active_permissions_json', 'VARCHAR', 'active permissions, JSON array (NULL: the default)', true),
    c('witness_permission_json', 'VARCHAR', 'witness permission, JSON (NULL when none)', true),
    c('reward', 'BIGINT', 'voting reward not yet withdrawn (getReward), sun', true),
    c('net_usage', 'BIGINT', 'stake bandwidth used as of the snapshot block, bytes (NULL: a snapshot made before the column)', true),
    c('latest_consume_time', 'BIGINT', 'last stake bandwidth consume, ms', true),
    c('net_window_size', 'BIGINT', 'its recovery window remaining at the snapshot block, ms (NULL: 24 h from the consume time)', true),
    c('free_net_usage', 'BIGINT', 'free bandwidth used as of the snapshot block, bytes', true),
    c('latest_consume_free_time', 'BIGINT', 'last free bandwidth consume, ms', true),
    c('energy_usage', 'BIGINT', 'stake energy used as of the snapshot block', true),
    c('latest_consume_time_for_energy', 'BIGINT', 'last energy consume, ms', true),
    c('energy_window_size', 'BIGINT', 'its recovery window remaining at the snapshot block, ms (NULL: 24 h from the consume time)', true),
    c('usage_as_of_ts', 'BIGINT', "the snapshot block's time (its network snapshot's), ms: what the usages are recovered from", true),
    c('tx_in', 'BIGINT', 'account_activity.tx_in (NULL: no transaction in the lake)', true),
    c('tx_out', 'BIGINT', 'account_activity.tx_out', true),
    c('tx_total', 'BIGINT', 'account_activity.tx_total', true),
    c('last_out_ts', 'BIGINT', 'account_activity.last_out_ts: time of the last transaction it signed, ms', true),
    c('pending_unstake', 'BIGINT', 'stake_positions.pending_unstake (NULL without a position)', true),
    c('withdrawable', 'BIGINT', 'stake_positions.withdrawable', true),
    c('votes_used', 'BIGINT', 'stake_positions.votes_used', true),
    bucket,
  ],
};

export const accounts: DerivedDataset = {
  name: 'accounts',
  kind: 'derived',
  growth: { rule: 'bounded', boundedBy: SNAPSHOT_BOUND },
  partitioned: false,
  rowGroupSize: 8_192,
  // By address like the account state: /api/account/list?address= and account/analysis read one account.
  bucketBy: 'address',
  sortBy: ['address'],
  doc: "One row per account (an address with an account snapshot: the chain activated it; a TRC20 recipient never activated is no account): its newest snapshot's balance, name and creation time, TRON Power, contract flag, lake activity, and its place in each sort of /api/account/list (1 = largest; ties by address).",
  columns: [
    c('address', 'VARCHAR', 'account, Base58'),
    c('as_of_block', 'BIGINT', 'the snapshot block'),
    c('balance', 'BIGINT', 'TRX balance, sun'),
    c('power', 'BIGINT', 'TRON Power, sun (stake_positions.tron_power)'),
    c('votes_used', 'BIGINT', 'votes cast'),
    c('create_time', 'BIGINT', 'account creation time, ms (0 when unknown)'),
    c('name', 'VARCHAR', "account name ('' when none)"),
    c('is_witness', 'BOOLEAN', 'the account is a witness (SR candidate)'),
    c('is_contract', 'BOOLEAN', 'the address is a smart contract (contracts dimension)'),
    c('tx_out', 'BIGINT', 'account_activity.tx_out (0 when no transaction in the lake)'),
    c('tx_in', 'BIGINT', 'account_activity.tx_in'),
    c('tx_total', 'BIGINT', 'account_activity.tx_total'),
    c('latest_operation_time', 'BIGINT', 'time of the last transaction it signed in the lake, ms (0 when none)'),
    c('rank_balance', 'BIGINT', 'place by balance, largest first (ties: address ascending)'),
    c('rank_power', 'BIGINT', 'place by power, largest first'),
    c('rank_tx', 'BIGINT', 'place by tx_total, largest first'),
    bucket,
  ],
};

/**
 * The /api/account/list pages of one sort: the accounts ordered by their place in it, so a page (places off+1 …
 * off+limit, or counted from the end) reads the one or two row groups holding them. Through `accounts` (sorted by
 * address) a page was a top-N over every account: 145 ms at 4.1 M accounts. 32,768-row groups, measured on the
 * bench lake's 4.1 M accounts (load ~6): a page 3.4-5.7 ms against 6.5-12.5 ms with 8,192 (more row groups to plan)
 * and 6.2-9.8 ms with 131,072 (a larger group to decode).
 */
const accountsBy = (key: 'balance' | 'power' | 'tx', what: string): DerivedDataset => ({
  name: `accounts_by_${key}`,
  kind: 'derived',
  growth: { rule: 'bounded', boundedBy: 'the accounts (one row each, from accounts)' },
  partitioned: false,
  rowGroupSize: 32_768,
  sortBy: ['rank'],
  doc: `The rows of accounts in their place by ${what} (accounts.rank_${key}): the pages of /api/account/list in that sort.`,
  columns: [
    c('rank', 'BIGINT', `place by ${what}, largest first (ties: address ascending)`),
    c('address', 'VARCHAR', 'account, Base58'),
    c('balance', 'BIGINT', 'TRX balance, sun'),
    c('power', 'BIGINT', 'TRON Power, sun'),
    c('tx_total', 'BIGINT', 'transactions in the lake'),
    c('latest_operation_time', 'BIGINT', 'time of the last transaction it signed in the lake, ms (0 when none)'),
    c('create_time', 'BIGINT', "account creation time, ms (0 when unknown): tx_total is its lifetime count when it is in the lake's window"),
  ],
});
export const accountsByBalance = accountsBy('balance', 'balance');
export const accountsByPower = accountsBy('power', 'TRON Power');
export const accountsByTx = accountsBy('tx', 'transaction count');

export const accountCreations: DerivedDataset = {
  name: 'account_creations',
  kind: 'derived',
  growth: { rule: 'bounded', boundedBy: 'the accounts (one row each, from accounts)' },
  partitioned: false,
  rowGroupSize: 32_768,
  sortBy: ['create_time'],
  doc: "Every account's creation time, sorted: /api/account/list counts the accounts created since a time from the row groups after it (through accounts, a scan of every account: 84 ms at 4.1 M).",
  columns: [c('create_time', 'BIGINT', 'account creation time, ms (0 when unknown)')],
};

export const trxFlows: DerivedDataset = {
  name: 'trx_flows',
  kind: 'derived',
  growth: { rule: 'runs', rangeRows: RANGE_ROWS },
  partitioned: false,
  rowGroupSize: 4_096,
  bucketBy: 'address',
  // No tx_hash: nothing reads it (its readers sum deltas per address and block or day), and as random hex it was 61 %
  // of the dataset's bytes (413 of 678 MB on the 10.5 M-transaction bench lake) and a string in every sort key.
  sortBy: ['address', 'block_number', 'kind', 'delta'],
  doc: "Every TRX movement of an address, signed, one row per side of a transaction (fees, transfers, TRC10 sales, call values, internal TRX, stakes, unstakes, withdrawals, rewards): the TRX balance history is the newest snapshot balance minus the deltas after a day; clustered by address. The transaction is not kept (address_transactions has it by block).",
  columns: [
    c('address', 'VARCHAR', 'the address whose balance moves, Base58'),
    c('block_number', 'BIGINT', 'block height'),
    c('timestamp', 'BIGINT', 'block time, ms'),
    c('kind', 'VARCHAR', 'fee | sent | received | call_value_sent | call_value_received | internal_sent | internal_received | stake | unstake_v1 | withdraw_expire | reward'),
    c('delta', 'BIGINT', 'balance change, sun (negative: out)'),
    bucket,
  ],
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

export const trxBalances: DerivedDataset = {
  name: 'trx_balances',
  kind: 'derived',
  growth: { rule: 'state' },
  partitioned: false,
  rowGroupSize: 4_096,
  sortBy: ['address'],
  doc: "TRX balance at the lake's head of every address whose TRX moved in the lake: its newest account snapshot at or before the head plus its flows after it (0 before its first flow without one); daily_trx_holders walks it back.",
  columns: [
    c('address', 'VARCHAR', 'address, Base58'),
    c('balance', 'BIGINT', 'TRX balance at the head block, sun'),
  ],
};

export const dailyTrxHolders: DerivedDataset = {
  name: 'daily_trx_holders',
  kind: 'derived',
  growth: { rule: 'per-day' },
  partitioned: true,
  sortBy: ['day'],
  doc: "Per UTC day: accounts whose TRX balance turned positive and those whose balance fell to zero, end of day against start of day (the lake's first day: against the opening balances); the running count from the chain_anchors figure is /api/overview/accountswithtrx.",
  columns: [
    c('day', 'VARCHAR', 'UTC day, yyyy-MM-dd'),
    c('day_ts', 'BIGINT', 'UTC midnight of the day, ms'),
    c('holders_gained', 'BIGINT', 'accounts holding no TRX at the start of the day and some at its end'),
    c('holders_lost', 'BIGINT', 'accounts holding TRX at the start of the day and none at its end'),
  ],
};

// Issue 14 (wallet holdings): one table of every positive token position, read by /api/account/tokens, /wallet and
// /token_asset_overview.
export const tokenHoldingsByHolder: DerivedDataset = {
  name: 'token_holdings_by_holder',
  kind: 'derived',
  growth: { rule: 'bounded', boundedBy: 'positive token positions (the positive rows of the four token ledgers, themselves state tables)' },
  partitioned: false,
  // In address buckets with 8,192-row groups, as trc20_balances_by_holder (4 M positions on the 10.5 M lake: 7.1 ms a
  // holder through one file, most of it planning its row groups).
  rowGroupSize: 8_192,
  bucketBy: 'holder_address',
  sortBy: ['holder_address', 'token_standard', 'token_id'],
  doc: "Every positive token position of a holder: TRC20 / TRC10 balances, TRC721 ids owned per contract, TRC1155 quantity per contract, clustered by holder.",
  columns: [
    c('holder_address', 'VARCHAR', 'holder, Base58'),
    c('token_standard', 'VARCHAR', 'trc10 | trc20 | trc721 | trc1155'),
    c('token_id', 'VARCHAR', 'TRC10 numeric id, or the Base58 contract'),
    c('balance_raw', 'VARCHAR', 'positive balance in the smallest unit, exact decimal string (TRC721: ids owned; TRC1155: quantity over its ids)'),
    c('balance', 'DOUBLE', 'balance_raw as DOUBLE, for sorting'),
    c('update_ts', 'BIGINT', 'time of the last transfer touching the position, ms (TRC10 issue: the issue time)'),
    holderBucket,
  ],
};

// ---- Governance history (issue 13, part A): witness and proposal transactions, the state of each proposal, the
// chain parameters over time and the SRs' commission changes. docs/compat.md "Proposals and chain parameters".

export const governanceEvents: DerivedDataset = {
  name: 'governance_events',
  kind: 'derived',
  growth: { rule: 'per-day' },
  partitioned: true,
  sortBy: ['day', 'block_number', 'tx_index'],
  doc: 'Every successful witness and proposal transaction (WitnessCreate 5, WitnessUpdate 8, AccountUpdate 10, ProposalCreate 16, ProposalApprove 17, ProposalDelete 18, UpdateBrokerage 49) with its fields read out of parameter_json.',
  columns: [
    c('day', 'VARCHAR', 'UTC day, yyyy-MM-dd'),
    c('block_number', 'BIGINT', 'block height'),
    c('timestamp', 'BIGINT', 'block time, ms'),
    c('tx_hash', 'VARCHAR', 'the transaction'),
    c('tx_index', 'INTEGER', 'position inside the block'),
    c('contract_type', 'INTEGER', 'protocol contract type'),
    c('event', 'VARCHAR', 'WitnessCreate | WitnessUpdate | AccountUpdate | ProposalCreate | ProposalApprove | ProposalDelete | UpdateBrokerage'),
    c('owner_address', 'VARCHAR', 'the signer (witness, or the account naming itself), Base58'),
    c('proposal_id', 'BIGINT', 'ProposalApprove / ProposalDelete: the proposal (a ProposalCreate carries none: the chain numbers it)', true),
    c('is_add_approval', 'BOOLEAN', 'ProposalApprove: true adds the approval, false withdraws it (absent in the node JSON = false)', true),
    c('parameters_json', 'VARCHAR', 'ProposalCreate: the changes, JSON [{"key": parameter number, "value": new value}]', true),
    c('text', 'VARCHAR', 'WitnessCreate url, WitnessUpdate update_url, AccountUpdate account_name', true),
    c('brokerage', 'INTEGER', 'UpdateBrokerage: the commission set, percent (absent in the node JSON = 0)', true),
  ],
};

export const proposalState: DerivedDataset = {
  name: 'proposal_state',
  kind: 'derived',
  growth: { rule: 'state' },
  partitioned: false,
  sortBy: ['proposal_id'],
  doc: "One row per proposal the lake's transactions touch: its creation (when in the lake), the approvals in force with their times, its deletion, and its state at the lake's head (the node's rule: ≥ 18 approvals of the active SRs at the expiration's maintenance).",
  columns: [
    c('proposal_id', 'BIGINT', 'proposal number (a creation in the lake: numbered after the proposals before it, docs/compat.md)'),
    c('proposer_address', 'VARCHAR', 'the witness that created it, Base58 (NULL: created before the lake)', true),
    c('parameters_json', 'VARCHAR', 'the changes, JSON [{"key","value"}] (NULL: created before the lake)', true),
    c('create_ts', 'BIGINT', 'block time of the ProposalCreate, ms', true),
    c('create_block', 'BIGINT', 'block of the ProposalCreate', true),
    c('expiration_ts', 'BIGINT', 'end of the approval period: the first maintenance after create_ts + getProposalExpireTime, ms', true),
    c('approvals_json', 'VARCHAR', 'approvals in force, in the order given: JSON [{"address","ts","block"}] (each address once, at its last approval)'),
    c('approval_count', 'BIGINT', 'approvals in force'),
    c('valid_approvals', 'BIGINT', 'approvals in force from active SRs (witnesses of rank 1-27): the ones the node counts'),
    c('delete_ts', 'BIGINT', 'block time of the ProposalDelete, ms', true),
    c('state', 'VARCHAR', 'at the head: PENDING | APPROVED | DISAPPROVED | CANCELED (PENDING also when the creation is not in the lake and no deletion is)'),
    c('effective_ts', 'BIGINT', 'APPROVED: when its parameters took effect (the expiration\'s maintenance), ms', true),
    c('last_block', 'BIGINT', 'block of the last transaction that touched it'),
  ],
};

export const chainParameterHistory: DerivedDataset = {
  name: 'chain_parameter_history',
  kind: 'derived',
  growth: { rule: 'bounded', boundedBy: 'chain parameters × their changes (approved proposals in proposal_state, chain_parameters snapshot rows whose value differs from the snapshot before)' },
  partitioned: false,
  sortBy: ['from_ts', 'source', 'key', 'parameter'],
  doc: "Each chain parameter's value over time: a row per value known in force from a time on, from the chain_parameters snapshots (anchors) and the approved proposals of the lake. The value at time T is the parameter's row with the greatest from_ts ≤ T (a snapshot row wins a tie: it was read after the change).",
  columns: [
    c('key', 'VARCHAR', 'snapshot rows: getter name, e.g. getEnergyFee', true),
    c('parameter', 'INTEGER', 'proposal rows: parameter number, e.g. 11 (src/chain/chain-parameters.ts maps numbers to getters)', true),
    c('value', 'BIGINT', 'the value'),
    c('from_ts', 'BIGINT', 'proposal: the maintenance it took effect at; snapshot: the snapshot block time (in force at least from then), ms'),
    c('source', 'VARCHAR', "'proposal' | 'snapshot'"),
    c('proposal_id', 'BIGINT', 'the proposal that set it', true),
    c('as_of_block', 'BIGINT', 'snapshot: its block', true),
  ],
};

export const brokerageHistory: DerivedDataset = {
  name: 'brokerage_history',
  kind: 'derived',
  growth: { rule: 'runs' },
  partitioned: false,
  sortBy: ['witness_address', 'block_number', 'tx_index'],
  doc: "Every commission change of a witness (UpdateBrokerage 49): the brokerage set and when it applies (java-tron's reward cycles: from the next maintenance).",
  columns: [
    c('witness_address', 'VARCHAR', 'the witness, Base58'),
    c('block_number', 'BIGINT', 'block height'),
    c('timestamp', 'BIGINT', 'block time, ms'),
    c('tx_hash', 'VARCHAR', 'the transaction'),
    c('tx_index', 'INTEGER', 'position inside the block'),
    c('brokerage', 'INTEGER', 'commission kept by the witness, percent (the rest goes to its voters)'),
    c('effective_ts', 'BIGINT', 'the next maintenance after the block, ms (the first reward cycle it applies to)'),
  ],
};

// Issue 14 (/api/top10): per UTC hour and address, the additive measures the top-10 rankings sum over their sliding
// windows (the last 1, 24, 72 and 168 hours before the head; sql/serving/top10_rows.sql). One file per day.
export const hourlyAddressActivity: DerivedDataset = {
  name: 'hourly_address_activity',
  kind: 'derived',
  // Its only readers, the top-10 serving tables, read the last 14 days (top10_since_ts): 15 days are kept, one more
  // for the partial first day, so its bytes stay bounded (the 120-day bench lake: ~25 MB a day, ~3 GB in all).
  growth: { rule: 'per-day', additive: true, keepDays: 15 },
  partitioned: true,
  // Address before hour inside a day: an address active in several hours of the day has its rows side by side, which
  // zstd stores once (a bench day of 1.04 M rows, 816 K addresses: the address column 25.7 → 19.0 MB, the file 35.0
  // → 28.8 MB). Its readers (the top-10 serving tables) read whole days of the last two weeks, so nothing prunes by
  // hour inside a day file.
  sortBy: ['day', 'address', 'hour_ts'],
  // Rows grow with addresses × hours (the default lake: 3.8 M): read from the day files, never held in memory.
  onDisk: true,
  doc: "Per UTC hour and address: transactions signed, TRX sent and received by TransferContract (successful), energy and bandwidth its transactions used and burned, fees it paid, and the calls, energy and fees of the calls made to it as a contract. The last 15 days before the head only (growth `keepDays`): its readers look back 14 days.",
  columns: [
    c('day', 'VARCHAR', 'UTC day, yyyy-MM-dd'),
    c('hour_ts', 'BIGINT', 'start of the UTC hour, ms'),
    c('address', 'VARCHAR', 'the address, Base58'),
    m('tx_out', 'BIGINT', 'transactions it signed (owner_address), any result'),
    m('trx_out_count', 'BIGINT', 'successful TransferContract transactions it signed'),
    m('trx_out_sun', 'DECIMAL(38,0)', 'TRX they sent, sun, exact'),
    m('trx_in_count', 'BIGINT', 'successful TransferContract transactions it received (to_address)'),
    m('trx_in_sun', 'DECIMAL(38,0)', 'TRX they brought, sun, exact'),
    m('energy_usage_total', 'BIGINT', 'energy its signed transactions used, penalty included'),
    m('energy_usage', 'BIGINT', 'of which from its own stake'),
    m('energy_burn', 'BIGINT', 'of which paid by burning TRX (energy_usage_total - energy_usage - origin_energy_usage)'),
    m('net_usage', 'BIGINT', 'bandwidth its signed transactions took from stake or the free allowance, bytes'),
    m('net_fee', 'BIGINT', 'sun it burned for bandwidth'),
    m('net_burn_bytes', 'BIGINT', 'bandwidth paid by burning: net_fee / the bandwidth price in force, bytes (priced transactions only)'),
    m('net_burn_unpriced', 'BIGINT', 'transactions that burned for bandwidth with no price in force (their bytes are not in net_burn_bytes)'),
    m('fee', 'BIGINT', 'sun it burned in all (fee of its signed transactions)'),
    m('calls_in', 'BIGINT', 'TriggerSmartContract transactions calling it (any result)'),
    m('call_energy_total', 'BIGINT', 'energy those calls used, penalty included'),
    m('call_energy_stake', 'BIGINT', "of which from stake (the callers' energy_usage + the deployer's origin_energy_usage)"),
    m('call_fee', 'BIGINT', 'sun those calls burned (their fee)'),
  ],
};

// Issue 13: the votes the node tallied at each maintenance (sql/fragments/cycle-votes.sql), the "last cycle" of the
// witness endpoints. One row per boundary and witness: bounded by the lake's maintenances (4 a day) × the witnesses.
export const witnessCycleVotes: DerivedDataset = {
  name: 'witness_cycle_votes',
  kind: 'derived',
  // Each publish keeps the previous tallies and computes its last boundary again and the new ones from the vote
  // changes after it (sql/derive/merge/witness_cycle_votes.sql), never history's.
  growth: { rule: 'state' },
  partitioned: false,
  sortBy: ['cycle_ts', 'candidate_address'],
  doc: "Each witness's votes as tallied at every maintenance in the lake (every 6 h from UTC midnight): the newest anchor at or before it (the witnesses snapshot of its period: the node's voteCount; else the opening account snapshots) plus the vote changes since (VoteWitness sets, Stake 1.0 unfreezes), each its new set minus the voter's previous one. A witness without a row had 0 votes.",
  columns: [
    c('cycle_ts', 'BIGINT', 'the maintenance boundary, ms (a multiple of 6 h)'),
    c('candidate_address', 'VARCHAR', 'the witness, Base58'),
    c('votes', 'BIGINT', 'votes counted at that maintenance (in force until the next)'),
  ],
};

// Issue 27: the realtime votes of the witness endpoints: the tally the next maintenance will make of the votes as they
// stand at the head. One row per witness with votes.
export const witnessRealtimeVotes: DerivedDataset = {
  name: 'witness_realtime_votes',
  kind: 'derived',
  // Recomputed at every publish from the tally of the head's last maintenance (witness_cycle_votes, derived just
  // before) and the vote changes since it (at most one 6-hour period of VoteWitness and unfreeze transactions), never
  // from history's changes.
  growth: { rule: 'bounded', boundedBy: "the witnesses × the vote changes since the head's last maintenance (≤ 6 h)" },
  partitioned: false,
  sortBy: ['candidate_address'],
  doc: "Each witness's realtime votes: the votes every voter holds for it at the head, i.e. what the next maintenance will tally (sql/fragments/cycle-votes.sql with the boundary after the head): the tally of the head's last maintenance (witness_cycle_votes) plus each vote change since (its new set minus the voter's previous one). A witness without a row has 0.",
  columns: [
    c('candidate_address', 'VARCHAR', 'the witness, Base58'),
    c('votes', 'BIGINT', 'votes held for it at the head'),
    c('next_cycle_ts', 'BIGINT', 'the maintenance that will tally them: the first 6-hour boundary after the head, ms'),
  ],
};

export const derivedDatasets: DerivedDataset[] = [
  txByHash,
  // Before the per-day merges that read its previous days (daily_contract_call_stats, daily_network_stats,
  // daily_contract_resources), so that a change to it makes them stale too (layout ids: readers of earlier datasets).
  dailyAccountRoles,
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
  stakeEvents,
  voteEvents,
  permissionUpdates,
  stakePositions,
  delegationsByAddress,
  accountResources,
  votesByVoter,
  votesByCandidate,
  dailyStakeWeights,
  dailyNetworkStats,
  periodActiveAccounts,
  dailyContractResources,
  dailyTokenActivity,
  dailyTokenHolders,
  witnessDailyStats,
  accountActivity,
  accountDetails,
  accounts,
  accountsByBalance,
  accountsByPower,
  accountsByTx,
  accountCreations,
  trxFlows,
  addressBlockActivity,
  addressBlockTokens,
  trxBalances,
  dailyTrxHolders,
  tokenHoldingsByHolder,
  governanceEvents,
  proposalState,
  chainParameterHistory,
  brokerageHistory,
  hourlyAddressActivity,
  witnessCycleVotes,
  witnessRealtimeVotes,
];

// A derived dataset without a valid growth rule stops the program here, before any publish (src/lake/growth.ts).
for (const ds of derivedDatasets) checkGrowth(ds);
