/**
 * DeFi (sql/derive/defi/, issue 34): per UTC day, what each project contract of project_contracts holds and what
 * flowed through each pool, read by the pool and TVL endpoints (/api/stableCoin/pool/*, /api/stableCoin/tvl,
 * /api/defiTvl). TVL is never stored: it is these exact balances × the day's price (sql/serving/token_day_prices.sql).
 * Per address, its positions in the registry's markets and pairs (defi_positions, /api/participate_project).
 */
import { c, type Column, type DuckType } from '../types.ts';
import type { DerivedDataset } from '../growth.ts';
import type { Family } from '../family.ts';

/** A measure column of an additive rollup. */
const m = (name: string, type: DuckType, doc: string): Column => ({ ...c(name, type, doc), measure: 'sum' });

export const dailyContractBalances: DerivedDataset = {
  name: 'daily_contract_balances',
  kind: 'derived',
  // Not additive: balance_raw is walked back from the ledger's balance now (trc20_balances) over the rewritten days
  // (always the newest), as daily_stablecoin_supply; older days keep their rows (the balance now moves by exactly the
  // new days' net flows, so their end-of-day figures do not change).
  growth: { rule: 'per-day' },
  partitioned: true,
  sortBy: ['day', 'contract_address', 'token_address'],
  doc: "Per UTC day, project contract (project_contracts) and token of its `tokens` list (TRC20, or '_' TRX): the token the contract received and sent that day (Transfers, and the stablecoin events that move a balance without one, as trc20_balances; TRX: trx_flows) and its balance at the end of the day, walked back from the balance now (trc20_balances; TRX: trx_balances, else the newest account snapshot at or before the head) minus the net flows of later days. A row on each day the contract's token moved, and on the lake's first day for every contract and token with a balance. A day without a row has its last earlier row's balance.",
  columns: [
    c('day', 'VARCHAR', 'UTC day, yyyy-MM-dd'),
    c('day_ts', 'BIGINT', 'UTC midnight of the day, ms'),
    c('project', 'VARCHAR', 'projects.project of the contract'),
    c('contract_address', 'VARCHAR', 'the project contract (pool, market, PSM, join), Base58'),
    c('venue', 'VARCHAR', 'project_contracts.venue'),
    c('role', 'VARCHAR', 'project_contracts.role'),
    c('token_address', 'VARCHAR', "TRC20 token of the contract, Base58; '_' for TRX"),
    c('in_raw', 'VARCHAR', 'token received that day, smallest unit, exact decimal string'),
    c('out_raw', 'VARCHAR', 'token sent that day, smallest unit, exact decimal string'),
    c('balance_raw', 'VARCHAR', 'balance at the end of the day, smallest unit, exact decimal string (negative: history before the lake without an anchor)'),
  ],
};

export const dailyPoolFlows: DerivedDataset = {
  name: 'daily_pool_flows',
  kind: 'derived',
  growth: { rule: 'per-day', additive: true },
  partitioned: true,
  sortBy: ['day', 'pool_address', 'token_address'],
  doc: 'Per UTC day, pool and token leg of dex_pool_events: swap volume into and out of the pool, liquidity added and removed, and the swap events (trades) with a leg of the token. Reserve rows (Sync, Snapshot) do not count.',
  columns: [
    c('day', 'VARCHAR', 'UTC day, yyyy-MM-dd'),
    c('day_ts', 'BIGINT', 'UTC midnight of the day, ms'),
    c('project', 'VARCHAR', 'projects.project of the pool'),
    c('venue', 'VARCHAR', 'dex_pool_events.venue'),
    c('pool_address', 'VARCHAR', 'the pool / PSM, Base58'),
    c('token_address', 'VARCHAR', "the leg's token, Base58; '_' for TRX"),
    m('swap_in', 'DECIMAL(38,0)', 'swapped into the pool, smallest unit, exact'),
    m('swap_out', 'DECIMAL(38,0)', 'swapped out of the pool, smallest unit, exact'),
    m('liquidity_added', 'DECIMAL(38,0)', 'added as liquidity, smallest unit, exact'),
    m('liquidity_removed', 'DECIMAL(38,0)', 'removed as liquidity, smallest unit, exact'),
    m('trade_count', 'BIGINT', 'swap events with a leg of this token'),
  ],
};

export const defiPositions: DerivedDataset = {
  name: 'defi_positions',
  kind: 'derived',
  // State: the supply and LP rows are the registry tokens' positions in trc20_balances (bounded by those positions,
  // read again at each publish); a borrow row is the newest Borrow / RepayBorrow of its (borrower, market), merged
  // from the previous rows and the new blocks' events (defi_positions.merge.sql), never rescanning history.
  growth: { rule: 'state' },
  partitioned: false,
  sortBy: ['holder_address', 'project', 'contract_address', 'kind', 'token_address'],
  doc: "DeFi positions per address (issue 34, /api/participate_project): per (holder, project contract of project_contracts, kind, token) the exact balance. `supply`: the JustLend market's jTokens the holder holds (trc20_balances, jToken units: the exchange rate is applied when read, from the market's newest Mint / Redeem); `borrow`: the borrower's debt in the market's underlying, the `accountBorrows` of its newest Borrow / RepayBorrow (lending_events); `lp`: SunSwap V2 pair tokens (the pair is its own LP token) the holder holds, LP units. Positive positions only.",
  columns: [
    c('holder_address', 'VARCHAR', 'the position holder (supplier, borrower, liquidity provider), Base58'),
    c('project', 'VARCHAR', 'projects.project of the contract'),
    c('contract_address', 'VARCHAR', 'the JustLend market (jToken) or SunSwap V2 pair, Base58'),
    c('venue', 'VARCHAR', 'project_contracts.venue'),
    c('kind', 'VARCHAR', 'supply | borrow | lp'),
    c('token_address', 'VARCHAR', "the token of balance_raw: supply the jToken (= the market), borrow the underlying ('_' = TRX), lp the pair"),
    c('underlying_address', 'VARCHAR', "supply / borrow: the market's underlying ('_' = TRX); lp: NULL", true),
    c('balance_raw', 'VARCHAR', 'the position in the smallest unit of token_address, exact positive decimal string'),
    c('update_block', 'BIGINT', 'block of the last change: the ledger row (supply, lp) or the borrow event'),
    c('event_tx_index', 'INTEGER', 'borrow: the transaction position of its event (orders events of one block); NULL otherwise', true),
    c('event_log_index', 'INTEGER', 'borrow: the log position of its event; NULL otherwise', true),
  ],
};

export const defi: Family = { name: 'defi', datasets: [dailyContractBalances, dailyPoolFlows, defiPositions] };
