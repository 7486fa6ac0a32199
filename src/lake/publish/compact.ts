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
import { Db } from '../../duckdb/duck.ts';
import { columnDDL, sourceDatasets, derivedDatasets } from '../datasets/index.ts';
import { keysOnly } from '../datasets/growth.ts';
import { staleLayout } from '../derive/layout.ts';
import { type Manifest, readManifest, versionDir } from '../manifest.ts';
import { DERIVE_MEMORY_LIMIT, publishVersion, type PublishOptions } from './publish.ts';
import { ADDRESS_BUCKETS, datasetGlob } from '../views.ts';
import { runIdOfFile } from '../derive/address-ranges.ts';

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
  /**
   * Bytes of disk a step must leave free beyond its estimate (checkDisk): a step that would not is refused before it
   * writes anything. Default 0; the CLI's default is 8 GB (`--keep-free-gb`).
   */
  keepFree?: number;
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
      // A keys-only dataset (growth keysOnly) is merged whole, as its key files, bucketed or not.
      const ds = derivedDatasets.find((d) => d.name === name);
      const bucketed = ds?.bucketBy !== undefined && !keysOnly(ds);
      if (bucketed) plan.set(name, buckets);
      else if (step === 0) plan.set(name, null);
    }
    m = await compactStep(dataDir, datasets, plan, opts.onStep, opts.keepFree ?? 0);
    opts.onPublished?.(m, step, steps);
  }
  return m!;
}

async function compactStep(dataDir: string, datasets: string[], plan: ReadonlyMap<string, number[] | null>, onStep: PublishOptions['onStep'] | undefined, keepFree: number): Promise<Manifest> {
  const current = await readManifest(dataDir);
  if (!current) throw new Error(`no published dataset in ${path.resolve(dataDir)}`);
  // A stale dataset must be rederived first (rederive writes one run per dataset it rebuilds).
  const stale = await staleLayout(current, dataDir);
  if (stale) throw new Error(stale);
  const known = runDatasets();
  for (const d of datasets) if (!known.includes(d)) throw new Error(`compact: ${d} is not a runs dataset (${known.join(', ')})`);
  const v = versionDir(dataDir, current);
  // Nothing to merge in these buckets (one run each, e.g. a compaction resumed after its first steps): no publish,
  // which would rewrite every state and bounded table (bench lake: 350 s).
  if ((await checkDisk(dataDir, v, plan, keepFree)) === 0) return current;
  // The derive database takes this budget too (publish.ts); sorts beyond it spill beside the lake, removed after.
  const spill = path.join(dataDir, '.compact-spill');
  const db = await Db.open({ threads: 2, memoryLimit: DERIVE_MEMORY_LIMIT, tempDirectory: spill });
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

/**
 * Spill of a bucket's sort per byte of its Parquet files: the bench lake's hot bucket (the USDT contract's, 3.6 GB of
 * address_transactions, ~38 M rows) spilled ~12 GB sorted beside another bucket.
 */
const SPILL_PER_BYTE = 3;

/**
 * Refuses a step whose files cannot fit: the new files (the size of the files compacted) plus the spill of the two
 * largest buckets sorted at once, plus `keepFree` (bytes left to others on a shared machine), against the free space of the lake's file system. The
 * refusal names the figures and the way out (fewer buckets per step, or a dataset at a time). Returns how many
 * buckets (or one-file datasets) hold more than one run, i.e. have something to merge.
 */
async function checkDisk(dataDir: string, v: string, plan: ReadonlyMap<string, number[] | null>, keepFree: number): Promise<number> {
  let bytes = 0;
  const buckets: number[] = [];
  for (const [name, list] of plan) {
    const dir = path.join(v, 'derived', name);
    const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => []);
    const runFiles = entries.filter((e) => e.isFile() && e.name.startsWith('run-'));
    // Runs, not files: a run of a lookupFile / keyFile dataset (growth.ts) is a Parquet file and its DuckDB or key file.
    if (new Set(runFiles.map((e) => e.name.replace(/\.(parquet|duckdb|keys)$/, ''))).size > 1) {
      let size = 0;
      for (const e of runFiles) size += (await fs.stat(path.join(dir, e.name))).size;
      bytes += size;
      buckets.push(size);
    }
    for (const e of entries) {
      const b = /^bucket=(\d+)$/.exec(e.name);
      if (e.isDirectory() && b) {
        if (list && !list.includes(Number(b[1]))) continue;
        const files = await fs.readdir(path.join(dir, e.name));
        // One run already (its address-range files are one run's).
        if (new Set(files.map(runIdOfFile)).size <= 1) continue;
        let size = 0;
        for (const f of files) size += (await fs.stat(path.join(dir, e.name, f))).size;
        bytes += size;
        buckets.push(size);
      }
    }
  }
  const largest = buckets.sort((a, b) => b - a).slice(0, 2).reduce((a, x) => a + x, 0);
  const need = bytes + SPILL_PER_BYTE * largest + keepFree;
  const st = await fs.statfs(dataDir);
  const free = st.bavail * st.bsize;
  if (need > free) {
    const gb = (x: number): string => `${(x / 1e9).toFixed(1)} GB`;
    throw new Error(
      `compact: this step needs ~${gb(need)} of free disk (${gb(bytes)} of new files, ~${gb(SPILL_PER_BYTE * largest)} of sort spill, ` +
        `${gb(keepFree)} left to others) and ${gb(free)} is free: use fewer --buckets-per-step or --datasets one at a time`,
    );
  }
  return buckets.length;
}
