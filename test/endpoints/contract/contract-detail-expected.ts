/**
 * Contracts computed independently of contract_list, daily_contract_costs and the endpoints' templates: plain SQL over
 * the raw transaction files, the contracts dimension and the account snapshots (the test helper's views,
 * test/helpers/lake.ts `sql`). The head TRX balance = the newest snapshot balance + the trx_flows after its block (the
 * flows' rules are checked against the independent opening state by trx-balance-reconciliation.test.ts), as the
 * account tests compute it.
 */
import path from 'node:path';
import { lakeDir, sql, testManifest } from '../../helpers/lake.ts';
import type { Row } from '../../../src/duckdb/duck.ts';

/** The trx_flows Parquet files of the test lake's version. */
export async function flowsGlob(): Promise<string> {
  const m = await testManifest();
  return path.join(lakeDir(), 'versions', m.version, 'derived', 'trx_flows', '*', '*.parquet');
}

/** One row per contract of the dimension: name, deployer, creation time, token flag, tag, head balance (sun), transactions received. */
export async function expectedContracts(): Promise<Row[]> {
  const flows = await flowsGlob();
  return sql(`
    WITH s AS (SELECT address, balance, as_of_block FROM snap_account_snapshots
               QUALIFY row_number() OVER (PARTITION BY address ORDER BY as_of_block DESC) = 1),
    f AS (SELECT address, block_number, delta FROM read_parquet('${flows}', hive_partitioning = false)
          WHERE address IN (SELECT address FROM dim_contracts)),
    bal AS (SELECT c.address, coalesce(s.balance, 0) + coalesce(sum(f.delta) FILTER (WHERE s.as_of_block IS NULL OR f.block_number > s.as_of_block), 0) AS balance
            FROM dim_contracts c LEFT JOIN s USING (address) LEFT JOIN f USING (address) GROUP BY c.address, s.balance),
    recv AS (SELECT coalesce(to_address, contract_address) AS address, count(*) AS n FROM raw_transactions GROUP BY 1)
    SELECT c.address, c.name, c.creator_address, c.created_ts, c.is_token, c.tag, bal.balance::BIGINT AS balance, coalesce(recv.n, 0)::BIGINT AS trx_count
    FROM dim_contracts c JOIN bal USING (address) LEFT JOIN recv USING (address)`);
}

/** Contracts ordered as the endpoint's sort `key` (trx_count | balance | created_ts) orders them, ties by address. */
export function sortedBy(rows: Row[], key: string, desc: boolean): Row[] {
  return [...rows].sort((a, b) => {
    const x = BigInt(String(a[key] ?? 0));
    const y = BigInt(String(b[key] ?? 0));
    if (x !== y) return (x < y ? -1 : 1) * (desc ? -1 : 1);
    return (String(a.address) < String(b.address) ? -1 : 1) * (desc ? -1 : 1);
  });
}
