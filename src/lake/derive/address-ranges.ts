/**
 * Address-range files of the bucketed `runs` datasets (the by-address copies): a run's bucket above the dataset's
 * `rangeRows` is cut at address boundaries into files of about that many rows, and the manifest keeps each file's
 * address range (manifest.ts `RunFile`). A by-address read then names the one file per run whose range holds its
 * address (`AddressFiles`, bound by the engine), so a page costs one small file per run however large the bucket grows:
 * DuckDB 1.5 prepares every projected column of every row group of every file it is given, and a bench-size bucket
 * (~6 M rows) cost 78-92 ms a page against 5-6 ms from the named range file (bench/results/bucket-scale.md).
 */
import path from 'node:path';
import { listsRangeFiles, type Manifest, type RunFile } from '../manifest.ts';
import { ADDRESS_BUCKETS } from '../views.ts';
import { boundFromEnv } from './env-bounds.ts';

/**
 * The row bound of a range file of `ds` (its `growth.rangeRows`); tests only may lower it with `TRONLAKE_RANGE_ROWS`
 * (test/README.md), so a tiny lake holds several files per bucket. Not covered by the layout ids: a lake written
 * with another bound has the same content and stays readable (the manifest lists its files).
 */
export function rangeRowsOf(declared: number | undefined): number | null {
  if (declared === undefined) return null;
  return boundFromEnv('TRONLAKE_RANGE_ROWS', declared);
}

/** A range of a bucket: the addresses from `min` to `max` (inclusive, DuckDB's VARCHAR order) and their rows. */
export interface AddressRange {
  min: string;
  max: string;
  rows: number;
}

/**
 * Cuts a bucket's per-address row counts (in address order) into ranges of at most `bound` rows, never splitting an
 * address (an address above the bound is a range alone), e.g. [[a, 2], [b, 2], [c, 1]] with bound 3 →
 * [{a..a, 2}, {b..c, 3}]. Greedy from the first address, so the same rows always give the same files.
 */
export function cutRanges(counts: readonly (readonly [string, number])[], bound: number): AddressRange[] {
  const out: AddressRange[] = [];
  for (const [address, n] of counts) {
    const last = out[out.length - 1];
    if (last && last.rows + n <= bound) {
      last.max = address;
      last.rows += n;
    } else out.push({ min: address, max: address, rows: n });
  }
  return out;
}

/**
 * The file name of range `k` of `count` in a run's bucket: `run-<id>.parquet` when the bucket is one file (a bucket
 * under the bound, as before range files), else `run-<id>.<kkkk>.parquet`.
 */
export function rangeFileName(id: string, k: number, count: number): string {
  return count === 1 ? `run-${id}.parquet` : `run-${id}.${String(k).padStart(4, '0')}.parquet`;
}

/** Whether `name` is a file of run `id` (its one file or one of its range files). */
export function isRunFile(name: string, id: string): boolean {
  return name === `run-${id}.parquet` || new RegExp(`^run-${id}\\.\\d{4}\\.parquet$`).test(name);
}

/** The run id of a run file's name, e.g. `run-000000000001-000000000009.0003.parquet` → `000000000001-000000000009`. */
export function runIdOfFile(name: string): string | undefined {
  return /^run-(\d+-\d+)(?:\.\d{4})?\.parquet$/.exec(name)?.[1];
}

/** DuckDB's VARCHAR order (bytes of UTF-8), which the ranges are cut in; JS `<` compares UTF-16 code units. */
export function compareAddresses(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

/** The `address_bucket` macro of views.ts in TypeScript: (last character × 58 + the one before) mod 32. */
export function addressBucket(address: string): number {
  const code = (i: number): number => (address.length >= i ? address.codePointAt(address.length - i)! : 0);
  return (code(1) * 58 + code(2)) % ADDRESS_BUCKETS;
}

/**
 * The files of each bucketed `runs` dataset of one published version, by bucket, for the by-address reads: built once
 * when a server opens the version (the list always comes from the version the query serves, so a follow-mode switch
 * needs nothing more), e.g. `new AddressFiles(dir, manifest).of('address_transactions', 'TXYZ…')`.
 */
export class AddressFiles {
  /** dataset → bucket → per run, its files in address order. */
  private readonly index = new Map<string, Map<number, RunFile[][]>>();
  /** dataset → a file holding no row of any address asked for when none matches (the smallest file). */
  private readonly fallback = new Map<string, string>();

  constructor(
    private readonly dir: string,
    manifest: Pick<Manifest, 'tables'>,
  ) {
    for (const [name, entry] of Object.entries(manifest.tables)) {
      if (!listsRangeFiles(entry)) continue;
      const buckets = new Map<number, RunFile[][]>();
      let smallest: RunFile | undefined;
      for (const run of entry.runs!) {
        const byBucket = new Map<number, RunFile[]>();
        for (const f of run.files ?? []) {
          byBucket.set(f.bucket, [...(byBucket.get(f.bucket) ?? []), f]);
          if (!smallest || f.rows < smallest.rows) smallest = f;
        }
        for (const [b, files] of byBucket) {
          files.sort((x, y) => compareAddresses(x.min, y.min));
          buckets.set(b, [...(buckets.get(b) ?? []), files]);
        }
      }
      this.index.set(name, buckets);
      if (smallest) this.fallback.set(name, this.pathOf(name, smallest));
    }
  }

  /** Whether `dataset` has range files listed in this version's manifest. */
  has(dataset: string): boolean {
    return this.index.has(dataset);
  }

  /**
   * Absolute paths of the files of `dataset` that may hold `address`'s rows: at most one per run, the one whose range
   * holds it. None match (an address never seen): one file that cannot hold it, so the read is still a read of the
   * dataset's files and answers empty (read_parquet refuses an empty list). Null address: the same.
   */
  of(dataset: string, address: string | null): string[] {
    const buckets = this.index.get(dataset);
    if (!buckets) return [];
    const found: string[] = [];
    if (address !== null) {
      for (const files of buckets.get(addressBucket(address)) ?? []) {
        const f = files.find((x) => compareAddresses(x.min, address) <= 0 && compareAddresses(address, x.max) <= 0);
        if (f) found.push(this.pathOf(dataset, f));
      }
    }
    return found.length ? found : [this.fallback.get(dataset)!];
  }

  private pathOf(dataset: string, f: RunFile): string {
    return path.join(this.dir, 'derived', dataset, `bucket=${f.bucket}`, f.name);
  }
}
