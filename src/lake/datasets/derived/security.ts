/**
 * Security (sql/derive/security/): approvals and our rule-derived risk flags.
 *
 * Approvals ( SPEC §4.3 approve/list and approve/change, §4.11 auth/data): the approval each
 * owner gave each spender last, and the history of one (token, owner, spender) allowance: its approvals and the
 * transfers that spent it. Semantics (docs/compat.md "Security and approvals"): an Approval overwrites the allowance
 * (TRC20 `approve` sets, it does not add); ApprovalForAll sets an operator on or off (1 / 0); a transferFrom spends
 * the allowance without an event, so the current row shows the last approved amount (what TronScan shows), and the
 * spends are rows of allowance_events.
 */
import { c } from '../types.ts';
import type { DerivedDataset } from '../growth.ts';
import { RANGE_ROWS } from './columns.ts';
import type { Family } from '../family.ts';

export const currentApprovals: DerivedDataset = {
  name: 'current_approvals',
  kind: 'derived',
  // Keyed by (owner, token, spender, token id): a publish merges the new approvals into the previous rows
  // (current_approvals.merge.sql), never rereading history. Sorted by owner: a lookup reads one owner's rows.
  growth: { rule: 'state' },
  partitioned: false,
  rowGroupSize: 4_096,
  sortBy: ['owner_address', 'contract_address', 'spender_address', 'token_id'],
  doc: "The newest Approval / ApprovalForAll of each (owner, token contract, spender or operator, TRC721 token id) in the lake: the last approved amount (0 = revoked), when, by which transaction, and how many approvals the key had.",
  columns: [
    c('owner_address', 'VARCHAR', 'approver, Base58'),
    c('contract_address', 'VARCHAR', 'token contract, Base58'),
    c('spender_address', 'VARCHAR', 'approved spender or operator, Base58'),
    c('token_id', 'VARCHAR', "TRC721 token id of a single-token approval ('' otherwise: part of the key)"),
    c('token_standard', 'VARCHAR', 'trc20 | trc721 | trc1155'),
    c('event_type', 'VARCHAR', 'Approval | ApprovalForAll'),
    c('amount_raw', 'VARCHAR', 'last approved amount, exact decimal string (ApprovalForAll: 1 on, 0 off)'),
    c('amount', 'DOUBLE', 'amount_raw as DOUBLE, for sorting only'),
    c('unlimited', 'BOOLEAN', 'amount_raw is 2^256-1 (an Approval), or an operator set on (ApprovalForAll 1)'),
    c('block_number', 'BIGINT', 'block of the last approval'),
    c('timestamp', 'BIGINT', 'its time, ms'),
    c('tx_hash', 'VARCHAR', 'its transaction'),
    c('tx_index', 'INTEGER', 'its position in the block'),
    c('log_index', 'INTEGER', 'its position in the transaction'),
    c('approvals', 'BIGINT', 'approvals of the key in the lake'),
  ],
};

export const allowanceEvents: DerivedDataset = {
  name: 'allowance_events',
  kind: 'derived',
  growth: { rule: 'runs', rangeRows: RANGE_ROWS },
  partitioned: false,
  rowGroupSize: 4_096,
  bucketBy: 'owner_address',
  sortBy: ['owner_address', 'contract_address', 'spender_address', 'block_number', 'tx_index', 'log_index', 'batch_index'],
  doc: "What changed an allowance, filed under the owner: every Approval / ApprovalForAll (type approve) and every TRC20 transfer out of an account's (not a contract's) balance that the account did not make by calling the token itself (type transfer: the spender is the signer when the signer called the token, else the contract the signer called; our rule, docs/compat.md).",
  columns: [
    c('owner_address', 'VARCHAR', 'approver (a transfer: its from_address), Base58'),
    c('contract_address', 'VARCHAR', 'token contract, Base58'),
    c('spender_address', 'VARCHAR', 'spender: the approved address, or who moved the tokens (rule above)'),
    c('type', 'VARCHAR', 'approve | transfer'),
    c('block_number', 'BIGINT', 'block height'),
    c('timestamp', 'BIGINT', 'block time, ms'),
    c('tx_hash', 'VARCHAR', 'transaction id'),
    c('tx_index', 'INTEGER', 'position inside the block'),
    c('log_index', 'INTEGER', 'position of the log inside the transaction'),
    c('batch_index', 'INTEGER', '0 (a TRC20 transfer or an approval has no batch)'),
    c('initiator_address', 'VARCHAR', 'signer of the transaction, Base58'),
    c('token_standard', 'VARCHAR', 'trc20 | trc721 | trc1155'),
    c('amount_raw', 'VARCHAR', 'approve: the approved amount; transfer: the amount moved; exact decimal string'),
    c('unlimited', 'BOOLEAN', 'an approval of 2^256-1 or an operator set on'),
    c('contract_ret', 'VARCHAR', "the transaction's result (SUCCESS: both sources keep token rows of successful transactions only)"),
    c('bucket', 'INTEGER', 'address_bucket(owner_address): 0-31, the `bucket=K` folder'),
  ],
};

/**
 * Our rules (docs/compat.md "Security and approvals"; TronScan's rules are not public, so these are ours and named so),
 * counted per address: dust TRX transfers carrying a memo (advertising spam) and zero-value TRC20 transfers it made out
 * of another address's balance (address poisoning). Only addresses with a count are rows: a few on any lake.
 */
export const addressRiskFlags: DerivedDataset = {
  name: 'address_risk_flags',
  kind: 'derived',
  // Counts add: a publish adds the new blocks' counts to the previous rows (address_risk_flags.merge.sql).
  growth: { rule: 'state' },
  partitioned: false,
  rowGroupSize: 4_096,
  sortBy: ['address'],
  doc: "Per address, what our risk rules count: TRX transfers under 1 TRX with a memo it signed (ad spam by memo), and zero-value TRC20 transfers it signed out of another address's balance (address poisoning). Addresses with neither are not rows.",
  columns: [
    c('address', 'VARCHAR', 'signer, Base58'),
    c('dust_memo_transfers', 'BIGINT', 'TRX transfers (TransferContract) under 1,000,000 sun with a non-empty memo it signed'),
    c('zero_value_spoofs', 'BIGINT', "zero-value TRC20 transfers it signed whose sender is another address"),
    c('last_ts', 'BIGINT', 'time of the newest counted transaction, ms'),
  ],
};

export const security: Family = { name: 'security', datasets: [currentApprovals, allowanceEvents, addressRiskFlags] };
