/**
 * Holder histories (sql/derive/holder-history/): what each block did to each holder's balance of each token, clustered
 * by holder, so one account's daily balance history of one token (SPEC §4.4 `/api/account/holderToken/*`) reads a few
 * range files instead of the chain.
 */
import { c } from '../types.ts';
import type { DerivedDataset } from '../growth.ts';
import { RANGE_ROWS } from './columns.ts';
import type { Family } from '../family.ts';

// Issue 31. One row per (holder, token, block), not per day: growth `runs` cuts a replaced unconfirmed tail out of
// older runs by block_number, so a row must never mix blocks on both sides of the cut; a day's figures are the sums
// of its rows (a handful per holder and day). No running balance is stored: the balance after a row is the head
// ledger's balance (trc20_balances, trc10_balances, trx_balances) minus the deltas after it, computed at read time,
// because a ledger anchor published later (a tracked token's balanceOf, an account snapshot) moves the balances of
// blocks already written, which a stored column could not follow without rewriting history.
export const tokenBalanceHistory: DerivedDataset = {
  name: 'token_balance_history',
  kind: 'derived',
  growth: { rule: 'runs', rangeRows: RANGE_ROWS },
  partitioned: false,
  rowGroupSize: 4_096,
  bucketBy: 'holder_address',
  sortBy: ['holder_address', 'token_id', 'block_number'],
  doc: "Net balance change of each holder per token per block, with the transfers in and out: every TRC20 Transfer log (all TRC20 tokens) and stablecoin event that moves a balance without one (stablecoin_events.balance_effect, counted as a move in or out), every successful TRC10 transfer (TransferAssetContract) and every TRX movement of trx_flows (token '_'); the zero address is no holder. Clustered by holder; the balance after a row is the head ledger's minus the later deltas.",
  columns: [
    c('holder_address', 'VARCHAR', 'the address whose balance moves, Base58'),
    c('token_id', 'VARCHAR', "TRC20 contract (Base58), TRC10 numeric id, or '_' for TRX"),
    c('token_standard', 'VARCHAR', 'trc20 | trc10 | trx'),
    c('block_number', 'BIGINT', 'block height'),
    c('timestamp', 'BIGINT', 'block time, ms'),
    c('day', 'VARCHAR', 'UTC day of the block, yyyy-MM-dd'),
    c('delta_raw', 'VARCHAR', 'net balance change in the block, smallest unit (sun for TRX), exact decimal string (negative: out)'),
    c('in_count', 'BIGINT', 'transfers received in the block (TRX: incoming flows of trx_flows)'),
    c('out_count', 'BIGINT', 'transfers sent in the block (TRX: outgoing flows of trx_flows, fees included)'),
    c('bucket', 'INTEGER', 'address_bucket(holder_address): 0-31, the `bucket=K` folder'),
  ],
};

/** The family's datasets (sql/derive/holder-history/<name>.sql). */
export const holderHistory: Family = { name: 'holder-history', datasets: [tokenBalanceHistory] };
