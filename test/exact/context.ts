/** What every section of the exactness audit (test/exact/checks.ts) works with. */
import type { Row } from '../../src/duckdb/duck.ts';

export interface Io {
  /** GET a path of the app: status and body text. */
  get(url: string): Promise<{ status: number; text: string }>;
  /** Plain SQL over the lake's raw tables (`raw_<dataset>`, `dim_<dataset>`, `snap_<dataset>`, `ref_<dataset>`). */
  sql(query: string): Promise<Row[]>;
  /** Head block time, ms. */
  head: number;
}

export interface Ctx {
  io: Io;
  /** The body text of a 200 answer (anything else throws: an audit compares answers, not errors). */
  get(url: string): Promise<string>;
  /** One comparison of an answered literal with the exact one. */
  check(endpoint: string, key: string, got: string | undefined, want: string): void;
  /**
   * One comparison of a figure valued at a price (a double by definition: docs/compat.md "Numbers"): equal within
   * the rounding of its `decimals` places, so a wrong amount under the price still shows.
   */
  near(endpoint: string, key: string, got: string | undefined, want: number, decimals: number): void;
}

export const s = (v: unknown): string => String(v);
/** A SQL list of quoted literals (hashes, addresses read from the lake itself), never empty. */
export const quoted = (xs: readonly string[]): string => xs.map((x) => `'${x.replace(/'/g, "''")}'`).join(', ') || "''";
