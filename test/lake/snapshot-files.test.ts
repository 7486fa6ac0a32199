/**
 * Snapshot files at publish (src/lake/state-files.ts): an empty staged table keeps the previous file, a staged one
 * replaces it, an upsert replaces only the rows of its keys (a pair that stopped delegating stays, with balance 0).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Db } from '../../src/duckdb/duck.ts';
import { columnDDL, resourceDelegations } from '../../src/lake/catalog.ts';
import { writeStateFile } from '../../src/lake/state-files.ts';
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
