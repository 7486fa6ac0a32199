/**
 * The derived layout id: sha256 over the derived datasets' catalog entries (columns, order, row groups, buckets),
 * their derive and merge SQL and the bucket macro. A published version records it (manifest `layout`); the server refuses a
 * version derived with another layout (its SQL would read tables that are not there, or not shaped as it expects),
 * and `rederive()` publishes the same raw data again with the current derive step.
 */
import { createHash } from 'node:crypto';
import { derivedDatasets } from './derived.ts';
import { hasMergeSql } from './growth.ts';
import type { Manifest } from './manifest.ts';
import { readDeriveSql } from './sql-files.ts';
import { ADDRESS_BUCKET_MACRO } from './views.ts';

let cached: Promise<string> | undefined;

export function derivedLayout(): Promise<string> {
  cached ??= (async () => {
    const h = createHash('sha256');
    h.update(ADDRESS_BUCKET_MACRO);
    for (const ds of derivedDatasets) {
      h.update(JSON.stringify(ds)).update(await readDeriveSql(ds.name));
      if (hasMergeSql(ds.growth)) h.update(await readDeriveSql(`merge/${ds.name}`));
    }
    return h.digest('hex').slice(0, 16);
  })();
  return cached;
}

/** Null when `m` was derived with the current layout, else the reason to run `tronlake rederive`. */
export async function staleLayout(m: Manifest, dataDir: string): Promise<string | null> {
  if (m.layout === (await derivedLayout())) return null;
  return `${dataDir} (version ${m.version}) was derived by another tronlake release; ` +
    `run \`tronlake rederive --data ${dataDir}\` to rebuild its derived tables from its raw data (the raw data is kept)`;
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
 */
export function parquetOptions(compression: 'zstd' | 'snappy' = 'zstd', rowGroupSize?: number): string {
  const level = compression === 'zstd' ? ', COMPRESSION_LEVEL 1' : '';
  return `FORMAT parquet, COMPRESSION ${compression}${level}, PARQUET_VERSION V2${rowGroupSize ? `, ROW_GROUP_SIZE ${rowGroupSize}` : ''}`;
}
