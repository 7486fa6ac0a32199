/**
 * The DuckDB lookup files of a version (growth.ts `lookupFile`: each run of tx_by_hash and of blocks_by_number also
 * written as `run-<id>.duckdb`): attached read-only when the engine opens, and the dataset's view redefined over their tables,
 * so a point lookup reads DuckDB's own storage (zone maps over the sorted key: ~1.8 ms whatever the rows) instead of
 * the Parquet run (its cost grows with the file's row groups; bench/results/point-lookup.md). A dataset whose runs
 * do not all have their file (a lake derived before them), or that is damaged, keeps its Parquet view.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { derivedDatasets } from '../lake/datasets/index.ts';
import type { Manifest } from '../lake/manifest.ts';
import { lookupFileName } from '../lake/views.ts';

const lit = (s: string): string => `'${s.replace(/'/g, "''")}'`;

/**
 * Attaches every lookup file of the version in `dir` and points its dataset's view at them; returns the datasets
 * served from them, e.g. `['tx_by_hash']`. Runs before the engine locks its configuration (ATTACH is external access).
 */
export async function attachLookupFiles(db: { run(sql: string): Promise<void> }, dir: string, manifest: Manifest, damaged: ReadonlySet<string>): Promise<string[]> {
  const served: string[] = [];
  for (const ds of derivedDatasets) {
    if (ds.growth.rule !== 'runs' || !ds.growth.lookupFile || damaged.has(ds.name)) continue;
    const runs = manifest.tables[ds.name]?.runs ?? [];
    const files = runs.map((r) => path.join(dir, 'derived', ds.name, lookupFileName(r.id)));
    if (files.length === 0 || !files.every((f) => existsSync(f))) continue;
    const columns = ds.columns.map((c) => `"${c.name}"`).join(', ');
    const parts: string[] = [];
    for (const [i, f] of files.entries()) {
      const alias = `lookup_${ds.name}_${i}`;
      await db.run(`ATTACH ${lit(f)} AS ${alias} (READ_ONLY)`);
      parts.push(`SELECT ${columns} FROM ${alias}.rows`);
    }
    await db.run(`CREATE OR REPLACE VIEW main.${ds.name} AS ${parts.join(' UNION ALL ')}`);
    served.push(ds.name);
  }
  return served;
}
