/**
 * The key files of a version (growth.ts `keyFile`, src/lake/key-files.ts), open for the engine's life: a dataset is
 * served from them when every run has its file and the dataset is not damaged; otherwise endpoints read SQL as before.
 * A read error (a file damaged under the server) is DataUnavailableError naming the dataset: answered 503.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Cell, Row } from '../duckdb/duck.ts';
import { derivedDatasets } from '../lake/datasets/index.ts';
import { KeyFile, keyBytes, type KeyKind, type Span } from '../lake/key-files.ts';
import type { Manifest } from '../lake/manifest.ts';
import { keyFileName } from '../lake/views.ts';
import { DataUnavailableError } from './errors.ts';

/** A page of a key's rows across runs, in time order (`desc`: newest first), inside an optional time window. */
export interface KeyedPage {
  /** Inclusive time bounds (ms); null: unbounded. */
  from: number | null;
  to: number | null;
  desc: boolean;
  offset: number;
  limit: number;
}

/** One dataset's key files, oldest run first. */
export class KeyedDataset {
  constructor(
    readonly name: string,
    private readonly kind: KeyKind,
    private readonly runs: readonly KeyFile[],
  ) {}

  /**
   * The rows of `key` (undefined: every row of the dataset, in its order) inside the page's window: the page's rows
   * and the window's total, e.g. `ds.page(address, { from: null, to: null, desc: true, offset: 0, limit: 20 })`.
   */
  page(key: Cell | undefined, page: KeyedPage): { rows: Row[]; total: number } {
    try {
      const bytes = key === undefined ? undefined : keyBytes(this.kind, key);
      if (key !== undefined && !bytes) return { rows: [], total: 0 };
      // Each run's rows of the key inside the window, [lo, hi).
      const ranges = this.runs.map((f) => {
        const s: Span | undefined = bytes ? f.span(bytes) : { first: 0, count: f.rowCount };
        if (!s || s.count === 0) return { f, lo: 0, hi: 0 };
        const lo = page.from === null ? s.first : f.bound(s, page.from, false);
        const hi = page.to === null ? s.first + s.count : f.bound(s, page.to, true);
        return { f, lo, hi: Math.max(lo, hi) };
      });
      const total = ranges.reduce((a, r) => a + (r.hi - r.lo), 0);
      const rows: Row[] = [];
      let skip = page.offset;
      for (const r of page.desc ? [...ranges].reverse() : ranges) {
        if (rows.length >= page.limit) break;
        const n = r.hi - r.lo;
        if (skip >= n) {
          skip -= n;
          continue;
        }
        const take = Math.min(page.limit - rows.length, n - skip);
        if (page.desc) rows.push(...r.f.rows(r.hi - skip - take, r.hi - skip).reverse());
        else rows.push(...r.f.rows(r.lo + skip, r.lo + skip + take));
        skip = 0;
      }
      return { rows, total };
    } catch (e) {
      throw new DataUnavailableError(this.name, e instanceof Error ? e.message : String(e));
    }
  }
}

/** The key files of the version in `dir`: datasets by name. */
export class KeyStore {
  private constructor(private readonly datasets: ReadonlyMap<string, KeyedDataset>, private readonly files: readonly KeyFile[]) {}

  static open(dir: string, manifest: Manifest, damaged: ReadonlySet<string>): KeyStore {
    const datasets = new Map<string, KeyedDataset>();
    const all: KeyFile[] = [];
    for (const ds of derivedDatasets) {
      if (ds.growth.rule !== 'runs' || !ds.growth.keyFile || damaged.has(ds.name)) continue;
      const runs = [...(manifest.tables[ds.name]?.runs ?? [])].sort((a, b) => a.fromBlock - b.fromBlock);
      const paths = runs.map((r) => path.join(dir, 'derived', ds.name, keyFileName(r.id)));
      if (!paths.every((p) => existsSync(p))) continue;
      const opened: KeyFile[] = [];
      try {
        for (const p of paths) opened.push(KeyFile.open(p));
      } catch {
        // A file that does not open as a key file: the dataset is read through SQL (verify reports the file).
        for (const f of opened) f.close();
        continue;
      }
      all.push(...opened);
      datasets.set(ds.name, new KeyedDataset(ds.name, ds.growth.keyFile.keyKind, opened));
    }
    return new KeyStore(datasets, all);
  }

  /** The dataset's key files, or undefined when it is read through SQL. */
  dataset(name: string): KeyedDataset | undefined {
    return this.datasets.get(name);
  }

  close(): void {
    for (const f of this.files) f.close();
  }
}
