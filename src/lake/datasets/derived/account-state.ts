/**
 * Account state (sql/derive/account-state/): what accounts did (stake, vote and permission events, activity) and
 * hold at the head (stakes, delegations, resources, votes), the account rows and the orders of /api/account/list.
 */
import { c, type Column } from '../types.ts';
import type { DerivedDataset } from '../growth.ts';
import { bucket } from './columns.ts';
import type { Family } from '../family.ts';

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

const SNAPSHOT_BOUND = 'accounts in account_snapshots (the newest row of each)';

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

// ---- Contract statistics (SPEC §4.6 /api/contracts/top_call, onecontractcallerstatistic): lifetime
// calls of each contract per caller and per method selector, ranked inside the contract by the sort, so a contract's
// top rows are its first.

export const contractCallers: DerivedDataset = {
  name: 'contract_callers',
  kind: 'derived',
  // A publish adds the new blocks' calls to the previous version's rows (a lifetime count, no history rescan).
  growth: { rule: 'state' },
  partitioned: false,
  rowGroupSize: 16_384,
  sortBy: ['contract_address', 'call_count DESC', 'caller_address'],
  doc: 'Per called contract and caller (owner of a TriggerSmartContract), over the lake: calls and the times of the first and the last one (a range open on one side counts its distinct callers from them).',
  columns: [
    c('contract_address', 'VARCHAR', 'called contract, Base58'),
    c('caller_address', 'VARCHAR', 'caller (owner_address), Base58'),
    c('call_count', 'BIGINT', 'calls over the lake'),
    c('first_ts', 'BIGINT', 'time of the first call, ms'),
    c('last_ts', 'BIGINT', 'time of the last call, ms'),
  ],
};

export const contractMethods: DerivedDataset = {
  name: 'contract_methods',
  kind: 'derived',
  growth: { rule: 'state' },
  partitioned: false,
  rowGroupSize: 16_384,
  sortBy: ['contract_address', 'call_count DESC', 'method_id'],
  doc: "Per called contract and method selector (the call data's first 4 bytes; '' for a call without one), over the lake: calls and the time of the last one.",
  columns: [
    c('contract_address', 'VARCHAR', 'called contract, Base58'),
    c('method_id', 'VARCHAR', "4-byte selector, 8 hex without 0x; '' when the call data is shorter"),
    c('call_count', 'BIGINT', 'calls over the lake'),
    c('last_ts', 'BIGINT', 'time of the last call, ms'),
  ],
};
// ---- end contract statistics

/** The family's datasets (sql/derive/account-state/<name>.sql); their derive order is computed from what each reads. */
export const accountState: Family = { name: 'account-state', datasets: [stakeEvents, voteEvents, permissionUpdates, stakePositions, delegationsByAddress, accountResources, votesByVoter, votesByCandidate, dailyStakeWeights, accountActivity, accountDetails, accounts, accountsByBalance, accountsByPower, accountsByTx, accountCreations, contractCallers, contractMethods] };
