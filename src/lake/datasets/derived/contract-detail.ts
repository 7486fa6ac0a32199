/**
 * Contract detail (sql/derive/contract-detail/, SPEC §4.6): what /api/contracts, /api/contract and
 * /api/contract/analysis read besides the existing rollups. One row per known contract with its head balance and lake
 * calls (a list page sorts at most the contracts, never the history), and per UTC day and contract the bandwidth and
 * TRX burned by the calls to it and the energy of the deploy that created it (analysis types 2, 3, 5).
 */
import { c, type Column, type DuckType } from '../types.ts';
import type { DerivedDataset } from '../growth.ts';
import type { Family } from '../family.ts';

/** A measure column of an additive rollup (nullable: a NULL in a day makes the merged sum NULL, derive.ts additiveMerge). */
const m = (name: string, type: DuckType, doc: string, nullable = false): Column => ({ ...c(name, type, doc, nullable), measure: 'sum' });

export const contractList: DerivedDataset = {
  name: 'contract_list',
  kind: 'derived',
  // Recomputed whole at each publish: one row per contract of the contracts dimension, each looked up in the state
  // tables by address (trx_balances, account_activity, accounts), so its cost is the contracts', not the history's.
  growth: { rule: 'bounded', boundedBy: 'contracts in the contracts dimension (one row each)' },
  partitioned: false,
  rowGroupSize: 8_192,
  sortBy: ['address'],
  doc: "One row per contract of the contracts dimension: its name, deployer, deploy time, token flag and label, its TRX balance at the head (trx_balances, else its newest account snapshot, else 0) and the transactions it received in the lake (account_activity.tx_in: calls, TRX sent to it, its creation), /api/contracts' rows and /api/contract's trxCount.",
  columns: [
    c('address', 'VARCHAR', 'contract address, Base58'),
    c('name', 'VARCHAR', "contract name ('' when unknown)"),
    c('creator_address', 'VARCHAR', 'deployer, Base58', true),
    c('created_ts', 'BIGINT', 'deploy time, ms (0 when unknown)'),
    c('is_token', 'BOOLEAN', 'the contract is a TRC20/721/1155 token'),
    c('tag', 'VARCHAR', "public label ('' when none)"),
    c('balance', 'BIGINT', 'TRX balance at the head, sun'),
    c('trx_count', 'BIGINT', 'transactions it received in the lake (account_activity.tx_in; 0 when none)'),
  ],
};

export const dailyContractCosts: DerivedDataset = {
  name: 'daily_contract_costs',
  kind: 'derived',
  growth: { rule: 'per-day', additive: true },
  partitioned: true,
  sortBy: ['day', 'contract_address'],
  doc: 'Per UTC day and contract: the bandwidth of the TriggerSmartContract calls to it (from stake or the free allowance, and burned), the sun they burned for bandwidth and energy, and the energy of the CreateSmartContract that created it (/api/contract/analysis types 2, 3, 5).',
  columns: [
    c('day', 'VARCHAR', 'UTC day, yyyy-MM-dd'),
    c('day_ts', 'BIGINT', 'UTC midnight of the day, ms'),
    c('contract_address', 'VARCHAR', 'called or created contract, Base58'),
    m('net_usage', 'BIGINT', 'bandwidth of the calls from stake or the free allowance, bytes'),
    m('net_fee', 'BIGINT', 'sun the calls burned for bandwidth'),
    m('net_burn', 'BIGINT', 'bandwidth of the calls paid by burning: net_fee / the bandwidth price in force, bytes (NULL without a price)', true),
    m('energy_fee', 'BIGINT', 'sun the calls burned for energy'),
    m('deploy_energy_usage_total', 'BIGINT', 'energy of the transaction that created the contract that day (0 on other days)'),
  ],
};

export const contractDetail: Family = { name: 'contract-detail', datasets: [contractList, dailyContractCosts] };
