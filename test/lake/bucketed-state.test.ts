/**
 * Bucketed state and bounded datasets (Dataset.bucketBy on a dataset written whole, derive.ts writeWhole: account_details,
 * account_resources, accounts, and the by-holder token copies trc20_balances_by_holder, token_holdings_by_holder): one file
 * per address bucket, `bucket=K/part-0.parquet`, every row in the folder of its address's bucket, each file sorted by
 * the dataset's sort key, and the rows the manifest counts. account_details is also checked against plain SQL over
 * the snapshots and the raw transactions: one row per address with a snapshot or a transaction, its newest snapshot.
 * The bucket formula is written here again in TypeScript (last two characters), independently of the SQL macro.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lakeDir, sql, testManifest } from '../helpers/lake.ts';

const bucketOf = (a: string): number => (a.charCodeAt(a.length - 1) * 58 + a.charCodeAt(a.length - 2)) % 32;

async function folderOf(name: string): Promise<{ dir: string; rows: number }> {
  const m = await testManifest();
  return { dir: path.join(lakeDir(), 'versions', m.version, 'derived', name), rows: m.tables[name]!.rows };
}

describe('bucketed state files', () => {
  for (const [name, key] of [
    ['account_details', ['address']],
    ['accounts', ['address']],
    ['account_resources', ['address', 'version', 'type', 'resource', 'receiver_address', 'owner_address']],
    ['trc20_balances_by_holder', ['holder_address', 'contract_address']],
    ['token_holdings_by_holder', ['holder_address', 'token_standard', 'token_id']],
  ] as const) {
    it(`${name}: bucket=K/part-0.parquet, rows in their address's bucket, each file sorted by ${key.join(', ')}`, async () => {
      const { dir, rows: counted } = await folderOf(name);
      const folders = readdirSync(dir).sort();
      expect(folders.length).toBeGreaterThan(1);
      for (const f of folders) {
        expect(f).toMatch(/^bucket=\d+$/);
        expect(readdirSync(path.join(dir, f))).toEqual(['part-0.parquet']);
      }
      const rows = await sql(`SELECT filename AS file, ${key.map((k) => `coalesce(CAST(${k} AS VARCHAR), '') AS ${k}`).join(', ')}
                              FROM read_parquet('${dir}/*/*.parquet', filename = true, file_row_number = true, hive_partitioning = false)
                              ORDER BY filename, file_row_number`);
      expect(rows.length).toBe(counted);
      expect(rows.length).toBeGreaterThan(20);
      // The bucket column is the first sort key (the address the dataset is looked up by).
      expect(rows.filter((r) => `bucket=${bucketOf(String(r[key[0]]))}` !== path.basename(path.dirname(String(r.file))))).toEqual([]);
      let unsorted = 0;
      for (let i = 1; i < rows.length; i++) {
        const a = rows[i - 1]!;
        const b = rows[i]!;
        if (a.file !== b.file) continue;
        // Text comparison of each key: the integer keys (version, type) are one digit, so text order is their order.
        const cmp = key.map((k) => (String(a[k]) < String(b[k]) ? -1 : String(a[k]) > String(b[k]) ? 1 : 0)).find((x) => x !== 0) ?? 0;
        if (cmp > 0) unsorted++;
      }
      expect(unsorted).toBe(0);
    });
  }

  it('account_details: one row per address with a snapshot or a transaction, its newest snapshot balance, permissions, reward and usages', async () => {
    const { dir } = await folderOf('account_details');
    const got = await sql(`SELECT address, has_snapshot, balance, owner_permission_json, witness_permission_json, reward,
                                  net_usage, latest_consume_time, net_window_size, free_net_usage, latest_consume_free_time, energy_usage,
                                  latest_consume_time_for_energy, energy_window_size, usage_as_of_ts
                           FROM read_parquet('${dir}/*/*.parquet', hive_partitioning = false) ORDER BY address`);
    const want = await sql(`
      WITH newest AS (SELECT * FROM snap_account_snapshots QUALIFY as_of_block = max(as_of_block) OVER (PARTITION BY address)),
      addrs AS (SELECT address FROM snap_account_snapshots UNION SELECT owner_address FROM raw_transactions
                UNION SELECT coalesce(to_address, contract_address) FROM raw_transactions WHERE coalesce(to_address, contract_address) IS NOT NULL)
      SELECT a.address, n.address IS NOT NULL AS has_snapshot, n.balance, n.owner_permission_json, n.witness_permission_json, n.reward,
             n.net_usage, n.latest_consume_time, n.net_window_size, n.free_net_usage, n.latest_consume_free_time, n.energy_usage,
             n.latest_consume_time_for_energy, n.energy_window_size, w."timestamp" AS usage_as_of_ts
      FROM addrs a LEFT JOIN newest n USING (address) LEFT JOIN snap_network_snapshots w ON w.as_of_block = n.as_of_block ORDER BY a.address`);
    expect(got.length).toBeGreaterThan(20);
    expect(got).toEqual(want);
  });
});
