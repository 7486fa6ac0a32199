/**
 * Runs of the `runs` growth rule (growth.ts): each publish adds the new blocks' rows of a derived dataset as one
 * sorted run; the newest runs are merged size-tiered so a lookup opens few files and each row is rewritten a
 * logarithmic number of times. A run covers a contiguous block range, oldest first, so a replaced tail of blocks
 * only touches the newest runs.
 */
import { boundFromEnv } from './env-bounds.ts';

export interface Run {
  /** File name stem, `run-<id>.parquet`: the zero-padded block range, e.g. `000000000043-000000000050`. */
  id: string;
  fromBlock: number;
  toBlock: number;
  rows: number;
}

/** Runs merge in groups of at least this many of the same size tier (tier = floor(log_FAN_IN(rows))). */
export const FAN_IN = 4;
/**
 * A run whose files hold this many rows each is never merged again: a merge sorts every row of a file's group in
 * memory, and lookups prune inside a file. A bucketed run is merged range by range (each address-range file of
 * `rangeRows` sorted from the inputs meeting it, address-ranges.ts), so there the seal bounds the rows a merge
 * rewrites, not its sort. Counted per bucket, so a run of a by-address copy (32 buckets) seals at 256 M rows: sealing whole runs at 8 M rows left every 6-day bench
 * batch's address_transactions run (8.65 M rows) sealed at once, 20 runs per bucket after 120 days, and a lookup
 * over 20 runs per bucket took twice the time of one (default lake's rows split by block range: p50 76 against 38 ms).
 */
export const SEALED_ROWS = 8_000_000;

/**
 * The seal of a by-address copy's run, rows per bucket file: SEALED_ROWS, or `TRONLAKE_SEALED_BUCKET_ROWS` for a
 * build bounded by disk. A merge writes its run beside its inputs, which the version before still holds, so the
 * largest merge is the largest extra disk a publish takes: the 120-day bench build's 16th batch would have merged
 * four runs of four batches into one, rewriting ~26 GB of by-address copies at once on a disk with ~70 GB for the
 * whole lake. A lower seal caps what a merge rewrites; a read then opens one range file per sealed run (by name,
 * address-ranges.ts), and `tronlake compact` merges them later, a few buckets per publish.
 */
export function sealedBucketRows(env: string | undefined = process.env.TRONLAKE_SEALED_BUCKET_ROWS): number {
  return boundFromEnv('TRONLAKE_SEALED_BUCKET_ROWS', SEALED_ROWS, env);
}

export const runId = (fromBlock: number, toBlock: number): string =>
  `${String(fromBlock).padStart(12, '0')}-${String(toBlock).padStart(12, '0')}`;

const tier = (r: Run): number => (r.rows <= 1 ? 0 : Math.floor(Math.log(r.rows) / Math.log(FAN_IN)));

/**
 * The groups of adjacent runs to merge after `runs` (oldest first) got a new run at the end, each group to become one
 * run, e.g. four runs of ~1,000 rows → one group. A trailing group is every newest run whose tier is at most the
 * newest run's tier (stopping at a sealed run); it merges when it holds FAN_IN runs or more, then the check repeats.
 * `filesPerRun`: the files a run is split into (the address buckets of a by-address copy), for the seal;
 * `sealedFileRows`: the rows of one file that seal its run.
 */
export function planMerges<T extends Run>(runs: readonly T[], filesPerRun = 1, sealedFileRows = SEALED_ROWS): T[][] {
  const list: Run[] = [...runs];
  const groups: Run[][] = [];
  const sealed = (r: Run): boolean => r.rows >= sealedFileRows * filesPerRun;
  for (;;) {
    const last = list[list.length - 1];
    if (!last || sealed(last)) break;
    let k = list.length - 1;
    while (k > 0 && !sealed(list[k - 1]!) && tier(list[k - 1]!) <= tier(last)) k--;
    if (list.length - k < FAN_IN) break;
    const group = list.splice(k);
    groups.push(group);
    list.push(merged(group));
  }
  // A group may contain a run made by an earlier group of the same plan: expand it to the original runs.
  const plan = groups.reduce<Run[][]>((out, g) => {
    const expanded = g.flatMap((r) => out.find((o) => merged(o).id === r.id && o.length > 1) ?? [r]);
    return [...out.filter((o) => !g.some((r) => r.id === merged(o).id)), expanded];
  }, []);
  // Every run of an expanded group is one of `runs` (the merged ones were replaced by their members).
  return plan as T[][];
}

/** The run a group becomes. */
export function merged(group: readonly Run[]): Run {
  const fromBlock = group[0]!.fromBlock;
  const toBlock = group[group.length - 1]!.toBlock;
  return { id: runId(fromBlock, toBlock), fromBlock, toBlock, rows: group.reduce((a, r) => a + r.rows, 0) };
}
