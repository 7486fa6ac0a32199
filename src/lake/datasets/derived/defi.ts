/**
 * DeFi (sql/derive/defi/, issue 34): per UTC day, what each project contract of project_contracts holds and what
 * flowed through each pool, read by the pool and TVL endpoints (/api/stableCoin/pool/*, /api/stableCoin/tvl,
 * /api/defiTvl). TVL is never stored: it is these exact balances × the day's price (sql/serving/token_day_prices.sql).
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
  doc: "Per UTC day, project contract (project_contracts) and TRC20 token of its `tokens` list: the token the contract received and sent that day (Transfers, and the stablecoin events that move a balance without one, as trc20_balances) and its balance at the end of the day, walked back from trc20_balances (the ledger now) minus the net flows of later days. A row on each day the contract's token moved, and on the lake's first day for every contract and token with a balance. TRX ('_': a V1 exchange's TRX side, jTRX) is not covered. A day without a row has its last earlier row's balance.",
  columns: [
    c('day', 'VARCHAR', 'UTC day, yyyy-MM-dd'),
    c('day_ts', 'BIGINT', 'UTC midnight of the day, ms'),
    c('project', 'VARCHAR', 'projects.project of the contract'),
    c('contract_address', 'VARCHAR', 'the project contract (pool, market, PSM, join), Base58'),
    c('venue', 'VARCHAR', 'project_contracts.venue'),
    c('role', 'VARCHAR', 'project_contracts.role'),
    c('token_address', 'VARCHAR', 'TRC20 token of the contract, Base58'),
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

export const defi: Family = { name: 'defi', datasets: [dailyContractBalances, dailyPoolFlows] };
