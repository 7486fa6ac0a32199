/**
 * How each derived dataset grows (issue 10): publish rebuilds only what the new rows touched, by the rule the
 * dataset declares. A derived dataset without a rule does not type-check (`DerivedDataset.growth` is required) and
 * a rule that does not fit the dataset's columns stops the program when the registry loads (`checkGrowth`, datasets/index.ts, which also checks the merge SELECT is there).
 *
 * - `per-day`: one file per UTC day (`date=YYYY-MM-DD/part-0.parquet`, a `day` column); a publish recomputes the
 *   days it rewrites in the raw tables with the dataset's own SELECT over those days only, and links the others.
 *   `additive` (every measure a count, sum, min or max, marked `measure` in the catalog): the dataset's own SELECT
 *   runs over the new blocks' rows (schema `delta`) and its rows are combined with the day's previous rows (schema
 *   `prevdays`) by a GROUP BY generated from the measure columns (derive.ts `additiveMerge`), so appending to a day
 *   costs the new rows, not the day, and the rollup's SQL is written once. `set`: the day's distinct rows (no
 *   measure), the new blocks' rows added to the day's previous ones by the same generated GROUP BY (daily_account_roles).
 *   `merge`: the measure columns (catalog `measure`) combine as in `additive`, keyed by the dataset's `sortBy`; a
 *   figure that does not add up (a distinct count, a price at the new last block) is merged by
 *   `sql/derive/<family>/<name>.merge.sql` from the day's previous rows (schema `prevdays`, every per-day dataset's rewritten
 *   days as the previous version holds them), the new blocks' rows (schema `delta`, first on the search path; the
 *   dataset's own SELECT over them is `newrows.<name>`, computed once) and a set dataset's previous members of
 *   the day (a new member counts once, a known one not at all): appending to a day costs the new rows and the day's
 *   set, not the day's raw rows.
 * - `runs`: append-only rows keyed by block (a `block_number` column): a publish writes the new blocks' rows as one
 *   sorted run (one file per address bucket when `bucketBy`), links the older runs, and merges the newest runs
 *   size-tiered (runs.ts), so each row is rewritten O(log n) times and a lookup opens a few files. A bucketed run
 *   is cut into address-range files of at most `rangeRows` rows per bucket (address-ranges.ts).
 * - `state`: running state (ledgers, holder counts, lifetime counters): `sql/derive/<family>/<name>.merge.sql` combines the
 *   previous version's rows with the new rows (schema `delta`), never rescanning history. Rows of blocks already
 *   published being replaced (a fork of the unconfirmed tail) cannot be subtracted from a max() or an owner, so
 *   that publish rebuilds the state in full with `sql/derive/<family>/<name>.sql` and says so in the manifest.
 * - `bounded`: recomputed in full at every publish from other derived datasets; allowed only where the cost is
 *   bounded by a dimension (tokens, holders), not by history; `boundedBy` names it.
 * A `state` or `bounded` dataset with `bucketBy` is written whole too, one `bucket=K/part-0.parquet` per address
 * bucket (derive.ts writeWhole; the account state looked up by address at millions of accounts).
 */
import type { Dataset } from './types.ts';

export type Growth =
  | {
      rule: 'per-day';
      additive?: boolean;
      set?: boolean;
      merge?: boolean;
      /**
       * The SELECT also reads the block just before the days it is given (main.blocks) and may output rows for that
       * block's day (witness_daily_stats: the missed slots of a gap across UTC midnight count on the slot's day), so
       * a publish recomputes that day too when it is earlier than the first rewritten day (derive.ts recomputedDays).
       */
      withPreviousBlockDay?: boolean;
      /**
       * Only the days from the head's UTC day minus this many days on are kept: older days are neither written nor
       * linked, so the dataset's bytes are bounded by its window, not by history. For a dataset whose readers look
       * back less than that (hourly_address_activity: /api/top10's 14 days); no derive step may read it.
       */
      keepDays?: number;
    }
  | {
      rule: 'runs';
      /**
       * The SELECT groups rows (one per address and block, …), so even counting its rows costs the whole SELECT:
       * derive.ts keeps its rows in a table once, then counts and sorts them from there (the default lake's
       * address_block_activity ran its GROUP BY twice, once to plan the sort and once to sort it).
       */
      aggregated?: boolean;
      /**
       * Bucketed (`bucketBy`): a run's bucket above this many rows is cut at address boundaries into address-range
       * files of at most this many rows (one address never spans two), listed in the manifest with their ranges, so a
       * by-address read names one small file per run (src/lake/derive/address-ranges.ts). Required with `bucketBy`.
       */
      rangeRows?: number;
      /**
       * Columns of a by-address copy stored as '' where they equal the row's `bucketBy` address (one side of every
       * row does: the sender of an outgoing row, the receiver of an incoming one), restored by the dataset's view and
       * its range-file macro (views.ts `storedSelect`), so every reader sees the full value. Stored once per row
       * instead of twice: 11 % of address_transactions, 15 % of address_token_transfers (bench/results/lake-bytes.md).
       * The column must never hold '' itself (an address, Base58, or NULL).
       */
      sameAsAddress?: readonly string[];
      /**
       * Each run is also written as a DuckDB database file beside its Parquet (`run-<id>.duckdb`, one table `rows`, the
       * same rows in the same order), which the server attaches read-only and reads instead (src/engine/lookup-files.ts):
       * a point lookup on DuckDB's own storage costs ~1.8 ms whatever the rows, where the Parquet file's cost grows with
       * its row groups (6.4 ms at 3.1 M rows, 9.5 ms at 10.5 M: bench/results/point-lookup.md). Not with `bucketBy`.
       */
      lookupFile?: boolean;
      /**
       * Each run is also written as a key file (`run-<id>.keys`, src/lake/key-files.ts): its rows grouped by `key`
       * (in the run's order, which must be the key's byte order: a block number, or a bucketed run's address), `time`
       * ascending inside a key, read by the server with a few preads and no SQL statement (issue 32: a statement costs
       * more than the lookup, 0.80 against 0.12 ms p50).
       */
      keyFile?: { key: string; keyKind: KeyKind; time: string };
      /**
       * The run is its key file alone, no Parquet: for a copy no SQL reads, every reader taking its rows from the key
       * file and answering from the raw tables without it (bench/results/lake-copies.md: the by-block copies repeat the
       * raw tables row for row, and their Parquet was read by no request). No view is made of it; merges and the cut of a
       * replaced tail read the key files (src/lake/derive/key-runs.ts). Needs `keyFile`.
       */
      keysOnly?: boolean;
    }
  | { rule: 'state' }
  | { rule: 'bounded'; boundedBy: string };

export type GrowthRule = Growth['rule'];

/** Whether `ds` keeps its runs as key files alone (growth `keysOnly`): no Parquet, no view. */
export function keysOnly(ds: Dataset): boolean {
  const g = (ds as Dataset & { growth?: Growth }).growth;
  return g?.rule === 'runs' && g.keysOnly === true;
}

/** How a key file's key becomes bytes whose order is the run's order (src/lake/key-files.ts `keyBytes`). */
export type KeyKind = 'number' | 'address' | 'text';

export interface DerivedDataset extends Dataset {
  kind: 'derived';
  growth: Growth;
}

/** Throws when `ds` has no growth rule or one its columns cannot support, e.g. `runs` without `block_number`. */
export function checkGrowth(ds: Dataset & { growth?: Growth }): void {
  const g = ds.growth;
  const has = (c: string): boolean => ds.columns.some((x) => x.name === c);
  if (!g) throw new Error(`derived dataset ${ds.name} declares no growth rule (src/lake/datasets/growth.ts)`);
  if (ds.partitioned !== (g.rule === 'per-day')) throw new Error(`derived dataset ${ds.name}: partitioned by day exactly when its growth is per-day`);
  // A bucketed dataset's `bucket=K` folders are a column of its view; declared, an empty dataset (a table made from the
  // catalog) has the same columns as a populated one.
  if (ds.bucketBy && !(has(ds.bucketBy) && has('bucket'))) throw new Error(`derived dataset ${ds.name}: bucketed by ${ds.bucketBy}, so it declares that column and 'bucket'`);
  switch (g.rule) {
    case 'per-day':
      if (!has('day')) throw new Error(`derived dataset ${ds.name}: growth per-day needs a 'day' column`);
      // derive.ts writes a day's rows in the order they were sorted in once for every day: the day must lead.
      if (ds.sortBy[0] !== 'day') throw new Error(`derived dataset ${ds.name}: growth per-day sorts by 'day' first`);
      if ((g.additive || g.merge || g.set) && g.withPreviousBlockDay) throw new Error(`derived dataset ${ds.name}: growth per-day additive / merged / set reads the new rows only, so it cannot recompute the previous block's day`);
      if (g.additive && !ds.columns.some((c) => c.measure)) throw new Error(`derived dataset ${ds.name}: growth per-day additive needs measure columns (catalog \`measure\`)`);
      if (g.set && ds.columns.some((c) => c.measure)) throw new Error(`derived dataset ${ds.name}: growth per-day set holds distinct rows, no measure columns`);
      if ([g.additive, g.set, g.merge].filter(Boolean).length > 1) throw new Error(`derived dataset ${ds.name}: growth per-day is additive, a set or merged, one of them`);
      if (g.keepDays !== undefined && !(Number.isInteger(g.keepDays) && g.keepDays > 0)) throw new Error(`derived dataset ${ds.name}: growth per-day keepDays is a positive number of days`);
      // Sums are exact integers (docs/compat.md "Numbers"): a DOUBLE measure would be summed as a double.
      if (ds.columns.some((c) => c.measure === 'sum' && c.type === 'DOUBLE')) throw new Error(`derived dataset ${ds.name}: a summed measure must be an exact integer type, not DOUBLE`);
      return;
    case 'runs':
      if (!has('block_number')) throw new Error(`derived dataset ${ds.name}: growth runs needs a 'block_number' column`);
      if (ds.bucketBy && !(g.rangeRows && g.rangeRows > 0)) throw new Error(`derived dataset ${ds.name}: growth runs bucketed by ${ds.bucketBy} declares rangeRows (the address-range file bound)`);
      if (!ds.bucketBy && g.rangeRows !== undefined) throw new Error(`derived dataset ${ds.name}: rangeRows cuts address buckets, so it needs bucketBy`);
      if (g.keyFile) {
        const k = g.keyFile;
        if (!has(k.key) || !has(k.time)) throw new Error(`derived dataset ${ds.name}: keyFile names ${k.key} and ${k.time}, columns of it`);
        // The run's order must be the key's byte order: the key leads the sort (a bucketed run sorts by bucket first,
        // which the address key's first byte is).
        if (ds.sortBy[0] !== k.key || (k.keyKind === 'address') !== (ds.bucketBy === k.key)) throw new Error(`derived dataset ${ds.name}: keyFile's key ${k.key} leads sortBy, an address key exactly when the dataset is bucketed by it`);
      }
      if (g.keysOnly && (!g.keyFile || g.lookupFile)) throw new Error(`derived dataset ${ds.name}: keysOnly keeps a run as its key file alone, so it needs keyFile and no lookupFile`);
      if (g.lookupFile && ds.bucketBy) throw new Error(`derived dataset ${ds.name}: lookupFile writes one DuckDB file per run, so not with bucketBy`);
      if (g.sameAsAddress?.length && !ds.bucketBy) throw new Error(`derived dataset ${ds.name}: sameAsAddress stores a column as its bucketBy address, so it needs bucketBy`);
      for (const c of g.sameAsAddress ?? []) {
        if (ds.columns.find((x) => x.name === c)?.type !== 'VARCHAR') throw new Error(`derived dataset ${ds.name}: sameAsAddress column ${c} must be a VARCHAR column of it`);
      }
      return;
    case 'state':
      return;
    case 'bounded':
      if (!g.boundedBy.trim()) throw new Error(`derived dataset ${ds.name}: growth bounded must name the dimension that bounds its cost`);
      return;
    default:
      throw new Error(`derived dataset ${ds.name}: unknown growth rule ${(g as { rule: string }).rule}`);
  }
}

/** Whether `ds` has a merge SELECT (state, per-day merge; an additive per-day dataset's merge is generated from its measures). */
export function hasMergeSql(g: Growth): boolean {
  return g.rule === 'state' || (g.rule === 'per-day' && g.merge === true);
}
