/**
 * The manifest: the one file that says which version of the lake is published. It is replaced atomically
 * (write beside, fsync, rename), so a reader sees the old version or the new one, never a mix.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/** One file of a day partition: `part-<id>.parquet`, its block range, rows and content hash. */
const dayFileSchema = z.object({ id: z.string(), fromBlock: z.number().int(), toBlock: z.number().int(), rows: z.number().int(), hash: z.string() });

/** A day of a raw table: rows and content hash (sum of the files'), and its files, oldest blocks first. */
const partitionSchema = z.object({ rows: z.number().int(), hash: z.string(), files: z.array(dayFileSchema).optional() });

/**
 * One file of a bucketed run (src/lake/derive/address-ranges.ts): `bucket=<bucket>/<name>`, its rows and the address range it
 * holds, e.g. { bucket: 7, name: 'run-…-….0002.parquet', min: 'TA…', max: 'TF…', rows: 280112 }. The files of one
 * run's bucket hold disjoint ranges in address order; one address never spans two of them.
 */
const runFileSchema = z.object({ bucket: z.number().int(), name: z.string(), min: z.string(), max: z.string(), rows: z.number().int() });

/**
 * One sorted run of a `runs` derived dataset (src/lake/derive/runs.ts): `run-<id>.parquet`, or for a bucketed dataset its
 * address-range files in every bucket folder that has rows (`files`: what a by-address read names).
 */
const runSchema = z.object({
  id: z.string(),
  fromBlock: z.number().int(),
  toBlock: z.number().int(),
  rows: z.number().int(),
  files: z.array(runFileSchema).optional(),
});

/** What a publish did to a derived dataset (src/lake/derive/derive.ts), e.g. { how: 'days', detail: '2026-10-31' }. */
const rebuiltSchema = z.object({
  /** `linked`: the previous version's files, unchanged (a rederive of other datasets; src/lake/derive/layout.ts). */
  how: z.enum(['full', 'days', 'runs', 'deltas', 'recomputed', 'linked']),
  detail: z.string(),
});

const tableSchema = z.object({
  kind: z.enum(['raw', 'dimension', 'derived', 'snapshot', 'reference']),
  rows: z.number().int(),
  /** Per-partition row counts and content hashes (raw tables); lets a new version reuse unchanged days. */
  partitions: z.record(z.string(), partitionSchema).optional(),
  /** Content hash of a non-partitioned table. */
  hash: z.string().optional(),
  /** The sorted runs of a derived dataset that grows by runs, oldest first. */
  runs: z.array(runSchema).optional(),
  /** Derived datasets: what the publish of this version rebuilt, by the dataset's growth rule. */
  rebuilt: rebuiltSchema.optional(),
  /**
   * Derived datasets: what deriving it cost this publish, wall and process CPU (DuckDB's threads included) in ms;
   * where a publish's time goes, e.g. what grows with history (bench/ingest.ts --ratio reports it per dataset).
   */
  cost: z.object({ ms: z.number(), cpuMs: z.number() }).optional(),
  /** Reference datasets: the file it was loaded from (name only) and that file's sha256. */
  loadedFrom: z.object({ file: z.string(), sha256: z.string() }).optional(),
  /** Snapshot datasets: the highest as-of block of its rows. */
  asOfBlock: z.number().int().optional(),
});

/** A data file's size and content hash (src/lake/content-hash.ts), e.g. { bytes: 5120, sha256: '9f86…' }. */
const fileHashSchema = z.object({ bytes: z.number().int(), sha256: z.string() });

export const manifestSchema = z.object({
  format: z.literal(1),
  /** Version id, also the folder name under versions/. Sorts by creation time. */
  version: z.string(),
  createdAt: z.string(),
  /** When the data was last refreshed (ms): the head block time for a generated lake, the ingest time otherwise. */
  refreshTime: z.number().int(),
  head: z.object({ number: z.number().int(), timestamp: z.number().int(), hash: z.string() }),
  /** Highest solidified (final) block: blocks above it are served as unconfirmed. */
  solidBlock: z.number().int(),
  /** Lowest block and its time (the earliest start of every "default earliest" window). */
  first: z.object({ number: z.number().int(), timestamp: z.number().int() }),
  source: z.record(z.string(), z.unknown()),
  tables: z.record(z.string(), tableSchema),
  /** sha256 over every source table's per-partition content hashes: equal data ⇔ equal fingerprint. */
  fingerprint: z.string(),
  /**
   * One id summing up `layouts` (printed by the CLI). A lake published before `layouts` has only this one id of
   * all its derived tables: src/lake/derive/layout.ts maps the ids of known commits, any other means every dataset is stale.
   */
  layout: z.string().optional(),
  /**
   * Per derived dataset, the layout id it was derived with (src/lake/derive/layout.ts: its catalog entry, derive and merge
   * SQL, the macros and views it uses, the datasets it reads). A dataset of this release whose id differs or is
   * missing is stale: the version is served only after `tronlake rederive`, which rebuilds the stale ones alone.
   */
  layouts: z.record(z.string(), z.string()).optional(),
  /**
   * Every `.parquet` file of the version folder (path relative to it) with its size and sha256, recorded at publish
   * (src/lake/content-hash.ts); what the server's scrub and `tronlake verify` check. Absent in a lake published before
   * issue 30: nothing is checked by hash until the next publish or `tronlake rederive` records them.
   */
  files: z.record(z.string(), fileHashSchema).optional(),
});

export type Manifest = z.infer<typeof manifestSchema>;
export type TableEntry = z.infer<typeof tableSchema>;
export type RunEntry = z.infer<typeof runSchema>;
export type RunFile = z.infer<typeof runFileSchema>;
export type DayFile = z.infer<typeof dayFileSchema>;
export type FileHash = z.infer<typeof fileHashSchema>;
export type PartitionEntry = z.infer<typeof partitionSchema>;
export type Rebuilt = z.infer<typeof rebuiltSchema>;

/**
 * Whether a runs dataset's entry lists every run's files (a bucketed copy written since address-range files): then a
 * by-address read may name them (src/lake/derive/address-ranges.ts); otherwise it reads the dataset's view.
 */
export function listsRangeFiles(t: TableEntry): boolean {
  return (t.runs?.length ?? 0) > 0 && t.runs!.every((r) => r.files !== undefined);
}

export const MANIFEST_FILE = 'manifest.json';
export const VERSIONS_DIR = 'versions';
/** A symlink beside the manifest to the published version's folder: a stable path for other engines (docs/lake.md). */
export const CURRENT_LINK = 'current';

/** The folder of a published version, e.g. `versionDir('/data/default', m)` = `/data/default/versions/<id>`. */
export function versionDir(dataDir: string, m: Pick<Manifest, 'version'>): string {
  return path.join(dataDir, VERSIONS_DIR, m.version);
}

/** Reads and validates `<dataDir>/manifest.json`; null when nothing is published yet. */
export async function readManifest(dataDir: string): Promise<Manifest | null> {
  let text: string;
  try {
    text = await fs.readFile(path.join(dataDir, MANIFEST_FILE), 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
  return manifestSchema.parse(JSON.parse(text));
}

/** Atomically replaces the manifest: write a temp file, fsync it, rename over, fsync the folder. */
export async function swapManifest(dataDir: string, m: Manifest): Promise<void> {
  const final = path.join(dataDir, MANIFEST_FILE);
  const tmp = `${final}.${process.pid}.tmp`;
  const fh = await fs.open(tmp, 'w');
  try {
    await fh.writeFile(JSON.stringify(m, null, 2) + '\n');
    await fh.sync();
  } finally {
    await fh.close();
  }
  await fs.rename(tmp, final);
  const dir = await fs.open(dataDir, 'r');
  try {
    await dir.sync();
  } finally {
    await dir.close();
  }
}

/**
 * Points `<dataDir>/current` at the version of `m` (a relative symlink, replaced atomically by rename), after the
 * manifest swap: readers that only know paths (Polars, Spark, a DuckDB shell) read `current/raw/...`.
 */
export async function pointCurrent(dataDir: string, m: Pick<Manifest, 'version'>): Promise<void> {
  const tmp = path.join(dataDir, `${CURRENT_LINK}.${process.pid}.tmp`);
  await fs.rm(tmp, { force: true });
  await fs.symlink(path.join(VERSIONS_DIR, m.version), tmp);
  await fs.rename(tmp, path.join(dataDir, CURRENT_LINK));
}
