/** Snapshots: node state as of a block (kind `snapshot`), one file per version (issue 12). */
import { c, type Dataset } from './types.ts';

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

// ---- Contract code (SPEC §4.6): what /api/contract's methodMap and the triggers batch's event
// decoding read. The ingester keeps the ABI of a CreateSmartContract it ingests and getcontract's for a token contract
// first seen; the generator writes its contracts'.
export const contractCode: Dataset = {
  name: 'contract_code',
  kind: 'snapshot',
  partitioned: false,
  key: ['contract_address', 'as_of_block'],
  sortBy: ['contract_address', 'as_of_block'],
  doc: "Per contract the ABI it was deployed with, as the node prints it (`abi.entrys` of `/wallet/getcontract`, or the CreateSmartContract's `new_contract.abi`): a JSON array of entries `{type: 'Function' | 'Event' | …, name, inputs: [{name, type, indexed?}], …}`. One row per contract as of the block it was read at; the newest row is its code.",
  columns: [
    c('contract_address', 'VARCHAR', 'contract, Base58'),
    asOf,
    c('abi_json', 'VARCHAR', "ABI entries, JSON array ('[]' when the contract was deployed without one)"),
    c('source', 'VARCHAR', "'create' (the CreateSmartContract ingested) | 'getcontract' (a token contract first seen) | 'generator'"),
  ],
};
