/**
 * Governance and witnesses (sql/derive/governance/): witness production per day, witness and proposal transactions,
 * proposal state, chain parameters over time, commissions, and the vote tallies per maintenance and at the head.
 */
import { c } from '../types.ts';
import type { DerivedDataset } from '../growth.ts';
import type { Family } from '../family.ts';

// Governance (issue 13): per-day witness production from the slot schedule (sql/derive/governance/witness_daily_stats.sql).
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
  doc: "Each chain parameter's value over time: a row per value known in force from a time on, from the chain_parameters snapshots (anchors) and the approved proposals of the lake. The value at time T is the parameter's row with the greatest from_ts ≤ T (a snapshot row wins a tie: it was read after the change); before the parameter's first row it is unknown. A snapshot's value reaches back to the last approved proposal that set it (or to the lake's first block when none of the window did) when a `proposals` listing as of the snapshot or later lists every approved proposal (docs/compat.md \"Proposals and chain parameters\").",
  columns: [
    c('key', 'VARCHAR', 'snapshot rows: getter name, e.g. getEnergyFee', true),
    c('parameter', 'INTEGER', 'proposal rows: parameter number, e.g. 11 (src/chain/chain-parameters.ts maps numbers to getters)', true),
    c('value', 'BIGINT', 'the value'),
    c('from_ts', 'BIGINT', 'proposal: the maintenance it took effect at; snapshot: the snapshot block time, or earlier by the rule above (the effective time of the last approved proposal that set this value, else the first block), ms'),
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

// Issue 13: the votes the node tallied at each maintenance (sql/fragments/cycle-votes.sql), the "last cycle" of the
// witness endpoints. One row per boundary and witness: bounded by the lake's maintenances (4 a day) × the witnesses.
export const witnessCycleVotes: DerivedDataset = {
  name: 'witness_cycle_votes',
  kind: 'derived',
  // Each publish keeps the previous tallies and computes its last boundary again and the new ones from the vote
  // changes after it (sql/derive/governance/witness_cycle_votes.merge.sql), never history's.
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

/** The family's datasets (sql/derive/governance/<name>.sql); their derive order is computed from what each reads. */
export const governance: Family = { name: 'governance', datasets: [witnessDailyStats, governanceEvents, proposalState, chainParameterHistory, brokerageHistory, witnessCycleVotes, witnessRealtimeVotes] };
