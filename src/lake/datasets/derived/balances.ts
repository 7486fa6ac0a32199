/**
 * Balances and holdings (sql/derive/balances/): the token and TRX ledgers (running state), the copies of their
 * positive rows by holder, token figures computed from them, and the holder counts per day walked back from them.
 */
import { c, type Column } from '../types.ts';
import type { DerivedDataset } from '../growth.ts';
import { RANGE_ROWS, bucket } from './columns.ts';
import type { Family } from '../family.ts';

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

const holderBucket = c('bucket', 'INTEGER', 'address_bucket(holder_address): 0-31, the `bucket=K` folder');

// Token ledgers (SPEC §4.1). Balances are net flows over the lake's history, exact (HUGEINT sums kept as decimal
// strings) beside a DOUBLE for sorting; sorted by (token, balance desc) so a holder page reads one token's rows.

export const trc20Balances: DerivedDataset = {
  name: 'trc20_balances',
  kind: 'derived',
  growth: { rule: 'state' },
  partitioned: false,
  rowGroupSize: 16_384,
  sortBy: ['contract_address', 'holder_rank', 'holder_address'],
  doc: 'TRC20 net position per (contract, holder): transfers in minus out, plus the stablecoin events that move a balance without a Transfer (stablecoin_events.balance_effect: USDJ Mint / Burn, USDT DestroyedBlackFunds), zero address excluded, non-zero rows only.',
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

export const trc10Balances: DerivedDataset = {
  name: 'trc10_balances',
  kind: 'derived',
  growth: { rule: 'state' },
  partitioned: false,
  // Small row groups: a holders page is a holder_rank range of one token (/api/tokenholders), so it reads one or two.
  rowGroupSize: 4_096,
  sortBy: ['token_id', 'holder_rank', 'holder_address'],
  doc: 'TRC10 net position per (token id, holder): successful type-2 transfers in minus out, plus the issued supply credited to the issuer. Sorted by token and rank, largest positive balance first.',
  columns: [
    c('token_id', 'VARCHAR', 'TRC10 numeric id'),
    c('holder_address', 'VARCHAR', 'holder, Base58'),
    c('balance_raw', 'VARCHAR', 'balance in the smallest unit, exact decimal string'),
    c('balance', 'DOUBLE', 'balance_raw as DOUBLE, for sorting'),
    c('update_block', 'BIGINT', 'block of the last transfer touching the balance (0 = issue)'),
    c('update_ts', 'BIGINT', 'time of that transfer, ms'),
    c('holder_rank', 'BIGINT', "rank among the token's positive balances: largest first (exact amounts), ties by holder descending, the order of /api/tokenholders' -balance; NULL when not positive", true),
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

/** The family's datasets (sql/derive/balances/<name>.sql); their derive order is computed from what each reads. */
export const balances: Family = { name: 'balances', datasets: [trc20Balances, trc20BalancesByHolder, trc10Balances, trc721Owners, trc1155Balances, trc1155Tokens, tokenFlows, tokenStats, tokenPositionBands, trxFlows, trxBalances, dailyTokenHolders, dailyTrxHolders, tokenHoldingsByHolder] };
