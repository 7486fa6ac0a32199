/**
 * The audit's /api/top10 section (docs/compat.md "Top 10"): every TRX amount, count and vote total of the week's
 * rankings and of the overview, compared as the literal sent with plain SQL over the raw transactions and the newest
 * account snapshots (never hourly_address_activity or the serving tables). The window is the 168 whole UTC hours
 * ending with the head block's hour.
 */
import { expectedLiteral } from '../endpoints/token/supply-ledger.ts';
import { type Ctx, quoted, s } from './context.ts';
import { arrayPart, field, objects } from './json-text.ts';

const HOUR = 3_600_000;
const trx = (sun: unknown): string => expectedLiteral(s(sun ?? 0), 6);
const NEWEST = `(SELECT * FROM snap_account_snapshots s WHERE as_of_block = (SELECT max(as_of_block) FROM snap_account_snapshots x WHERE x.address = s.address))`;
const FROZEN = `frozen_v1_bandwidth + frozen_v1_energy + delegated_v1_bandwidth + delegated_v1_energy + frozen_v2_bandwidth + frozen_v2_energy + frozen_v2_tron_power + delegated_v2_bandwidth + delegated_v2_energy`;

export async function top10Checks({ io, get, check }: Ctx): Promise<void> {
  const since = (hours: number) => (Math.floor(io.head / HOUR) - (hours - 1)) * HOUR;
  const week = since(168);
  const tx = `raw_transactions WHERE "timestamp" >= ${week}`;
  const transfers = `${tx} AND contract_type = 1 AND contract_ret = 'SUCCESS'`;
  // type → [row field holding the key, row field holding the figure, SQL of (k, v) for the listed keys, TRX or a count]
  const rankings: Record<number, [string, string, (keys: string) => string, boolean]> = {
    1: ['address', 'amount', (k) => `SELECT owner_address k, sum(amount) v FROM ${transfers} AND owner_address IN (${k}) GROUP BY 1`, true],
    2: ['address', 'transaction_number', (k) => `SELECT owner_address k, count(*) v FROM ${transfers} AND owner_address IN (${k}) GROUP BY 1`, false],
    3: ['address', 'amount', (k) => `SELECT to_address k, sum(amount) v FROM ${transfers} AND to_address IN (${k}) GROUP BY 1`, true],
    4: ['address', 'transaction_number', (k) => `SELECT to_address k, count(*) v FROM ${transfers} AND to_address IN (${k}) GROUP BY 1`, false],
    5: ['address', 'freeze', (k) => `SELECT address k, ${FROZEN} v FROM ${NEWEST} WHERE address IN (${k})`, true],
    11: ['contract', 'balance', (k) => `SELECT address k, balance v FROM ${NEWEST} WHERE address IN (${k})`, true],
    13: ['contract', 'triggers', (k) => `SELECT contract_address k, count(*) v FROM ${tx} AND contract_type = 31 AND contract_address IN (${k}) GROUP BY 1`, false],
    14: ['address', 'whole_energy_use', (k) => `SELECT owner_address k, sum(energy_usage_total) v FROM ${tx} AND owner_address IN (${k}) GROUP BY 1`, false],
    17: ['address', 'fee', (k) => `SELECT contract_address k, sum(fee) v FROM ${tx} AND contract_type = 31 AND contract_address IN (${k}) GROUP BY 1`, true],
    20: ['address', 'fee', (k) => `SELECT owner_address k, sum(fee) v FROM ${tx} AND owner_address IN (${k}) GROUP BY 1`, true],
  };
  const body = await get(`/api/top10?time=3&type=${Object.keys(rankings).join(',')}`);
  for (const block of objects(body)) {
    const type = Number(field(block, 'type'));
    const [keyField, valueField, query, isTrx] = rankings[type]!;
    const rows = objects(arrayPart(block, 'data'));
    if (rows.length === 0) continue;
    const want = new Map((await io.sql(query(quoted(rows.map((r) => field(r, keyField)!))))).map((r) => [s(r.k), isTrx ? trx(r.v) : s(r.v)]));
    for (const r of rows) check('/api/top10', `type ${type} ${field(r, keyField)} ${valueField}`, field(r, valueField), want.get(field(r, keyField)!) ?? '?');
  }

  const overview = await get('/api/top10?type=0');
  for (const [hours, prefix] of [[1, 'last_hour_'], [24, 'last_day_'], [168, 'last_week_']] as const) {
    const [f] = await io.sql(`SELECT CAST(coalesce(sum(amount), 0) AS VARCHAR) sun, count(*) n FROM raw_transactions
                              WHERE "timestamp" >= ${since(hours)} AND contract_type = 1 AND contract_ret = 'SUCCESS'`);
    check('/api/top10', `${prefix}trx_transfer_amount`, field(overview, `${prefix}trx_transfer_amount`), trx(f!.sun));
    check('/api/top10', `${prefix}trx_transaction_number`, field(overview, `${prefix}trx_transaction_number`), s(f!.n));
  }
  // The state totals are the whole chain's (docs/compat.md "Whole-chain figures"): the node's stake weights of the
  // newest network snapshot (whole TRX), null without one; the contracts' balances only when the lake holds every
  // account (its accounts = the account_count anchor before its first block + those created since), else null.
  const [net] = await io.sql(`SELECT CAST(CAST(total_net_weight AS HUGEINT) + total_energy_weight + total_tron_power_weight AS VARCHAR) w
                              FROM snap_network_snapshots ORDER BY as_of_block DESC LIMIT 1`);
  check('/api/top10', 'whole_freeze', field(overview, 'whole_freeze'), net ? s(net.w) : 'null');
  const [state] = await io.sql(`WITH b AS (SELECT min(block_number) AS first, min("timestamp") AS first_ts FROM raw_blocks),
                                a AS (SELECT CASE WHEN (SELECT first FROM b) = 0 THEN 0 ELSE (SELECT max(CAST(value_raw AS HUGEINT)) FROM ref_chain_anchors
                                      WHERE name = 'account_count' AND as_of_block = (SELECT first FROM b) - 1) END AS n)
                                SELECT CAST(coalesce(sum(balance) FILTER (WHERE address IN (SELECT address FROM dim_contracts)), 0) AS VARCHAR) contracts,
                                       count(*) = (SELECT n FROM a) + count(*) FILTER (WHERE create_time >= (SELECT first_ts FROM b)) AS complete
                                FROM ${NEWEST} WHERE create_time > 0 OR balance > 0`);
  check('/api/top10', 'contract_whole_balance', field(overview, 'contract_whole_balance'), state!.complete === true ? trx(state!.contracts) : 'null');
}
