/**
 * Reads a published lake straight from its Parquet files (own globs, not the engine's views) for expectations.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Db, type Row } from '../../../src/duckdb/duck.ts';
import { readManifest, versionDir, type Manifest } from '../../../src/lake/manifest.ts';
import { sourceDatasets } from '../../../src/lake/datasets/index.ts';

export interface LakeView {
  manifest: Manifest;
  q(sql: string): Promise<Row[]>;
  close(): void;
}

/** Opens the published version of `dir`: one table per source dataset (empty when it has no rows). */
export async function openLake(dir: string): Promise<LakeView> {
  const manifest = (await readManifest(dir))!;
  if (!manifest) throw new Error(`no manifest in ${dir}`);
  const v = versionDir(dir, manifest);
  const db = await Db.open({ threads: 1 });
  for (const ds of sourceDatasets) {
    const rows = manifest.tables[ds.name]?.rows ?? 0;
    const cols = ds.columns.map((c) => `${c.name} ${c.type}`).join(', ');
    if (!rows) {
      await db.run(`CREATE TABLE ${ds.name} (${cols})`);
    } else if (ds.kind === 'dimension' || ds.kind === 'snapshot' || ds.kind === 'reference') {
      await db.run(`CREATE TABLE ${ds.name} AS SELECT * FROM read_parquet('${path.join(v, { dimension: 'dim', snapshot: 'snap', reference: 'ref' }[ds.kind], ds.name + '.parquet')}')`);
    } else {
      await db.run(`CREATE TABLE ${ds.name} AS SELECT * FROM read_parquet('${path.join(v, 'raw', ds.name, '*', '*.parquet')}', hive_partitioning = true, hive_types = {'date': VARCHAR})`);
    }
  }
  return { manifest, q: (sql) => db.all(sql), close: () => db.close() };
}

/** A fresh temporary lake folder, removed by the returned cleanup. */
export function tempLake(): { dir: string; cleanup: () => void } {
  const root = mkdtempSync(path.join(os.tmpdir(), 'tronlake-ingest-test-'));
  return { dir: path.join(root, 'lake'), cleanup: () => rmSync(root, { recursive: true, force: true }) };
}
