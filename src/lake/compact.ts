/**
 * `tronlake compact`: publishes the current version again with every run of the chosen `runs` datasets merged into
 * one (bucket by bucket for the by-address copies), for a lake that stopped growing (a research snapshot, a finished
 * bench lake). Nothing else changes: raw days are linked, per-day datasets linked, state and bounded tables
 * rewritten from the previous version with no new rows; same fingerprint. Outside the publish path: a growing lake
 * merges its runs size-tiered at each publish (runs.ts).
 *
 * Cost: one read, sort and write of every row of the compacted datasets; disk: their new files beside the old ones
 * until the new version is published (then only the new version is kept, unless a server holds a lease), so
 * compacting dataset by dataset (`datasets`) bounds the extra disk by the largest one.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { Db } from '../duckdb/duck.ts';
import { columnDDL, sourceDatasets } from './catalog.ts';
import { derivedDatasets } from './derived.ts';
import { staleLayout } from './layout.ts';
import { type Manifest, readManifest, versionDir } from './manifest.ts';
import { publishVersion, type PublishOptions } from './publish.ts';
import { ADDRESS_BUCKETS, datasetGlob } from './views.ts';

const lit = (s: string): string => `'${s.replace(/'/g, "''")}'`;

/** The `runs` datasets, e.g. address_transactions, tx_by_hash. */
export const runDatasets = (): string[] => derivedDatasets.filter((d) => d.growth.rule === 'runs').map((d) => d.name);

export interface CompactOptions {
  /**
   * Address buckets of a by-address copy compacted per publish (default all 32): with 8, four publishes, each
   * needing a quarter of the copy's size in extra disk. One-file datasets are compacted in the first.
   */
  bucketsPerStep?: number;
  onStep?: PublishOptions['onStep'];
  /** Called after each publish, e.g. to print the step. */
  onPublished?: (m: Manifest, step: number, steps: number) => void;
}

/**
 * Compacts `datasets` (default: every `runs` dataset) of the lake in `dataDir`, e.g.
 * `await compact('data/bench', ['address_transactions'], { bucketsPerStep: 8 })`. Returns the last new manifest.
 */
export async function compact(dataDir: string, datasets: string[] = runDatasets(), opts: CompactOptions = {}): Promise<Manifest> {
  const per = Math.min(ADDRESS_BUCKETS, Math.max(1, Math.trunc(opts.bucketsPerStep ?? ADDRESS_BUCKETS)));
  const steps = Math.ceil(ADDRESS_BUCKETS / per);
  let m: Manifest | undefined;
  for (let step = 0; step < steps; step++) {
    const buckets = Array.from({ length: Math.min(per, ADDRESS_BUCKETS - step * per) }, (_, i) => step * per + i);
    const plan = new Map<string, number[] | null>();
    for (const name of datasets) {
      const bucketed = derivedDatasets.find((d) => d.name === name)?.bucketBy !== undefined;
      if (bucketed) plan.set(name, buckets);
      else if (step === 0) plan.set(name, null);
    }
    m = await compactStep(dataDir, datasets, plan, opts.onStep);
    opts.onPublished?.(m, step, steps);
  }
  return m!;
}

async function compactStep(dataDir: string, datasets: string[], plan: ReadonlyMap<string, number[] | null>, onStep?: PublishOptions['onStep']): Promise<Manifest> {
  const current = await readManifest(dataDir);
  if (!current) throw new Error(`no published dataset in ${path.resolve(dataDir)}`);
  // A stale dataset must be rederived first (rederive writes one run per dataset it rebuilds).
  const stale = await staleLayout(current, dataDir);
  if (stale) throw new Error(stale);
  const known = runDatasets();
  for (const d of datasets) if (!known.includes(d)) throw new Error(`compact: ${d} is not a runs dataset (${known.join(', ')})`);
  const v = versionDir(dataDir, current);
  // The derive database takes this budget too (publish.ts); sorts beyond it spill beside the lake, removed after.
  const spill = path.join(dataDir, '.compact-spill');
  const db = await Db.open({ threads: 2, memoryLimit: '8GB', tempDirectory: spill });
  try {
    // Staged tables are the current version's files: no day is rewritten (days: []), every raw day is linked.
    for (const ds of sourceDatasets) {
      const entry = current.tables[ds.name];
      if (!entry || entry.rows === 0) await db.run(`CREATE TABLE ${ds.name} (${columnDDL(ds)})`);
      else if (ds.kind === 'raw') {
        await db.run(`CREATE VIEW ${ds.name} AS SELECT * FROM read_parquet(${lit(datasetGlob(v, ds))}, hive_partitioning = true, hive_types = {'date': VARCHAR})`);
      } else await db.run(`CREATE TABLE ${ds.name} AS SELECT * FROM read_parquet(${lit(datasetGlob(v, ds))})`);
    }
    return await publishVersion(db, {
      dataDir,
      source: current.source,
      solidBlock: current.solidBlock,
      refreshTime: current.refreshTime,
      days: [],
      compact: plan,
      keepVersions: 1,
      onStep,
    });
  } finally {
    db.close();
    await fs.rm(spill, { recursive: true, force: true });
  }
}
