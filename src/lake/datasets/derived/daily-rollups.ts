/**
 * Daily rollups (sql/derive/daily-rollups/): additive measures per UTC day (longer periods are sums of days), the
 * day's distinct sets their distinct counts merge from, period-to-date distinct accounts, per-hour address activity,
 * and the stablecoin supply per day (walked back from the supply now).
 */
import { c, type Column, type DuckType } from '../types.ts';
import type { DerivedDataset } from '../growth.ts';
import type { Family } from '../family.ts';

/** A measure column of an additive rollup, e.g. `m('fee', 'BIGINT', 'sum of fee')`; `min` / `max` for extremes. */
const m = (name: string, type: DuckType, doc: string, measure: 'sum' | 'min' | 'max' = 'sum', nullable = false): Column => ({ ...c(name, type, doc, nullable), measure });

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

// Issue 31 (SPEC §4.4 supply endpoints): per UTC day and stablecoin contract, the supply moves of stablecoin_events
// (counted once: echo Transfers are no rows) and the supply at the end of the day, walked back from the supply now.
export const dailyStablecoinSupply: DerivedDataset = {
  name: 'daily_stablecoin_supply',
  kind: 'derived',
  // Not additive: supply_raw is walked back from the new version's supply now over the rewritten days (always the
  // newest), so the SELECT runs over those days; older days keep their rows (the supply now moves by exactly the
  // new days' net flows, so their end-of-day figures do not change).
  growth: { rule: 'per-day' },
  partitioned: true,
  sortBy: ['day', 'contract_address'],
  doc: "Per UTC day and stablecoin contract of the registry (src/chain/stablecoins.ts; USDD's two contracts apart): minted and burned amounts and counts from stablecoin_events (supply_effect mint / burn: named events, and USDD 2.0's Transfers from / to the zero address; echo Transfers never count), and the supply at the end of the day. The supply now is anchored on the newest totalSupply() row of trc20_snapshots (holder = the zero address) plus the net flows after its block, or without one on token_stats.supply_raw (the ledger: openings plus Transfers plus the balance moves no Transfer shows, USDJ Mint / Burn and USDT DestroyedBlackFunds); a day's supply = the supply now minus the net flows of later days. A row on each day a contract's supply moved, and on the lake's first day for every contract with an anchor; a day without a row has its last earlier row's supply.",
  columns: [
    c('day', 'VARCHAR', 'UTC day, yyyy-MM-dd'),
    c('contract_address', 'VARCHAR', 'stablecoin contract, Base58'),
    c('coin', 'VARCHAR', 'USDT | USDC | USDD | USDJ | TUSD'),
    c('contract_key', 'VARCHAR', 'registry key: USDT, USDCOLD, USDD, USDDOLD, USDJ, TUSD'),
    c('minted_raw', 'VARCHAR', 'sum of the mint events of the day, smallest unit, exact decimal string'),
    c('burned_raw', 'VARCHAR', 'sum of the burn events of the day (redeemed and destroyed funds), smallest unit, exact decimal string'),
    c('mint_count', 'BIGINT', 'mint events of the day'),
    c('burn_count', 'BIGINT', 'burn events of the day'),
    c('supply_raw', 'VARCHAR', 'total supply at the end of the day, smallest unit, exact decimal string; NULL when the lake holds no anchor for the contract', true),
  ],
};

// Issue 31 (/api/stableCoin/distribution/change): per UTC day and stablecoin contract, the positive balances by holder
// category and the day's 10 largest holders, so the endpoint reads one small row set per day instead of walking every
// holder's history back from the head at each version (6-7 s for USDT on the default lake, 26 s on a 10 M-transaction
// one: past the request timeout).
export const dailyStablecoinDistribution: DerivedDataset = {
  name: 'daily_stablecoin_distribution',
  kind: 'derived',
  // Not additive: the end-of-day balances are walked back from the new version's head ledger over the rewritten days
  // (always the newest, through the head's day: the SELECT stops the publish otherwise), so older days keep their rows
  // (the ledger moves by exactly the new days' moves). Its categories read address_labels and contracts, and its
  // balances the ledger's anchors: a publish that changes a reference dataset or an anchor derives it in full.
  growth: { rule: 'per-day' },
  partitioned: true,
  sortBy: ['day', 'contract_address', 'kind', 'rank', 'category'],
  doc: "Per UTC day and stablecoin contract of the registry (USDD's two contracts apart): the positive balances at the end of the day summed by holder category (kind 'category': exchange, JustLend, SunSwap, SunCurve, otherAccount, otherContract; six rows, zeros included; the categories of /api/stableCoin/distribution, from the version's address_labels and contracts) and the day's 10 largest holders (kind 'top', rank 1-10, ties by address). A balance at the end of a day = the head ledger's (trc20_balances) minus the later TRC20 balance moves (Transfers, and the stablecoin moves without one). A point on every day a holder's end-of-day balance is not zero or a balance moved.",
  columns: [
    c('day', 'VARCHAR', 'UTC day, yyyy-MM-dd'),
    c('contract_address', 'VARCHAR', 'stablecoin contract, Base58'),
    c('kind', 'VARCHAR', "'category' (a category's total) | 'top' (one of the day's 10 largest holders)"),
    c('category', 'VARCHAR', 'category row: exchange | JustLend | SunSwap | SunCurve | otherAccount | otherContract', true),
    c('holder_address', 'VARCHAR', 'top row: the holder, Base58', true),
    c('rank', 'INTEGER', 'top row: 1-10, largest balance first, ties by address', true),
    c('amount_raw', 'VARCHAR', "category: sum of the category's positive balances at the end of the day; top: the holder's balance; smallest unit, exact decimal string"),
  ],
};

// Issue 33 (/api/turnover, /api/funds, /api/freezeresource): TRX minted and burned per UTC day, in sun, exact. Additive
// (sums per day), so a publish adds the new blocks' sums to the day's; one row a day, read whole by its endpoints.
export const dailySupply: DerivedDataset = {
  name: 'daily_supply',
  kind: 'derived',
  growth: { rule: 'per-day', additive: true },
  partitioned: true,
  sortBy: ['day'],
  doc: "Per UTC day: TRX minted (block rewards to the producer, vote rewards to the SRs and partners, at the chain parameters in force at each block's time: chain_parameter_history getWitnessPayPerBlock #5 / getWitness127PayPerBlock #31) and TRX burned by kind (every transaction fee: energy, bandwidth, memo, account creation, SR application, TRC10 issue, other), sun, exact. A block whose reward parameters the lake does not know counts in reward_unknown_blocks and adds no reward; a memo whose fee parameter (getMemoFee #68) is unknown leaves its fee in burn_other.",
  columns: [
    c('day', 'VARCHAR', 'UTC day, yyyy-MM-dd'),
    c('day_ts', 'BIGINT', 'UTC midnight of the day, ms'),
    m('block_count', 'BIGINT', 'blocks'),
    m('reward_unknown_blocks', 'BIGINT', 'blocks (genesis excepted) without a known getWitnessPayPerBlock or getWitness127PayPerBlock at their time: their rewards are not in block_pay / node_pay'),
    m('block_pay', 'BIGINT', 'block rewards to the producers (getWitnessPayPerBlock per block; genesis pays none), sun'),
    m('node_pay', 'BIGINT', 'vote rewards to the SRs and partners (getWitness127PayPerBlock per block), sun'),
    m('burn_energy', 'BIGINT', 'sun burned for energy (sum of energy_fee)'),
    m('burn_bandwidth', 'BIGINT', 'sun burned for bandwidth (sum of net_fee, the 0.1 TRX of an account created without staked bandwidth included)'),
    m('burn_memo', 'BIGINT', 'memo fees: per transaction with a memo, getMemoFee in force (at most the fee beyond energy and bandwidth), sun'),
    m('burn_account_creation', 'BIGINT', 'AccountCreateContract (0): its fee beyond energy, bandwidth and memo, sun'),
    m('burn_sr_application', 'BIGINT', 'WitnessCreateContract (5): its fee beyond energy, bandwidth and memo, sun'),
    m('burn_trc10_issue', 'BIGINT', 'AssetIssueContract (6): its fee beyond energy, bandwidth and memo, sun'),
    m('burn_other', 'BIGINT', 'the rest of the fees: multisig fees, accounts created by transfers, permission updates, exchanges and any memo fee whose parameter is unknown, sun'),
    m('burn_total', 'BIGINT', 'sum of fee: all the above'),
  ],
};

// Issue 33: prices from the chain itself (source `sunswap`): the registry's SunSwap V2 pools' Swap logs per UTC hour
// and day. Not additive (open / close / VWAP): a publish recomputes the days it rewrites, each a day of one pool's logs.
export const dexPrices: DerivedDataset = {
  name: 'dex_prices',
  kind: 'derived',
  growth: { rule: 'per-day' },
  partitioned: true,
  sortBy: ['day', 'granularity', 'asset', 'pool', 'time'],
  doc: "Per UTC hour and day, asset and SunSwap V2 pool of the registry (src/chain/sunswap-pools.ts): open, high, low, close and volume-weighted price in TRX and in USD from the pool's Swap logs (source `sunswap`), exact decimal text with 18 places (each price floor()ed once from integer amounts; a token's USD figure = its TRX figure × TRX's USD figure of the period, floor()ed once more). TRX is asset '_', priced in USD by the USDT/WTRX pool (USDT read as 1 USD); its TRX fields are 1. A period without trades has no row; a token's USD fields are NULL in a period without a USDT/WTRX trade.",
  columns: [
    c('day', 'VARCHAR', 'UTC day, yyyy-MM-dd'),
    c('granularity', 'VARCHAR', 'hour | day'),
    c('time', 'BIGINT', 'start of the UTC hour or day, ms'),
    c('asset', 'VARCHAR', "'_' for TRX, else the token contract, Base58"),
    c('pool', 'VARCHAR', 'the SunSwap V2 pair the trades are of, Base58'),
    c('open_trx', 'VARCHAR', 'price of the first trade, TRX per whole token, exact decimal text'),
    c('high_trx', 'VARCHAR', 'highest trade price, TRX, exact decimal text'),
    c('low_trx', 'VARCHAR', 'lowest trade price, TRX, exact decimal text'),
    c('close_trx', 'VARCHAR', 'price of the last trade, TRX, exact decimal text'),
    c('vwap_trx', 'VARCHAR', 'volume-weighted price (WTRX moved / tokens moved), TRX, exact decimal text'),
    c('open_usd', 'VARCHAR', 'open in USD, exact decimal text', true),
    c('high_usd', 'VARCHAR', 'high in USD, exact decimal text', true),
    c('low_usd', 'VARCHAR', 'low in USD, exact decimal text', true),
    c('close_usd', 'VARCHAR', 'close in USD, exact decimal text', true),
    c('vwap_usd', 'VARCHAR', 'volume-weighted price in USD, exact decimal text', true),
    c('volume_sun', 'VARCHAR', 'WTRX moved by the trades, sun, exact decimal string'),
    c('volume_token_raw', 'VARCHAR', "the pool's other token moved by the trades, smallest unit, exact decimal string"),
    c('volume_usd', 'VARCHAR', "USD traded: TRX's row the USDT moved; a token's row its TRX volume × TRX's USD VWAP; exact decimal text", true),
    c('trade_count', 'BIGINT', 'trades (Swap logs) in the period'),
  ],
};

// ---- Contract statistics (SPEC §4.6 onecontractcallerstatistic, onecontractcallers): each caller of
// each contract per UTC day with its calls, so that a day's callers ranked by calls and the distinct callers of a
// range (not additive across days) read a contract's rows of those days, never the transactions.
export const dailyContractCallers: DerivedDataset = {
  name: 'daily_contract_callers',
  kind: 'derived',
  // Every measure a sum: appending blocks to a day adds the new calls per (contract, caller) to the day's rows.
  growth: { rule: 'per-day', additive: true },
  partitioned: true,
  // Contract first inside a day: a request reads one contract's rows of its days (row-group pruning on the sort).
  sortBy: ['day', 'contract_address', 'caller_address'],
  doc: 'Per UTC day, called contract and caller (owner of a TriggerSmartContract): calls and the energy they used.',
  columns: [
    c('day', 'VARCHAR', 'UTC day, yyyy-MM-dd'),
    c('day_ts', 'BIGINT', 'UTC midnight of the day, ms'),
    c('contract_address', 'VARCHAR', 'called contract, Base58'),
    c('caller_address', 'VARCHAR', 'caller (owner_address), Base58'),
    m('call_count', 'BIGINT', 'calls'),
    m('energy_usage_total', 'BIGINT', 'energy the calls used, penalty included'),
  ],
};
// ---- end contract statistics

/** The family's datasets (sql/derive/daily-rollups/<name>.sql); their derive order is computed from what each reads. */
export const dailyRollups: Family = { name: 'daily-rollups', datasets: [dailyAccountRoles, dailyContractCallStats, dailyTransactionStats, dailyTokenTransferStats, dailyAssetTransferStats, dailyBlockStats, dailyNetworkStats, periodActiveAccounts, dailyContractResources, dailyTokenActivity, hourlyAddressActivity, dailyStablecoinSupply, dailyStablecoinDistribution, dailySupply, dexPrices, dailyContractCallers] };
