/**
 * Lookup files (growth.ts `lookupFile`, issue 32): every run of tx_by_hash has a DuckDB file beside its Parquet
 * holding the same rows in the same order, recorded with its hash in the manifest; the engine attaches them and its
 * tx_by_hash view reads them, not the Parquet; a lake whose runs lack them is served from the Parquet as before.
 * Compared with the Parquet files read here, not through the engine.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Engine } from '../../src/engine/engine.ts';
import { versionDir } from '../../src/lake/manifest.ts';
import { verifyVersion } from '../../src/lake/verify.ts';
import { sqlOver } from '../helpers/raw-sql.ts';
import { lakeDir, testManifest } from '../helpers/lake.ts';

const COLUMNS = 'hash_prefix, block_number, "timestamp", tx_index';
const roots: string[] = [];
afterAll(() => roots.forEach((r) => rmSync(r, { recursive: true, force: true })));

async function engineOver(dataDir: string) {
  const manifest = await testManifest();
  return Engine.open({ dataDir, manifest, poolSize: 1, threads: 1, memoryLimit: '1GB', timeoutMs: 60_000 });
}

describe('tx_by_hash lookup files', () => {
  it('each run has its DuckDB file: the same rows in the same order, its hash in the manifest', async () => {
    const m = await testManifest();
    const dir = path.join(versionDir(lakeDir(), m), 'derived', 'tx_by_hash');
    const runs = m.tables.tx_by_hash!.runs!;
    expect(runs.length).toBeGreaterThan(0);
    for (const r of runs) {
      const parquet = path.join(dir, `run-${r.id}.parquet`);
      const file = path.join(dir, `run-${r.id}.duckdb`);
      const [same] = await sqlOver('', `ATTACH '${file}' AS f (READ_ONLY);
        SELECT (SELECT count(*) FROM f.rows) AS n,
               (SELECT count(*) FROM (SELECT ${COLUMNS}, row_number() OVER () AS i FROM f.rows
                  EXCEPT SELECT ${COLUMNS}, row_number() OVER () AS i FROM read_parquet('${parquet}'))) AS differ`);
      expect(Number(same!.n), r.id).toBe(r.rows);
      expect(Number(same!.differ), r.id).toBe(0);
      expect(m.files?.[`derived/tx_by_hash/run-${r.id}.duckdb`]?.bytes, r.id).toBeGreaterThan(0);
    }
    // tronlake verify checks a lookup file's bytes against its hash.
    const report = await verifyVersion(lakeDir(), m, { deep: true });
    expect(report.problems).toEqual([]);
  });

  it('the engine reads tx_by_hash from the lookup files; without them, from the Parquet, the same rows', async () => {
    const m = await testManifest();
    const [probe] = await sqlOver('', `SELECT hash_prefix FROM read_parquet('${versionDir(lakeDir(), m)}/derived/tx_by_hash/*.parquet') ORDER BY hash_prefix LIMIT 1 OFFSET 5`);
    const key = BigInt(String(probe!.hash_prefix));
    const ask = async (e: Engine) => {
      const t = { id: 'test/tx-by-hash', sql: `SELECT ${COLUMNS} FROM tx_by_hash WHERE hash_prefix = $key ORDER BY block_number, tx_index`, params: [{ name: 'key', type: 'BIGINT' }], ordered: false };
      const plan = JSON.stringify(await e.explain(t as never, { key }));
      return { rows: (await e.query(t as never, { key })).rows, parquet: /READ_PARQUET|PARQUET_SCAN/i.test(plan) };
    };
    const withFiles = await engineOver(lakeDir());
    const a = await ask(withFiles).finally(() => withFiles.close());
    expect(a.parquet).toBe(false);
    expect(a.rows.length).toBeGreaterThan(0);
    // A copy of the version without its lookup files (a lake derived before them): the Parquet view, the same rows.
    const root = mkdtempSync(path.join(os.tmpdir(), 'tronlake-lookup-'));
    roots.push(root);
    cpSync(lakeDir(), root, { recursive: true, filter: (src) => !src.endsWith('.duckdb') });
    const without = await engineOver(root);
    const b = await ask(without).finally(() => without.close());
    expect(b.parquet).toBe(true);
    expect(b.rows).toEqual(a.rows);
  });
});

describe('blocks_by_number lookup files (issue 32: a block by number, the latest blocks, confirming SRs)', () => {
  const BLOCK_COLUMNS = 'block_number, block_hash, parent_hash, "timestamp", witness_address, tx_trie_root, version, size_bytes, tx_count, net_usage, energy_usage, fee';

  it('the runs hold every raw block once, in number order, the DuckDB file the same rows as its Parquet', async () => {
    const m = await testManifest();
    const v = versionDir(lakeDir(), m);
    const dir = path.join(v, 'derived', 'blocks_by_number');
    const runs = m.tables.blocks_by_number!.runs!;
    expect(runs.length).toBeGreaterThan(0);
    const files = runs.map((r) => `'${path.join(dir, `run-${r.id}.duckdb`)}'`);
    const attach = files.map((f, i) => `ATTACH ${f} AS f${i} (READ_ONLY);`).join('\n');
    const union = files.map((_f, i) => `SELECT ${BLOCK_COLUMNS} FROM f${i}.rows`).join(' UNION ALL ');
    const [same] = await sqlOver('', `${attach}
      SELECT (SELECT count(*) FROM (${union})) AS n,
             (SELECT count(*) FROM read_parquet('${v}/raw/blocks/*/*.parquet')) AS raw,
             (SELECT count(*) FROM ((${union}) EXCEPT ALL SELECT ${BLOCK_COLUMNS} FROM read_parquet('${v}/raw/blocks/*/*.parquet'))) AS extra,
             (SELECT count(*) FROM (SELECT ${BLOCK_COLUMNS} FROM read_parquet('${v}/raw/blocks/*/*.parquet') EXCEPT ALL (${union}))) AS missing`);
    expect(Number(same!.n)).toBe(Number(same!.raw));
    expect([Number(same!.extra), Number(same!.missing)]).toEqual([0, 0]);
    for (const r of runs) {
      const [ordered] = await sqlOver('', `ATTACH '${path.join(dir, `run-${r.id}.duckdb`)}' AS f (READ_ONLY);
        SELECT count(*) FILTER (WHERE block_number <= prev) AS out_of_order,
               (SELECT count(*) FROM (SELECT ${BLOCK_COLUMNS}, row_number() OVER () AS i FROM f.rows
                  EXCEPT SELECT ${BLOCK_COLUMNS}, row_number() OVER () AS i FROM read_parquet('${path.join(dir, `run-${r.id}.parquet`)}'))) AS differ
        FROM (SELECT block_number, lag(block_number) OVER () AS prev FROM f.rows)`);
      expect([Number(ordered!.out_of_order), Number(ordered!.differ)], r.id).toEqual([0, 0]);
    }
  });

  it('the engine reads blocks_by_number from the lookup files', async () => {
    const [b] = await sqlOver('', `SELECT block_number FROM read_parquet('${versionDir(lakeDir(), await testManifest())}/raw/blocks/*/*.parquet') ORDER BY block_number LIMIT 1 OFFSET 3`);
    const e = await engineOver(lakeDir());
    try {
      const t = { id: 'test/block-by-number', sql: `SELECT ${BLOCK_COLUMNS} FROM blocks_by_number WHERE block_number = $block`, params: [{ name: 'block', type: 'BIGINT' }], ordered: false };
      const plan = JSON.stringify(await e.explain(t as never, { block: b!.block_number as number }));
      expect(/READ_PARQUET|PARQUET_SCAN/i.test(plan)).toBe(false);
      expect((await e.query(t as never, { block: b!.block_number as number })).rows.map((r) => r.block_number)).toEqual([b!.block_number]);
    } finally {
      await e.close();
    }
  });
});
