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

/**
 * Where the lake's whole-chain figures start (docs/compat.md "Whole-chain figures"), from the raw blocks and the
 * pre-window totals: `fromGenesis` when the first block is 0 (the lake's sums are the chain's); `preTx` the
 * transactions before the first block (0 from genesis, the pre-window total as of the block just before, else null).
 * `whole(want)` is what an all-time figure with no anchor of its own must answer: the lake's value from genesis, else
 * null.
 */
export async function wholeChain(io: Io): Promise<{ fromGenesis: boolean; preTx: bigint | null; whole: (want: unknown) => string }> {
  const [b] = await io.sql('SELECT min(block_number) AS first FROM raw_blocks');
  const first = BigInt(s(b!.first));
  const fromGenesis = first === 0n;
  const pre = fromGenesis ? [] : await io.sql(`SELECT CAST(tx_count AS VARCHAR) AS tx FROM dim_pre_window_totals WHERE as_of_block = ${first - 1n}`);
  const preTx = fromGenesis ? 0n : pre.length === 0 ? null : BigInt(s(pre[0]!.tx));
  return { fromGenesis, preTx, whole: (want) => (fromGenesis ? s(want) : 'null') };
}
