/**
 * Snapshot files at publish (src/lake/publish/state-files.ts): an empty staged table keeps the previous file, a staged one
 * replaces it, an upsert replaces only the rows of its keys (a pair that stopped delegating stays, with balance 0).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Db } from '../../src/duckdb/duck.ts';
import { accountSnapshots, columnDDL, resourceDelegations } from '../../src/lake/datasets/index.ts';
import { createDatasetView } from '../../src/lake/views.ts';
import { writeStateFile } from '../../src/lake/publish/state-files.ts';
import type { TableEntry } from '../../src/lake/manifest.ts';

let root: string;
let db: Db;
const dir = (n: string): string => path.join(root, n);
const A = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const B = 'TEkxiTehnzSmSe2XqrBj4w32RUN966rdz8';
const C = 'TXDk8mbtRbXeYuMNS83CfKPaYYT8XWv9Hz';

async function stage(rows: string[]): Promise<void> {
  await db.run(`DELETE FROM resource_delegations`);
  if (rows.length) await db.run(`INSERT INTO resource_delegations VALUES ${rows.join(', ')}`);
}
async function rowsOf(d: string): Promise<string[]> {
  const r = await db.all(`SELECT from_address || '>' || to_address || ':' || resource || '=' || balance || '@' || as_of_block AS x FROM read_parquet('${d}/snap/resource_delegations.parquet')`);
  return r.map((x) => String(x.x)).sort();
}

beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'tronlake-snap-'));
  db = await Db.open({ threads: 1 });
  await db.run(`CREATE TABLE resource_delegations (${columnDDL(resourceDelegations)})`);
});
afterAll(() => {
  db.close();
  rmSync(root, { recursive: true, force: true });
});

describe('snapshot files', () => {
  let v1: TableEntry;
  it('nothing staged and nothing before: absent', async () => {
    await stage([]);
    expect(await writeStateFile(db, resourceDelegations, dir('v0'), null, { upsert: false })).toBeNull();
  });

  it('a staged snapshot is written with its highest as-of block', async () => {
    await stage([`('${A}', '${B}', 2, 'ENERGY', 100, 5000000, 0, 0)`, `('${A}', '${C}', 2, 'BANDWIDTH', 100, 7000000, 7000000, 1700000000000)`]);
    v1 = (await writeStateFile(db, resourceDelegations, dir('v1'), null, { upsert: false }))!;
    expect(v1).toMatchObject({ kind: 'snapshot', rows: 2, asOfBlock: 100 });
    expect(await rowsOf(dir('v1'))).toEqual([`${A}>${B}:ENERGY=5000000@100`, `${A}>${C}:BANDWIDTH=7000000@100`].sort());
  });

  it('an upsert replaces the rows of its keys and keeps the others', async () => {
    await stage([`('${A}', '${B}', 2, 'ENERGY', 120, 0, 0, 0)`, `('${B}', '${C}', 2, 'ENERGY', 120, 9000000, 0, 0)`]);
    const v2 = (await writeStateFile(db, resourceDelegations, dir('v2'), { dir: dir('v1'), entry: v1 }, { upsert: true }))!;
    // The key holds the as-of block: a newer read of a pair is a new row beside the older one (its history).
    expect(v2.rows).toBe(4);
    expect(v2.asOfBlock).toBe(120);
    expect(await rowsOf(dir('v2'))).toEqual([`${A}>${B}:ENERGY=5000000@100`, `${A}>${B}:ENERGY=0@120`, `${A}>${C}:BANDWIDTH=7000000@100`, `${B}>${C}:ENERGY=9000000@120`].sort());
    // The same keys read again replace their rows.
    await stage([`('${A}', '${B}', 2, 'ENERGY', 120, 1000000, 0, 0)`]);
    const again = (await writeStateFile(db, resourceDelegations, dir('v2b'), { dir: dir('v2'), entry: v2 }, { upsert: true }))!;
    expect(again.rows).toBe(4);
    expect(await rowsOf(dir('v2b'))).toContain(`${A}>${B}:ENERGY=1000000@120`);
    await stage([`('${A}', '${B}', 2, 'ENERGY', 120, 0, 0, 0)`, `('${B}', '${C}', 2, 'ENERGY', 120, 9000000, 0, 0)`]);
  });

  it('without upsert a staged snapshot replaces the whole file; nothing staged keeps the previous file (linked)', async () => {
    const v3 = (await writeStateFile(db, resourceDelegations, dir('v3'), { dir: dir('v1'), entry: v1 }, { upsert: false }))!;
    expect(v3.rows).toBe(2);
    expect(await rowsOf(dir('v3'))).toEqual([`${A}>${B}:ENERGY=0@120`, `${B}>${C}:ENERGY=9000000@120`].sort());
    await stage([]);
    const v4 = (await writeStateFile(db, resourceDelegations, dir('v4'), { dir: dir('v3'), entry: v3 }, { upsert: true }))!;
    expect(v4).toEqual(v3);
    expect(statSync(path.join(dir('v4'), 'snap', 'resource_delegations.parquet')).ino).toBe(statSync(path.join(dir('v3'), 'snap', 'resource_delegations.parquet')).ino);
  });
});

describe('a snapshot file written before a nullable column existed (issue 27: account_snapshots resource usage)', () => {
  const USAGE = ['net_usage', 'latest_consume_time', 'net_window_size', 'free_net_usage', 'latest_consume_free_time', 'energy_usage', 'latest_consume_time_for_energy', 'energy_window_size'];
  const old = { kind: 'snapshot' as const, rows: 1, hash: 'h' };
  it('reads the missing columns as NULL (not 0), and an upsert onto it keeps its rows with NULL beside the new rows', async () => {
    // An old account_snapshots file: the catalog's columns without the usage ones.
    const before = accountSnapshots.columns.filter((c) => !USAGE.includes(c.name));
    expect(before.length).toBe(accountSnapshots.columns.length - USAGE.length);
    await db.run(`CREATE OR REPLACE TABLE old_accounts (${before.map((c) => `${c.name} ${c.type}`).join(', ')})`);
    const values = before.map((c) => (c.name === 'address' ? `'${A}'` : c.name === 'as_of_block' ? '100' : c.type === 'VARCHAR' ? "'[]'" : c.type === 'BOOLEAN' ? 'false' : '7'));
    await db.run(`INSERT INTO old_accounts VALUES (${values.join(', ')})`);
    mkdirSync(path.join(dir('old'), 'snap'), { recursive: true });
    await db.run(`COPY old_accounts TO '${path.join(dir('old'), 'snap', 'account_snapshots.parquet')}' (FORMAT parquet)`);
    await createDatasetView(db, dir('old'), accountSnapshots, 1, 'main');
    const [r] = await db.all(`SELECT address, balance, reward, ${USAGE.join(', ')} FROM account_snapshots WHERE address = '${A}'`);
    expect(r).toEqual({ address: A, balance: 7, reward: 7, ...Object.fromEntries(USAGE.map((c) => [c, null])) });
    await db.run('DROP VIEW account_snapshots');
    // The ingester's next read of another address is upserted onto the old file.
    await db.run(`CREATE TABLE account_snapshots (${columnDDL(accountSnapshots)})`);
    const fresh = accountSnapshots.columns.map((c) => (c.name === 'address' ? `'${B}'` : c.name === 'as_of_block' ? '120' : c.type === 'VARCHAR' ? "'[]'" : c.type === 'BOOLEAN' ? 'false' : '5'));
    await db.run(`INSERT INTO account_snapshots VALUES (${fresh.join(', ')})`);
    const e = (await writeStateFile(db, accountSnapshots, dir('new'), { dir: dir('old'), entry: old }, { upsert: true }))!;
    expect(e.rows).toBe(2);
    const rows = await db.all(`SELECT address, net_usage, energy_window_size FROM read_parquet('${path.join(dir('new'), 'snap', 'account_snapshots.parquet')}') ORDER BY as_of_block`);
    expect(rows).toEqual([{ address: A, net_usage: null, energy_window_size: null }, { address: B, net_usage: 5, energy_window_size: 5 }]);
    await db.run('DROP TABLE account_snapshots');
  });
});
