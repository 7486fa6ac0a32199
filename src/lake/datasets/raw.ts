/** Raw chain facts: written by the generator and the ingester, partitioned by UTC day (kind `raw`). */
import { c, type Dataset } from './types.ts';

const blockRef = [
  c('block_number', 'BIGINT', 'block height'),
  c('timestamp', 'BIGINT', 'block time, ms since epoch (UTC)'),
  c('tx_hash', 'VARCHAR', 'transaction id, 64 lowercase hex'),
];

export const blocks = {
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
} satisfies Dataset;

export const transactions = {
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
} satisfies Dataset;

export const tokenTransfers = {
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
} satisfies Dataset;

export const tokenApprovals = {
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
} satisfies Dataset;

export const internalTransactions = {
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
} satisfies Dataset;

export const logs = {
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
} satisfies Dataset;
