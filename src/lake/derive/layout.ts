/**
 * Layout ids of the derived datasets, one per dataset. A dataset's id is a sha256 over what decides the content and
 * shape of its files: its catalog entry (columns, order, row groups, buckets, growth rule), its derive and merge SQL
 * (fragments expanded, comments left out), the bodies of the sql/macros and sql/views it uses (and of the macros and
 * views those use), the bucket macro when it is bucketed, and the ids of the derived datasets it reads. So a changed
 * file makes exactly the datasets that use it stale, and the datasets derived from them (their ids contain its id).
 *
 * A published version records every id (manifest `layouts`). The server serves a version only when each derived
 * dataset of this release has its current id there (`staleLayout`), and `tronlake rederive` rebuilds just the stale
 * ones, hard-linking the others (publish.ts). A lake published before per-dataset ids holds one `layout` id: it is
 * mapped to per-dataset ids when it is one of `LEGACY_LAYOUTS` (lakes of known commits), else every dataset is stale.
 */
import { createHash } from 'node:crypto';
import { derivedDatasets, registryGeneration, type SqlFiles, sourceDatasets, sqlFilesOf } from '../datasets/index.ts';
import { readsOf, type SqlSource, sqlFolder, sqlLibrary, sqlUse, word } from './order.ts';
import type { DerivedDataset } from '../datasets/growth.ts';
import { LEGACY_LAYOUTS } from './legacy-layouts.ts';
import type { Manifest } from '../manifest.ts';
import { SQL_ROOT } from '../sql-files.ts';
import { ADDRESS_BUCKET_MACRO, CHAIN_PARAMETER_KEY_MACRO } from '../views.ts';

export { type SqlSource, sqlFolder } from './order.ts';

export interface DatasetLayout {
  /** 16 hex digits. */
  id: string;
  /** The derived datasets its SQL reads (directly or through a view), earlier in the list. */
  reads: string[];
  /** The raw, dimension, snapshot and reference datasets its SQL names (publish.ts: a changed reference's readers). */
  sources: string[];
}

/**
 * The derived datasets whose files were written, before every writer cast each column to its catalog type (types.ts
 * `typedColumns`), with another type than the catalog's: their SELECT gives `votes` as HUGEINT (a sum of BIGINT),
 * which DuckDB writes to Parquet as DOUBLE. Their ids take the writer's rule, so a lake derived before is stale for
 * them (and for what reads them) and `rederive` rewrites them; every other dataset's files already held the catalog's
 * types (measured over both test lakes of 4a7d3bb) and are written byte for byte as before, so their ids stay.
 */
const RETYPED_BY_WRITER = new Set(['witness_cycle_votes', 'witness_realtime_votes']);

/**
 * Every derived dataset's layout, in derive order, e.g. `computeLayouts(derivedDatasets, sqlFolder(SQL_ROOT))`. A
 * dataset reads another when its SQL (or a view it uses) names it (derive/order.ts); only earlier datasets can be
 * read: the registry orders them so. `files` says where each dataset's SQL is (another checkout's flat sql/derive/).
 */
export function computeLayouts(
  datasets: readonly DerivedDataset[],
  src: SqlSource,
  files: (name: string) => SqlFiles = sqlFilesOf,
): Record<string, DatasetLayout> {
  const lib = sqlLibrary(src);
  const out: Record<string, DatasetLayout> = {};
  for (const [i, ds] of datasets.entries()) {
    const use = sqlUse(ds, files(ds.name), src, lib);
    const reads = readsOf(ds.name, use, datasets.slice(0, i));
    const h = createHash('sha256');
    h.update(`dataset\n${JSON.stringify(ds)}\n`);
    for (const t of use.texts) h.update(`sql\n${t}\n`);
    for (const [m, body] of use.macros) h.update(`macro ${m}\n${body}\n`);
    for (const [v, body] of use.views) h.update(`view ${v}\n${body}\n`);
    if (ds.bucketBy || /\baddress_bucket\s*\(/.test(use.reading)) h.update(`macro address_bucket\n${ADDRESS_BUCKET_MACRO}\n`);
    if (/\bchain_parameter_key\s*\(/.test(use.reading)) h.update(`macro chain_parameter_key\n${CHAIN_PARAMETER_KEY_MACRO}\n`);
    if (RETYPED_BY_WRITER.has(ds.name)) h.update('writer casts to catalog types\n');
    for (const r of reads) h.update(`reads ${r} ${out[r]!.id}\n`);
    const sources = sourceDatasets.filter((d) => word(d.name).test(use.reading)).map((d) => d.name);
    out[ds.name] = { id: h.digest('hex').slice(0, 16), reads, sources };
  }
  return out;
}

let cached: { generation: number; layouts: Record<string, DatasetLayout> } | undefined;

/** This release's layouts (read once from the repository's sql/, again after a test registers a family). */
export function currentLayouts(): Record<string, DatasetLayout> {
  if (cached?.generation !== registryGeneration) cached = { generation: registryGeneration, layouts: computeLayouts(derivedDatasets, sqlFolder(SQL_ROOT)) };
  return cached.layouts;
}
/** This release's id per derived dataset, as a publish records it in the manifest (`layouts`). */
export function layoutIds(): Record<string, string> {
  return Object.fromEntries(Object.entries(currentLayouts()).map(([n, l]) => [n, l.id]));
}

/** One id summing up the per-dataset ids (manifest `layout`, printed by the CLI; not used to decide anything). */
export function releaseLayout(): string {
  const h = createHash('sha256');
  for (const [n, id] of Object.entries(layoutIds())) h.update(`${n}:${id}\n`);
  return h.digest('hex').slice(0, 16);
}

/** The per-dataset ids a version was derived with: recorded, mapped from a known single id, or none. */
export function recordedLayouts(m: Pick<Manifest, 'layouts' | 'layout'>): Record<string, string> {
  if (m.layouts) return m.layouts;
  return (m.layout !== undefined ? LEGACY_LAYOUTS[m.layout]?.layouts : undefined) ?? {};
}

/**
 * The derived datasets of this release that `m` does not hold as this release derives them (another id, or
 * missing), with every dataset that reads one of them, in derive order, e.g. `['token_stats']`.
 */
export function staleDatasets(m: Pick<Manifest, 'layouts' | 'layout' | 'tables'>, layouts: Record<string, DatasetLayout> = currentLayouts()): string[] {
  const recorded = recordedLayouts(m);
  const stale = new Set<string>();
  for (const [name, l] of Object.entries(layouts)) {
    if (recorded[name] !== l.id || !m.tables[name] || l.reads.some((r) => stale.has(r))) stale.add(name);
  }
  return [...stale];
}

/** Null when every derived dataset of `m` is current, else the refusal: the stale datasets and the command. */
export async function staleLayout(m: Manifest, dataDir: string): Promise<string | null> {
  const stale = staleDatasets(m);
  if (stale.length === 0) return null;
  const total = Object.keys(currentLayouts()).length;
  const names = stale.length === total ? `all ${total} derived datasets` : `${stale.length} of ${total} derived datasets (${stale.join(', ')})`;
  return `${dataDir} (version ${m.version}) was derived by another tronlake release: ${names} differ from this release's; ` +
    `run \`tronlake rederive --data ${dataDir}\` to rebuild them from its raw data (the raw data and the other datasets are kept)`;
}

/**
 * The COPY options of every Parquet file a publish writes, e.g.
 * `FORMAT parquet, COMPRESSION zstd, COMPRESSION_LEVEL 1, PARQUET_VERSION V2`.
 * zstd level 1: measured on 3.4 M by-address rows (bench profile, 2 days), 10.0 s CPU instead of 13.4 s at DuckDB's
 * default level, and no larger (371 MB against 378 MB); reading is as fast (zstd decodes at the same speed at any level).
 * Parquet V2 pages (DELTA_BINARY_PACKED for the sorted integers, DELTA_LENGTH_BYTE_ARRAY for the hashes): measured on
 * the default lake, 3-4 % smaller at the same or less write CPU (address_transactions buckets 0-7: 119.0 MB against
 * 123.8 MB; raw transactions 299.3 against 304.9 MB; tx_by_hash 122.3 against 126.6 MB) and the same lookup time
 * (300 addresses, 10-row page: p50 43.7 against 45.1 ms); hyparquet (verify.ts) decodes them to the same rows.
 * Measured again on the 10.5 M-transaction lake (bench/results/lake-bytes.md, bench/parquet-settings.ts): zstd levels
 * 3-15 change files by −6 to +6 % at 1.2-50x the write CPU, larger dictionaries make them 11-22 % larger, 65,536-row
 * groups 1 % smaller: the settings stay; bytes are cut by storing a value once (datasets/derived/).
 */
export function parquetOptions(compression: 'zstd' | 'snappy' = 'zstd', rowGroupSize?: number): string {
  const level = compression === 'zstd' ? ', COMPRESSION_LEVEL 1' : '';
  return `FORMAT parquet, COMPRESSION ${compression}${level}, PARQUET_VERSION V2${rowGroupSize ? `, ROW_GROUP_SIZE ${rowGroupSize}` : ''}`;
}
