/**
 * The derive step of a publish: writes every derived dataset of a new version by its growth rule (growth.ts),
 * reusing the previous version's files for what the new rows did not touch, and says per dataset what it rebuilt.
 *
 * The derive database sees the new version as views (schema main, the same names the server uses) and, for an
 * incremental publish, three more schemas:
 *   days.<raw>   the raw rows of the days this publish rewrote (per-day datasets run their own SELECT over them);
 *   delta.<raw>  the raw rows of the new blocks (block_number >= fromBlock) — runs and state merges read these; also
 *                delta.<runs dataset> once derived: its rows of the new blocks (a later runs dataset may read them);
 *   prev.<name>  the previous version's derived datasets and dimensions (state merges add the new rows to them).
 * A derive SELECT is run unchanged over `days` or `delta` by putting that schema first on the search path.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { toCell, type Db } from '../../duckdb/duck.ts';
import { columnDDL, derivedDatasets, sourceDatasets, sqlFilesOf, typedColumns } from '../datasets/index.ts';
import { keysOnly, type DerivedDataset } from '../datasets/growth.ts';
import { type Manifest, type Rebuilt, type RunEntry, type RunFile, type TableEntry, versionDir } from '../manifest.ts';
import { type AddressRange, compareAddresses, cutRanges, isRunFile, rangeFileName, rangeRowsOf } from './address-ranges.ts';
import { merged, planMerges, runId, sealedBucketRows } from './runs.ts';
import { readDeriveSql } from '../sql-files.ts';
import { parquetOptions } from './layout.ts';
import { ADDRESS_BUCKETS, createDatasetView, datasetGlob, keyFileName, lookupFileName, storedSelect } from '../views.ts';
import { KeyFileWriter, type KeyFileMeta, type KeyKind } from '../key-files.ts';
import { cutKeyRun, mergeKeyRuns } from './key-runs.ts';
import { DAY_MS } from '../../time.ts';

const lit = (s: string): string => `'${s.replace(/'/g, "''")}'`;
const HASH_EXPR = 'count(*) AS n, CAST(coalesce(sum(CAST(hash(*COLUMNS(*)) AS HUGEINT)), 0) AS VARCHAR) AS h';

/** What changed since the previous version; null `previous` = derive everything from the raw tables. */
export interface DerivePlan {
  previous: { dir: string; manifest: Manifest } | null;
  /** Days whose raw partitions this publish rewrote. */
  days: string[];
  /** Lowest block whose rows differ from the previous version (null: no block changed). */
  fromBlock: number | null;
  /** The previous version holds rows at or above fromBlock (a replaced tail): they are taken out first. */
  replacesTail: boolean;
  head: { number: number; timestamp: number };
  /**
   * Datasets whose previous files were derived with another layout (src/lake/derive/layout.ts): derived from every raw row,
   * whatever `previous` holds.
   */
  rebuild?: ReadonlySet<string>;
  /** Link every other derived dataset's files from `previous` unchanged (a rederive: the raw data is the same). */
  linkCurrent?: boolean;
  /**
   * `tronlake compact` (a lake that stopped growing): these `runs` datasets have their runs merged into one, in the
   * listed address buckets only (null: all of them); no other run merges in this publish.
   */
  compact?: ReadonlyMap<string, readonly number[] | null>;
}

export interface DeriveContext {
  /** Database with the new version's views in schema main. */
  view: Db;
  /** A second connection of the same database, for writing two files at once. */
  second: { run(sql: string): Promise<unknown> };
  /** The new version's folder (being written). */
  dir: string;
  tables: Record<string, TableEntry>;
  progress: (label: string) => void;
  /** Fact row-group size. */
  rowGroup: number;
}

/** Defines the derive-only schemas and macros for `plan` (see the file comment). */
export async function prepareDerive(ctx: DeriveContext, plan: DerivePlan): Promise<void> {
  const { view } = ctx;
  await view.run(`CREATE OR REPLACE MACRO derive_head_ts() AS ${Math.trunc(plan.head.timestamp)}::BIGINT`);
  // derive_head_day(n): the UTC day n days from the head's, 'yyyy-MM-dd' (a constant, so it prunes date= folders).
  const headDay = Math.floor(plan.head.timestamp / DAY_MS) * DAY_MS;
  await view.run(
    `CREATE OR REPLACE MACRO derive_head_day(n) AS strftime(make_timestamp((${headDay}::BIGINT + n * ${DAY_MS}) * 1000), '%Y-%m-%d')`,
  );
  // A rederive links or fully derives every dataset: nothing reads the new rows or the previous version's tables.
  if (!plan.previous || plan.linkCurrent) return;
  // The previous version's head: a state merge tells the snapshot rows this publish added (as of a block above it).
  await view.run(`CREATE OR REPLACE MACRO derive_prev_head() AS ${Math.trunc(plan.previous.manifest.head.number)}::BIGINT`);
  for (const schema of ['days', 'delta', 'prev', 'prevdays']) await view.run(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
  await rawDayViews(ctx, 'days', plan.days);
  await rawDayViews(ctx, 'delta', plan.days, plan.fromBlock ?? Number.MAX_SAFE_INTEGER);
  const prev = plan.previous;
  for (const ds of [...sourceDatasets.filter((d) => d.kind === 'dimension'), ...derivedDatasets]) {
    const entry = plan.rebuild?.has(ds.name) ? undefined : prev.manifest.tables[ds.name];
    if (entry) await createDatasetView(view, prev.dir, ds, entry.rows, 'prev');
    // prevdays.<name>: a per-day dataset's previous rows of the rewritten days (additive and merged days read them).
    if (!('growth' in ds) || (ds as DerivedDataset).growth.rule !== 'per-day') continue;
    const files = plan.days
      .filter((d) => entry?.partitions?.[d])
      .map((d) => lit(path.join(prev.dir, 'derived', ds.name, `date=${d}`, '*.parquet')));
    if (files.length) await view.run(`CREATE OR REPLACE VIEW prevdays.${ds.name} AS SELECT * FROM read_parquet([${files.join(', ')}], hive_partitioning = false)`);
    else await view.run(`CREATE OR REPLACE TABLE prevdays.${ds.name} (${columnDDL(ds)})`);
  }
}

/** `schema.<raw>` for every raw dataset: its rows of `days` in the new version (filtered by `where`), or an empty table. */
async function rawDayViews(ctx: Pick<DeriveContext, 'view' | 'dir' | 'tables'>, schema: string, days: readonly string[], fromBlock?: number): Promise<void> {
  for (const ds of sourceDatasets) {
    if (ds.kind !== 'raw') continue;
    const dayFiles = (d: string): string => lit(path.join(ctx.dir, 'raw', ds.name, `date=${d}`, '*.parquet'));
    const files = days
      .filter((d) => ctx.tables[ds.name]?.partitions?.[d])
      .flatMap((d) => {
        // With fromBlock (the new blocks' rows) only the day files reaching it (an appended day keeps its older files
        // beside the new one): a day of 1.19 M earlier transactions is then not opened by every query over the new rows.
        const listed = ctx.tables[ds.name]!.partitions![d]!.files;
        if (fromBlock === undefined || !listed) return [dayFiles(d)];
        return listed.filter((f) => f.toBlock >= fromBlock).map((f) => lit(path.join(ctx.dir, 'raw', ds.name, `date=${d}`, `part-${f.id}.parquet`)));
      });
    const where = fromBlock === undefined ? '' : `WHERE block_number >= ${fromBlock}`;
    if (!files.length) await ctx.view.run(`CREATE OR REPLACE TABLE ${schema}.${ds.name} AS SELECT * FROM main.${ds.name} LIMIT 0`);
    else {
      await ctx.view.run(
        `CREATE OR REPLACE VIEW ${schema}.${ds.name} AS SELECT * FROM read_parquet([${files.join(', ')}], hive_partitioning = true, hive_types = {'date': VARCHAR}) ${where}`,
      );
    }
  }
}

/**
 * The days a per-day dataset recomputes: the rewritten days, and with `withPreviousBlockDay` also the day of the
 * block just before the first new block when that day is not rewritten (the new block follows a gap across
 * midnight: the missed slots before midnight of witness_daily_stats). Those days' raw rows are in schema `dayswide`.
 */
async function recomputedDays(ctx: DeriveContext, plan: DerivePlan, ds: DerivedDataset): Promise<{ days: string[]; schema: string }> {
  if (ds.growth.rule !== 'per-day' || !ds.growth.withPreviousBlockDay || plan.fromBlock === null) return { days: plan.days, schema: 'days' };
  const [r] = await ctx.view.all(`SELECT "date" AS day FROM main.blocks WHERE block_number = ${plan.fromBlock - 1}`);
  const before = r ? String(r.day) : undefined;
  if (!before || plan.days.includes(before)) return { days: plan.days, schema: 'days' };
  const days = [before, ...plan.days].sort();
  await ctx.view.run('CREATE SCHEMA IF NOT EXISTS dayswide');
  await rawDayViews(ctx, 'dayswide', days);
  return { days, schema: 'dayswide' };
}

/** Writes every derived dataset into `ctx.dir` and records it in `ctx.tables`. */
export async function deriveAll(ctx: DeriveContext, plan: DerivePlan): Promise<void> {
  await prepareDerive(ctx, plan);
  for (const ds of derivedDatasets) {
    ctx.progress(`derive ${ds.name}`);
    const target = path.join(ctx.dir, 'derived', ds.name);
    await fs.mkdir(target, { recursive: true });
    // A stale dataset's previous files are not this release's: it is derived from every raw row.
    const before = plan.rebuild?.has(ds.name) ? undefined : plan.previous?.manifest.tables[ds.name];
    const t0 = performance.now();
    const cpu0 = process.cpuUsage();
    const entry = plan.linkCurrent && before
      ? await linkUnchanged(plan.previous!, ds, target, before)
      : await deriveByRule(ctx, plan, ds, target, before);
    const cpu = process.cpuUsage(cpu0);
    ctx.tables[ds.name] = { ...entry, cost: { ms: Math.round(performance.now() - t0), cpuMs: Math.round((cpu.user + cpu.system) / 1000) } };
    // Later derive steps may read this one (registry order): e.g. trc20_balances_by_holder from trc20_balances.
    await createDatasetView(ctx.view, ctx.dir, ds, entry.rows);
    // A runs dataset's rows of the new blocks, for a later step run over them (address_block_activity reads trx_flows):
    // the row groups of older runs lie wholly below fromBlock, so their statistics skip them.
    if (ds.growth.rule === 'runs' && !keysOnly(ds) && plan.previous && !plan.linkCurrent) {
      await ctx.view.run(`CREATE OR REPLACE VIEW delta.${ds.name} AS SELECT * FROM main.${ds.name} WHERE block_number >= ${plan.fromBlock ?? Number.MAX_SAFE_INTEGER}`);
    }
  }
}

/** Writes `ds` by its growth rule (growth.ts) over the previous version's entry `before` (none: from every raw row). */
async function deriveByRule(ctx: DeriveContext, plan: DerivePlan, ds: DerivedDataset, target: string, before: TableEntry | undefined): Promise<TableEntry> {
  switch (ds.growth.rule) {
    case 'per-day':
      return derivePerDay(ctx, plan, ds, target, before);
    case 'runs':
      return deriveRuns(ctx, plan, ds, target, before);
    case 'state':
      return deriveState(ctx, plan, ds, target, before);
    case 'bounded':
      return writeWhole(ctx, ds, target, await readDeriveSql(sqlFilesOf(ds.name).derive), { how: 'recomputed', detail: `bounded by ${ds.growth.boundedBy}` });
  }
}

/** The previous version's files of `ds`, hard-linked as they are (its layout is current and the raw data unchanged). */
async function linkUnchanged(previous: NonNullable<DerivePlan['previous']>, ds: DerivedDataset, target: string, before: TableEntry): Promise<TableEntry> {
  const from = path.join(previous.dir, 'derived', ds.name);
  if (await exists(from)) await linkTree(from, target);
  return { ...before, rebuilt: { how: 'linked', detail: `layout unchanged: the files of ${previous.manifest.version}` } };
}

/**
 * The select list of every derived file: each column cast to its catalog type (types.ts `typedColumns`), so no SELECT
 * (a sum over BIGINT is HUGEINT, which Parquet would get as DOUBLE) decides a written type. `bucket` is the folder.
 */
const cols = (ds: DerivedDataset): string => typedColumns(ds.columns.filter((c) => c.name !== 'bucket'));

async function withSearchPath<T>(view: Db, schema: string | null, f: () => Promise<T>): Promise<T> {
  if (!schema) return f();
  await view.run(`SET search_path = '${schema},main'`);
  try {
    return await f();
  } finally {
    await view.run(`SET search_path = 'main'`);
  }
}

/**
 * Runs `each` for every bucket on the derive's two connections at once, alternating buckets between them (one
 * bucket's COPY is one DuckDB statement, which does not use both cores by itself; tiny lake: 285 ms instead of 554).
 */
async function inTwoLanes<B>(ctx: DeriveContext, buckets: readonly B[], each: (run: (sql: string) => Promise<unknown>, bucket: B) => Promise<void>): Promise<void> {
  const lane = async (run: (sql: string) => Promise<unknown>, laneNo: number): Promise<void> => {
    for (const b of buckets.filter((_, i) => i % 2 === laneNo)) await each(run, b);
  };
  await Promise.all([lane((sql) => ctx.view.run(sql), 0), lane((sql) => ctx.second.run(sql), 1)]);
}

/**
 * One file, `part-0.parquet`, from a SELECT (state and bounded datasets); one per address bucket,
 * `bucket=K/part-0.parquet`, when `bucketBy` (account state at millions of accounts: a lookup opens one bucket's file,
 * whose few row groups are all it plans, where one file of 4 M accounts cost a scan task per row group, ~1,000 of them).
 * Bucketed, the rows are sorted once into a table by bucket and the file order, then each bucket is copied out as it
 * lies (COPY … PARTITION_BY does not keep the order inside a partition), on two connections at once.
 */
async function writeWhole(ctx: DeriveContext, ds: DerivedDataset, target: string, select: string, rebuilt: Rebuilt): Promise<TableEntry> {
  const rg = ds.rowGroupSize ?? ctx.rowGroup;
  if (!ds.bucketBy) {
    const file = path.join(target, 'part-0.parquet');
    await ctx.view.run(
      `COPY (SELECT ${cols(ds)} FROM (${select}) ORDER BY ${ds.sortBy.join(', ')}) TO ${lit(file)} (${parquetOptions(ds.compression, rg)})`,
    );
    const rows = Number(await ctx.view.scalar(`SELECT count(*) FROM read_parquet(${lit(file)})`));
    return { kind: 'derived', rows, rebuilt };
  }
  const { view } = ctx;
  try {
    await view.run(
      `CREATE OR REPLACE TABLE main.derive_sorted AS SELECT address_bucket(${ds.bucketBy}) AS derive_bucket, ${cols(ds)} FROM (${select}) ORDER BY derive_bucket, ${ds.sortBy.join(', ')}`,
    );
    const counts = await view.all('SELECT derive_bucket AS b, count(*) AS n FROM main.derive_sorted GROUP BY ALL ORDER BY b');
    const buckets = counts.map((r) => Number(r.b));
    await inTwoLanes(ctx, buckets, async (run, b) => {
      const file = path.join(target, `bucket=${b}`, 'part-0.parquet');
      await fs.mkdir(path.dirname(file), { recursive: true });
      await run(`COPY (SELECT ${cols(ds)} FROM main.derive_sorted WHERE derive_bucket = ${b}) TO ${lit(file)} (${parquetOptions(ds.compression, rg)})`);
    });
    const rows = counts.reduce((a, r) => a + Number(r.n), 0);
    if (rows > 0) {
      const written = Number(await view.scalar(`SELECT count(*) FROM read_parquet(${lit(path.join(target, '*', 'part-0.parquet'))})`));
      if (written !== rows) throw new Error(`derive: ${ds.name} bucket files hold ${written} rows, its table ${rows}`);
    }
    return { kind: 'derived', rows, rebuilt };
  } finally {
    await view.run('DROP TABLE IF EXISTS main.derive_sorted');
  }
}

/**
 * The incremental step of an additive per-day dataset: `rows` (its own SELECT over the new rows) and the rewritten
 * days' previous rows (prevdays) grouped by `keys` (default: every column that is not a measure), each measure
 * combined as the catalog marks it. Sums are taken in HUGEINT and cast back to the column's type, which fails loudly
 * instead of wrapping; a nullable summed measure (a burn figure without a price) is NULL when any part is: an unknown
 * part leaves the day's figure unknown, as the full SELECT gives it. E.g. for daily_block_stats: `SELECT "day", …,
 * CAST(sum(CAST(u."fee" AS HUGEINT)) AS BIGINT) AS "fee", min(u."first_block") AS "first_block", … GROUP BY "day",
 * "day_ts", "witness_address"`.
 */
export function additiveMerge(ds: DerivedDataset, rows: string, keys?: readonly string[]): string {
  const columns = ds.columns.filter((c) => c.name !== 'bucket');
  const keyCols = keys ?? columns.filter((c) => !c.measure).map((c) => c.name);
  const sum = (c: (typeof columns)[number]): string => {
    const total = `CAST(sum(CAST(u."${c.name}" AS HUGEINT)) AS ${c.type})`;
    return c.nullable ? `CASE WHEN count(u."${c.name}") < count(*) THEN NULL ELSE ${total} END` : total;
  };
  const values = [
    ...keyCols.map((k) => `u."${k}"`),
    ...columns.filter((c) => c.measure).map((c) => `${c.measure === 'sum' ? sum(c) : `${c.measure}(u."${c.name}")`} AS "${c.name}"`),
  ];
  return `SELECT ${values.join(', ')} FROM (SELECT * FROM (${rows}) UNION ALL BY NAME SELECT * FROM prevdays.${ds.name}) u GROUP BY ${keyCols.map((k) => `u."${k}"`).join(', ')}`;
}

/**
 * The incremental step of a merged per-day dataset (growth.ts `merge`): its merge SQL gives every column that is not
 * a measure (the distinct counts, the prices at the new last block, the key) for every row of the rewritten days; the
 * measures are combined from the new rows (`newrows.<name>`: its own SELECT over the new blocks, kept once) and the
 * days' previous rows by `additiveMerge` over the row key (`sortBy`), so the merge SQL holds only what does not add.
 */
function measuredMerge(ds: DerivedDataset, merge: string): string {
  const columns = ds.columns.filter((c) => c.name !== 'bucket');
  if (!columns.some((c) => c.measure)) return merge;
  const measures = additiveMerge(ds, `SELECT * FROM newrows.${ds.name}`, ds.sortBy);
  const keys = ds.sortBy.map((k) => `"${k}"`).join(', ');
  return `SELECT ${columns.map((c) => `${c.measure ? 'a' : 'm'}."${c.name}"`).join(', ')} FROM (${merge}) m JOIN (${measures}) a USING (${keys})`;
}

/** Per-day: the dataset's SELECT over the rewritten days, one COPY per day; every other day linked. */
async function derivePerDay(ctx: DeriveContext, plan: DerivePlan, ds: DerivedDataset, target: string, before: TableEntry | undefined): Promise<TableEntry> {
  const incremental = plan.previous !== null && before?.partitions !== undefined;
  // Additive or merged: the new blocks' rows added to the rewritten days' previous rows (prevdays, prepareDerive), not
  // when blocks were replaced (a replaced row cannot be taken out of a sum or a set).
  const growth: { additive?: boolean; set?: boolean; merge?: boolean } = ds.growth.rule === 'per-day' ? ds.growth : {};
  // A set is additive without measures: the GROUP BY over every column keeps each distinct row once.
  const adding = incremental && (growth.additive === true || growth.set === true) && !plan.replacesTail;
  const merging = incremental && growth.merge === true && !plan.replacesTail;
  const own = await readDeriveSql(sqlFilesOf(ds.name).derive);
  // Additive: the dataset's own SELECT over the new blocks' rows (delta), combined with the days' previous rows;
  // merged: the dataset's merge SELECT (sql/derive/<family>/<name>.merge.sql) over delta, prevdays and its set.
  if (merging) {
    // The dataset's own SELECT over the new blocks, once: its merge SQL and the measures' combination both read it.
    await ctx.view.run('CREATE SCHEMA IF NOT EXISTS newrows');
    await withSearchPath(ctx.view, 'delta', () => ctx.view.run(`CREATE OR REPLACE TABLE newrows.${ds.name} AS SELECT ${cols(ds)} FROM (${own})`));
  }
  const select = adding ? additiveMerge(ds, `SELECT ${cols(ds)} FROM (${own})`) : merging ? measuredMerge(ds, await readDeriveSql(sqlFilesOf(ds.name).merge)) : own;
  const recomputed = incremental && !adding && !merging ? await recomputedDays(ctx, plan, ds) : { days: plan.days, schema: 'days' };
  // One sort of the rows by the file order (day first, growth.ts checks it), then each day's rows copied out as they
  // lie: a table keeps its insertion order and its day column's zone maps skip the other days, so a day costs its rows.
  // (Sorted by day, then each day sorted again in its COPY, was two sorts: bench5 measured 7.6 of daily_account_roles'
  // 9.6 s CPU in them.)
  // The columns are cast to their catalog types (`cols`), so the files hold exactly the table's values: each day's row
  // count and content hash come from the table in one aggregate pass, not from reading every file back (the raw days
  // do the same, publish.ts writeDays); the file's footer count is checked against it.
  const since = keptSince(ds, plan.head.timestamp);
  await withSearchPath(ctx.view, !incremental ? null : adding || merging ? 'delta' : recomputed.schema, () =>
    ctx.view.run(
      `CREATE OR REPLACE TEMP TABLE derive_days AS SELECT ${cols(ds)} FROM (${select}) ${since ? `WHERE day >= ${lit(since)}` : ''} ORDER BY ${ds.sortBy.join(', ')}`,
    ),
  );
  const partitions: Record<string, { rows: number; hash: string }> = {};
  try {
    const sums = await ctx.view.all(`SELECT day, ${HASH_EXPR} FROM derive_days GROUP BY day ORDER BY day`);
    for (const s of sums) {
      const day = String(s.day);
      const file = path.join(target, `date=${day}`, 'part-0.parquet');
      await fs.mkdir(path.dirname(file), { recursive: true });
      await ctx.view.run(
        `COPY (SELECT * FROM derive_days WHERE day = ${lit(day)}) TO ${lit(file)} (${parquetOptions()})`,
      );
      const written = Number(await ctx.view.scalar(`SELECT count(*) FROM read_parquet(${lit(file)}, hive_partitioning = false)`));
      if (written !== Number(s.n)) throw new Error(`derive: ${ds.name} day ${day} file holds ${written} rows, its table ${Number(s.n)}`);
      partitions[day] = { rows: Number(s.n), hash: String(s.h) };
    }
  } finally {
    await ctx.view.run('DROP TABLE IF EXISTS derive_days');
    if (merging) await ctx.view.run(`DROP TABLE IF EXISTS newrows.${ds.name}`);
  }
  if (incremental) {
    for (const [day, p] of Object.entries(before!.partitions!)) {
      if (recomputed.days.includes(day) || (since && day < since)) continue;
      await linkFiles(path.join(plan.previous!.dir, 'derived', ds.name, `date=${day}`), path.join(target, `date=${day}`));
      partitions[day] = p;
    }
  }
  const rows = Object.values(partitions).reduce((a, p) => a + p.rows, 0);
  const kept = since ? `; days before ${since} not kept` : '';
  const rebuilt: Rebuilt = !incremental
    ? { how: 'full', detail: `every day${kept}` }
    : { how: 'days', detail: `${adding ? 'new rows added to ' : merging ? 'new rows merged into ' : 'recomputed '}${recomputed.days.join(' ') || 'none'}${kept}` };
  return { kind: 'derived', rows, partitions, rebuilt };
}

/** The first UTC day a per-day dataset with `keepDays` keeps at a head of `headTs` (ms), yyyy-MM-dd; none without. */
export function keptSince(ds: DerivedDataset, headTs: number): string | undefined {
  if (ds.growth.rule !== 'per-day' || ds.growth.keepDays === undefined) return undefined;
  return new Date(headTs - ds.growth.keepDays * DAY_MS).toISOString().slice(0, 10);
}

/**
 * Runs: the new blocks' rows become one sorted run (one file per address bucket when bucketed); earlier runs are
 * linked; a replaced tail is cut out of the runs holding it; then the newest runs are merged (runs.ts).
 */
async function deriveRuns(ctx: DeriveContext, plan: DerivePlan, ds: DerivedDataset, target: string, before: TableEntry | undefined): Promise<TableEntry> {
  const select = await readDeriveSql(sqlFilesOf(ds.name).derive);
  const incremental = plan.previous !== null && before?.runs !== undefined;
  if (!incremental) {
    const parts: string[] = [];
    const run = await writeRun(ctx, ds, target, `SELECT ${cols(ds)} FROM (${select})`, null, parts);
    await keyFilesOfRuns(ctx, ds, target, run ? [run] : [], undefined);
    return { kind: 'derived', rows: run?.rows ?? 0, runs: run ? [run] : [], rebuilt: { how: 'full', detail: ['one run of every block', ...parts].join('; ') } };
  }
  const prevDir = path.join(plan.previous!.dir, 'derived', ds.name);
  const runs: RunEntry[] = [];
  const notes: string[] = [];
  for (const r of before!.runs!) {
    if (plan.replacesTail && plan.fromBlock !== null && r.toBlock >= plan.fromBlock) {
      // The replaced blocks are cut out of this run: what stays below fromBlock is written again.
      const kept = keysOnly(ds)
        ? await cutKeyRun(path.join(prevDir, keyFileName(r.id)), keyFileMeta(ds), plan.fromBlock, (id) => path.join(target, keyFileName(id)))
        : await writeRun(ctx, ds, target, `SELECT ${cols(ds)} FROM read_parquet(${lit(runGlob(prevDir, ds, r.id))}) WHERE block_number < ${plan.fromBlock}`, null);
      if (kept) runs.push(kept);
      notes.push(`cut ${r.id} at ${plan.fromBlock}`);
      continue;
    }
    await linkRun(prevDir, target, ds, r.id);
    runs.push(r);
  }
  if (plan.fromBlock !== null) {
    const parts: string[] = [];
    const added = await withSearchPath(ctx.view, 'delta', () => writeRun(ctx, ds, target, `SELECT ${cols(ds)} FROM (${select})`, null, parts));
    if (added) {
      runs.push(added);
      notes.push(`added ${added.id} (${added.rows} rows)`, ...parts);
    }
  }
  if (plan.compact?.has(ds.name) && ds.bucketBy && !keysOnly(ds)) {
    const buckets = plan.compact.get(ds.name) ?? Array.from({ length: ADDRESS_BUCKETS }, (_, b) => b);
    const compacted = await compactBuckets(ctx, ds, target, runs, buckets);
    notes.push(`compacted buckets ${buckets[0]}-${buckets[buckets.length - 1]} into ${compacted[0]?.id ?? 'nothing'}`);
    await keyFilesOfRuns(ctx, ds, target, compacted, before);
    return { kind: 'derived', rows: compacted.reduce((a, r) => a + r.rows, 0), runs: compacted, rebuilt: { how: 'runs', detail: notes.join('; ') } };
  }
  const compacting = plan.compact?.has(ds.name) === true && runs.length > 1;
  const groups = compacting ? [[...runs]] : plan.compact ? [] : (ds.bucketBy ? planMerges(runs, ADDRESS_BUCKETS, sealedBucketRows()) : planMerges(runs));
  for (const group of groups) {
    const m = merged(group);
    let into: RunEntry | null;
    if (keysOnly(ds)) {
      const rows = await mergeKeyRuns(path.join(target, keyFileName(m.id)), keyFileMeta(ds), group.map((r) => path.join(target, keyFileName(r.id))));
      into = { ...m, rows };
    } else if (ds.bucketBy) {
      const files = await mergeBuckets(ctx, ds, target, group, m.id);
      into = { ...m, rows: group.reduce((a, r) => a + r.rows, 0), files };
    } else {
      const files = group.map((r) => lit(runGlob(target, ds, r.id)));
      into = await writeRun(ctx, ds, target, `SELECT ${cols(ds)} FROM read_parquet([${files.join(', ')}])`, m.id);
    }
    for (const r of group) await removeRun(target, ds, r.id);
    const at = runs.indexOf(group[0]!);
    runs.splice(at, group.length, ...(into ? [{ ...into, fromBlock: m.fromBlock, toBlock: m.toBlock, id: m.id }] : []));
    notes.push(`${compacting ? 'compacted' : 'merged'} ${group.length} runs into ${m.id}`);
  }
  await keyFilesOfRuns(ctx, ds, target, runs, before);
  return { kind: 'derived', rows: runs.reduce((a, r) => a + r.rows, 0), runs, rebuilt: { how: 'runs', detail: notes.join('; ') || 'unchanged' } };
}

/** Every file of run `id`: `run-<id>.parquet`, and the range files `run-<id>.<k>.parquet` of a bucketed run. */
const runGlob = (dir: string, ds: DerivedDataset, id: string): string =>
  ds.bucketBy ? path.join(dir, '*', `run-${id}*.parquet`) : path.join(dir, `run-${id}.parquet`);

/**
 * Bytes of the memory limit one row of a run's sort may take: a bucketed run is sorted in parts of its buckets, each
 * part at most `memory limit / SORT_BYTES_PER_ROW` rows. Measured at an 8 GB limit (DuckDB: 7.4 GiB): one sort of
 * the default lake's 6.1 M address_transactions rows (43 columns) fits (55cdc54), bench batches of 8.65 M rows fitted
 * spilling, bench batch 20's run (9-11.5 M rows) ran out (7.3 GiB held). 1,200 bytes a row gives parts of ~6.7 M
 * rows: the default lake sorts in one part, every bench batch in two. (2,000 split the default lake's run in two,
 * which cost its staging table: ~8.5 s of the default profile.)
 */
export const SORT_BYTES_PER_ROW = 1_200;

/** DuckDB's `memory_limit` setting ('7.4 GiB', '512.0 MiB', '8GB') in bytes. */
export function memoryBytes(setting: string): number {
  const m = /^([\d.]+)\s*([KMGT]?)(i?)B?$/i.exec(setting.trim());
  if (!m) throw new Error(`derive: cannot read memory_limit ${setting}`);
  const unit = m[3] ? 1024 : 1000;
  const exp = ['', 'K', 'M', 'G', 'T'].indexOf(m[2]!.toUpperCase());
  return Number(m[1]) * unit ** exp;
}

/**
 * Contiguous ranges of buckets, each holding at most `partRows` rows (a bucket larger than that is a part alone), in
 * bucket order, e.g. counts [[0, 5], [1, 5], [2, 5]] with partRows 10 → [[0, 1], [2, 2]].
 */
export function sortParts(counts: readonly (readonly [number, number])[], partRows: number): [number, number][] {
  const parts: [number, number][] = [];
  let rows = 0;
  for (const [b, n] of counts) {
    const last = parts[parts.length - 1];
    if (last && rows + n <= partRows) {
      last[1] = b;
      rows += n;
    } else {
      parts.push([b, b]);
      rows = n;
    }
  }
  return parts;
}

/** Sorts `select` into one run (per bucket when bucketed); null when it has no rows. `id` defaults to its block range. */
async function writeRun(ctx: DeriveContext, ds: DerivedDataset, target: string, select: string, id: string | null, notes?: string[]): Promise<RunEntry | null> {
  const { view } = ctx;
  const order = ds.sortBy.join(', ');
  const rg = ds.rowGroupSize ?? ctx.rowGroup;
  const compression = ds.compression ?? 'zstd';
  const bucket = ds.bucketBy ? `address_bucket(${ds.bucketBy})` : '0';
  // An aggregating SELECT (growth.ts `aggregated`) is run once into a table of its rows (few, narrow), which the count
  // and the sort then read; any other SELECT is counted by an aggregate over the few columns it needs (projection
  // pushdown: 0.3 s for the default lake's 6.1 M address_transactions rows) and kept only when it sorts in parts.
  const aggregated = ds.growth.rule === 'runs' && ds.growth.aggregated === true;
  let keys: KeyFileWriter | undefined;
  try {
    if (aggregated) await view.run(`CREATE OR REPLACE TABLE main.derive_rows AS SELECT ${bucket} AS derive_bucket, * FROM (${select})`);
    // Rows, block range and buckets of the run first, so the sort can be planned before any row is sorted.
    // Bucketed: each bucket's address range too, the range of its file when the bucket is not cut (address-ranges.ts).
    const span = ds.bucketBy ? `, min(${ds.bucketBy}) AS amin, max(${ds.bucketBy}) AS amax` : '';
    const counted = await view.all(aggregated
      ? `SELECT derive_bucket AS b, count(*) AS n, min(block_number) AS lo, max(block_number) AS hi${span} FROM derive_rows GROUP BY ALL ORDER BY b`
      : `SELECT ${bucket} AS b, count(*) AS n, min(block_number) AS lo, max(block_number) AS hi${span} FROM (${select}) GROUP BY ALL ORDER BY b`);
    const counts = counted.map((r) => [Number(r.b), Number(r.n)] as const);
    const n = counts.reduce((a, [, k]) => a + k, 0);
    if (n === 0) return null;
    const lo = Math.min(...counted.map((r) => Number(r.lo)));
    const hi = Math.max(...counted.map((r) => Number(r.hi)));
    // A keys-only run (growth keysOnly) is its key file alone, bucketed or not: no range files.
    const parquet = !keysOnly(ds);
    const run: RunEntry = { id: id ?? runId(lo, hi), fromBlock: lo, toBlock: hi, rows: n, ...(ds.bucketBy && parquet ? { files: [] as RunFile[] } : {}) };
    const bound = ds.growth.rule === 'runs' ? rangeRowsOf(ds.growth.rangeRows) : null;
    const whole = new Map(counted.map((r) => [Number(r.b), { min: String(r.amin), max: String(r.amax), rows: Number(r.n) }]));
    const partRows = Math.max(1, Math.floor(memoryBytes(String(await view.scalar(`SELECT current_setting('memory_limit')`))) / SORT_BYTES_PER_ROW));
    const parts = n <= partRows ? [[counts[0]![0], counts[counts.length - 1]![0]] as [number, number]] : sortParts(counts, partRows);
    // One part: sorted straight from the SELECT into one table (the default lake's runs). Several parts (or an
    // aggregated run): the rows are kept unsorted first (a table of the derive database, which spills), then each
    // part's buckets are sorted from it. Each sorted table is written with one COPY per bucket: COPY … PARTITION_BY
    // does not keep the ORDER BY inside a partition (measured: sorted runs restart inside a file, so a row group spans
    // every address and each lookup reads it). The COPYs run on two connections at once (tiny lake: 285 ms instead of
    // 554 ms). The staging table cost the default profile ~8.5 s for address_transactions' wide rows (d611505: 25.3 s
    // wall against 16.8 s sorted straight from the SELECT).
    const staged = aggregated || parts.length > 1;
    // A one-file run's key file (growth.ts keyFile) is written from its sorted rows; a bucketed run's after its merges
    // (keyFilesOfRuns: a merge or a compaction rewrites its buckets without this function), unless it is keys-only:
    // its rows are sorted by bucket first, the address key's first byte, so they feed the key file in its order.
    keys = ds.growth.rule === 'runs' && ds.growth.keyFile && (!ds.bucketBy || !parquet) ? await KeyFileWriter.create(path.join(target, keyFileName(run.id)), keyFileMeta(ds)) : undefined;
    if (staged && !aggregated) await view.run(`CREATE OR REPLACE TABLE main.derive_rows AS SELECT ${bucket} AS derive_bucket, * FROM (${select})`);
    for (const [p, [from, to]] of parts.entries()) {
      if (staged) {
        await view.run(`CREATE OR REPLACE TABLE main.derive_sorted AS SELECT * FROM derive_rows WHERE derive_bucket BETWEEN ${from} AND ${to} ORDER BY derive_bucket, ${order}`);
        // The unsorted rows are not read again after the last part: their memory goes to the writes.
        if (p === parts.length - 1) await view.run('DROP TABLE main.derive_rows');
      } else {
        await view.run(`CREATE OR REPLACE TABLE main.derive_sorted AS SELECT ${bucket} AS derive_bucket, * FROM (${select}) ORDER BY derive_bucket, ${order}`);
      }
      if (keys) await feedKeyFile(view, keys, ds, 'derive_sorted');
      const buckets = counts.map(([b]) => b).filter((b) => b >= from && b <= to);
      // A keys-only run is its key file: no Parquet is written.
      if (parquet && !ds.bucketBy) {
        await view.run(`COPY (SELECT ${cols(ds)} FROM derive_sorted) TO ${lit(path.join(target, `run-${run.id}.parquet`))} (${parquetOptions(compression, rg)})`);
        if (ds.growth.rule === 'runs' && ds.growth.lookupFile) await writeLookupFile(view, path.join(target, lookupFileName(run.id)), `SELECT ${cols(ds)} FROM derive_sorted`);
      } else if (parquet) {
        // Each bucket as its address-range files; the sorted table is read in its order (a filter keeps it).
        const ranges = await bucketRanges(view, bound, buckets, whole, (b) => `SELECT ${ds.bucketBy} AS a, count(*) AS n FROM derive_sorted WHERE derive_bucket = ${b} GROUP BY ALL ORDER BY a`);
        await inTwoLanes(ctx, buckets, async (runSql, b) => {
          run.files!.push(...await copyRanges(runSql, ds, target, b, run.id, ranges.get(b)!, (r) =>
            `SELECT ${cols(ds)} FROM derive_sorted WHERE derive_bucket = ${b} AND ${inRange(ds, r, ranges.get(b)!.length)}`, rg));
        });
      }
      await view.run('DROP TABLE IF EXISTS main.derive_sorted');
    }
    // A short write fails the publish here, not a later lookup.
    if (keys && keys.rows !== n) throw new Error(`derive: run ${run.id} of ${ds.name} wrote ${keys.rows} rows to its key file, its SELECT ${n}`);
    await keys?.finish();
    keys = undefined;
    if (parts.length > 1) notes?.push(`${run.id} sorted in ${parts.length} parts of the buckets`);
    run.files?.sort((x, y) => x.bucket - y.bucket || compareAddresses(x.min, y.min));
    return run;
  } finally {
    // A run that failed leaves no key file (a partial one would answer wrongly).
    await keys?.abort();
    await view.run('DROP TABLE IF EXISTS main.derive_sorted');
    await view.run('DROP TABLE IF EXISTS main.derive_rows');
  }
}

/**
 * The address ranges of each of `buckets`: the whole bucket (`whole`: its rows and address span) when it holds at most
 * `bound` rows, else cut from its per-address row counts (`countSql(b)`: columns a, n in address order) by
 * `cutRanges`. One bucket's counts at a time: they are the bucket's distinct addresses, not the run's.
 */
async function bucketRanges(view: Db, bound: number | null, buckets: readonly number[], whole: ReadonlyMap<number, AddressRange>, countSql: (b: number) => string): Promise<Map<number, AddressRange[]>> {
  const out = new Map<number, AddressRange[]>();
  for (const b of buckets) {
    const w = whole.get(b)!;
    if (bound === null || w.rows <= bound) {
      out.set(b, [w]);
      continue;
    }
    const counts = await view.all(countSql(b));
    out.set(b, cutRanges(counts.map((r) => [String(r.a), Number(r.n)] as const), bound));
  }
  return out;
}

/** The condition on the rows of range `r` when a bucket is cut into `count` ranges (`true` when it is one file). */
const inRange = (ds: DerivedDataset, r: AddressRange, count: number): string =>
  count === 1 ? 'true' : `${ds.bucketBy} BETWEEN ${lit(r.min)} AND ${lit(r.max)}`;

/**
 * Writes bucket `b` of run `id` as its range files, one COPY of `selectOf(range)` each (`prefix` before the name: a
 * compaction writes beside the files it replaces), and returns their manifest entries.
 */
async function copyRanges(
  run: (sql: string) => Promise<unknown>,
  ds: DerivedDataset,
  target: string,
  b: number,
  id: string,
  ranges: readonly AddressRange[],
  selectOf: (r: AddressRange) => string,
  rg: number,
  prefix = '',
): Promise<RunFile[]> {
  const dir = path.join(target, `bucket=${b}`);
  await fs.mkdir(dir, { recursive: true });
  const files: RunFile[] = [];
  for (const [k, r] of ranges.entries()) {
    const name = rangeFileName(id, k, ranges.length);
    await run(`COPY (${selectOf(r)}) TO ${lit(path.join(dir, prefix + name))} (${parquetOptions(ds.compression ?? 'zstd', rg)})`);
    files.push({ bucket: b, name, min: r.min, max: r.max, rows: r.rows });
  }
  return files;
}

/** The files of `runs` by bucket (a bucketed run's manifest entry lists them since address-range files). */
function filesByBucket(ds: DerivedDataset, runs: readonly RunEntry[]): Map<number, RunFile[]> {
  const out = new Map<number, RunFile[]>();
  for (const r of runs) {
    // A lake written before range files lists none: its by-address copies are stale by their layout id (growth
    // rangeRows), so a publish derives them from every raw row before any of their runs is merged.
    if (!r.files) throw new Error(`derive: run ${r.id} of ${ds.name} lists no files (a lake made before address-range files: tronlake rederive)`);
    for (const f of r.files) out.set(f.bucket, [...(out.get(f.bucket) ?? []), f]);
  }
  return new Map([...out].sort(([a], [b]) => a - b));
}

/**
 * Sorts the files `inputs` of bucket `b` into run `id`'s range files of that bucket (`prefix`: see copyRanges). Each
 * range is sorted from the input files whose ranges meet it, so a merge sorts at most a range's rows at once.
 */
async function mergeBucket(ctx: DeriveContext, ds: DerivedDataset, target: string, inputs: ReadonlyMap<number, readonly RunFile[]>, id: string, prefix = ''): Promise<RunFile[]> {
  const rg = ds.rowGroupSize ?? ctx.rowGroup;
  const bound = ds.growth.rule === 'runs' ? rangeRowsOf(ds.growth.rangeRows) : null;
  const paths = (b: number, fs: readonly RunFile[]): string => `[${fs.map((f) => lit(path.join(target, `bucket=${b}`, f.name))).join(', ')}]`;
  const whole = new Map([...inputs].map(([b, fs]) => [b, {
    min: fs.map((f) => f.min).reduce((x, y) => (compareAddresses(x, y) <= 0 ? x : y)),
    max: fs.map((f) => f.max).reduce((x, y) => (compareAddresses(x, y) >= 0 ? x : y)),
    rows: fs.reduce((a, f) => a + f.rows, 0),
  }]));
  const buckets = [...inputs.keys()];
  const ranges = await bucketRanges(ctx.view, bound, buckets, whole, (b) =>
    `SELECT ${ds.bucketBy} AS a, count(*) AS n FROM read_parquet(${paths(b, inputs.get(b)!)}, hive_partitioning = false) GROUP BY ALL ORDER BY a`);
  const files: RunFile[] = [];
  await inTwoLanes(ctx, buckets, async (run, b) => {
    const rs = ranges.get(b)!;
    files.push(...await copyRanges(run, ds, target, b, id, rs, (r) => {
      const meet = inputs.get(b)!.filter((f) => rs.length === 1 || (compareAddresses(f.min, r.max) <= 0 && compareAddresses(r.min, f.max) <= 0));
      return `SELECT ${cols(ds)} FROM read_parquet(${paths(b, meet)}, hive_partitioning = false) WHERE ${inRange(ds, r, rs.length)} ORDER BY ${ds.sortBy.join(', ')}`;
    }, rg, prefix));
  });
  return files.sort((x, y) => x.bucket - y.bucket || compareAddresses(x.min, y.min));
}

/**
 * Merges the runs of `group` of a bucketed dataset bucket by bucket: each bucket's files (every one sorted) are sorted
 * into the range files of run `id` in that bucket, on two connections at once. A merge moves rows (no row changes
 * bucket), so the merged run's rows are the sum of the group's. A range is at most `rangeRows` rows (or one address),
 * so a sort stays in memory however large the bucket grows (bench: 147 s CPU to merge four 4.4 M-row runs of
 * address_token_transfers in one sort, before buckets).
 */
async function mergeBuckets(ctx: DeriveContext, ds: DerivedDataset, target: string, group: readonly RunEntry[], id: string): Promise<RunFile[]> {
  const files = await mergeBucket(ctx, ds, target, filesByBucket(ds, group), id);
  // The footers' row counts (no page is read): a short write fails here, not in a later lookup.
  const want = group.reduce((a, r) => a + r.rows, 0);
  const got = Number(await ctx.view.scalar(`SELECT count(*) FROM read_parquet(${lit(runGlob(target, ds, id))}, hive_partitioning = false)`));
  if (got !== want || files.reduce((a, f) => a + f.rows, 0) !== want) throw new Error(`derive: merged run ${id} of ${ds.name} holds ${got} rows, its runs ${want}`);
  return files;
}

/**
 * Compaction of a bucketed dataset, some buckets at a time (so the extra disk is those buckets' share): in each listed
 * bucket every file is sorted into the range files of `run-<all>`, `<all>` the block range of every run. Between the
 * steps of one `compact`, the compacted buckets hold that run and the others the older runs: the run list keeps the
 * whole-range run first (its files in the compacted buckets), then what is left of the older runs.
 */
async function compactBuckets(ctx: DeriveContext, ds: DerivedDataset, target: string, runs: readonly RunEntry[], buckets: readonly number[]): Promise<RunEntry[]> {
  if (!runs.length) return [];
  const all = merged(runs);
  const byBucket = filesByBucket(ds, runs);
  const ownerOf = new Map(runs.flatMap((r) => r.files!.map((f) => [`${f.bucket}/${f.name}`, r.id] as const)));
  const todo = new Map<number, RunFile[]>();
  for (const b of buckets) {
    const files = byBucket.get(b) ?? [];
    const ids = new Set(files.map((f) => ownerOf.get(`${f.bucket}/${f.name}`)));
    if (files.length === 0 || (ids.size === 1 && ids.has(all.id))) continue;
    todo.set(b, files);
  }
  const PREFIX = '.compact-';
  const written = await mergeBucket(ctx, ds, target, todo, all.id, PREFIX);
  for (const [b, files] of todo) for (const f of files) await fs.rm(path.join(target, `bucket=${b}`, f.name));
  for (const f of written) await fs.rename(path.join(target, `bucket=${f.bucket}`, PREFIX + f.name), path.join(target, `bucket=${f.bucket}`, f.name));
  const out: RunEntry[] = [];
  const left = (r: RunEntry): RunFile[] => (r.files ?? []).filter((f) => !todo.has(f.bucket));
  const whole = [...written, ...runs.filter((r) => r.id === all.id).flatMap(left)].sort((x, y) => x.bucket - y.bucket || compareAddresses(x.min, y.min));
  for (const r of [{ ...all, files: whole }, ...runs.filter((r) => r.id !== all.id).map((r) => ({ ...r, files: left(r) }))]) {
    if (r.files.length) out.push({ ...r, rows: r.files.reduce((a, f) => a + f.rows, 0) });
  }
  const want = runs.reduce((a, r) => a + r.rows, 0);
  const got = out.reduce((a, r) => a + r.rows, 0);
  if (got !== want) throw new Error(`compact: ${ds.name} holds ${got} rows after compaction, ${want} before`);
  return out;
}

/** Hard-links run `id`'s files (every range file of every bucket when bucketed) from `fromDir` into `toDir`. */
/** Writes the rows of `select`, in its order, as table `rows` of a new DuckDB database file `file`. */
async function writeLookupFile(view: Db, file: string, select: string): Promise<void> {
  await fs.rm(file, { force: true });
  await view.run(`ATTACH ${lit(file)} AS lookup_run`);
  try {
    await view.run(`CREATE TABLE lookup_run.rows AS ${select}`);
  } finally {
    await view.run('DETACH lookup_run');
  }
}

function keyFileMeta(ds: DerivedDataset): KeyFileMeta {
  const k = (ds.growth as { keyFile: { key: string; keyKind: KeyKind; time: string } }).keyFile;
  const columns = ds.columns.filter((c) => c.name !== 'bucket').map((c) => ({ name: c.name, integer: /INT/.test(c.type) }));
  return { columns, key: k.key, keyKind: k.keyKind, time: k.time };
}

/**
 * Streams the rows of `from` (a table or a table function with the dataset's columns, already in the dataset's order:
 * a sorted table, or a bucket's sorted range files in address order) into the key file, chunk by chunk (a run's rows
 * are never all in memory). No ORDER BY: DuckDB keeps a scan's order (preserve_insertion_order), and the writer
 * refuses a key or a time out of order, so a wrong order fails the publish instead of answering wrongly (sorting again
 * cost more than the rest of the write). DuckDB writes each row's JSON (to_json, as toCell would give the cells: an
 * integer beyond 2^53 and a DECIMAL as strings) and JS only frames it: 3x faster than reading every cell into JS. A
 * side stored as '' (growth sameAsAddress) is restored first.
 */
async function feedKeyFile(view: Db, keys: KeyFileWriter, ds: DerivedDataset, from: string): Promise<void> {
  const k = keyFileMeta(ds);
  const json = (c: { name: string; type: string }): string => {
    const q = `"${c.name}"`;
    if (c.type === 'BIGINT') return `CASE WHEN ${q} BETWEEN -9007199254740991 AND 9007199254740991 THEN to_json(${q}) ELSE to_json(${q}::VARCHAR) END`;
    if (c.type.startsWith('DECIMAL')) return `to_json(${q}::VARCHAR)`;
    return `to_json(${q})`;
  };
  const columns = ds.columns.filter((c) => c.name !== 'bucket');
  const row = `'[' || concat_ws(',', ${columns.map((c) => `coalesce(${json(c)}, 'null')`).join(', ')}) || ']'`;
  const result = await view.conn.stream(
    `SELECT "${k.key}" AS k, "${k.time}" AS t, ${row} AS j FROM (SELECT ${storedSelect(ds)} FROM ${from})`,
  );
  for (;;) {
    const chunk = await result.fetchChunk();
    if (!chunk || chunk.rowCount === 0) return;
    for (const r of chunk.getRows()) keys.addJson(toCell(r[0]!), toCell(r[1]!), String(r[2]));
  }
}

/**
 * The key files of a bucketed dataset's runs after a derive: a run written, merged or compacted now (or linked
 * without one) gets its file from its range files, bucket by bucket in key order; a run linked unchanged keeps its own.
 */
async function keyFilesOfRuns(ctx: DeriveContext, ds: DerivedDataset, target: string, runs: readonly RunEntry[], before: TableEntry | undefined): Promise<void> {
  if (ds.growth.rule !== 'runs' || !ds.growth.keyFile || !ds.bucketBy || keysOnly(ds)) return;
  const prev = new Map((before?.runs ?? []).map((r) => [r.id, JSON.stringify(r.files)]));
  // A run merged or compacted away leaves its key file: it goes with the run.
  const ids = new Set(runs.map((r) => keyFileName(r.id)));
  for (const f of await fs.readdir(target)) if (f.endsWith('.keys') && !ids.has(f)) await fs.rm(path.join(target, f));
  for (const r of runs) {
    const file = path.join(target, keyFileName(r.id));
    if (prev.get(r.id) === JSON.stringify(r.files) && (await exists(file))) continue;
    const sources = [...filesByBucket(ds, [r])].map(([b, files]) => `read_parquet([${files.map((f) => lit(path.join(target, `bucket=${b}`, f.name))).join(', ')}], hive_partitioning = false)`);
    await writeKeyFile(ctx.view, file, ds, sources);
  }
}

/**
 * Writes the key file of `ds` from `sources` (tables or table functions with its columns), each already in the
 * dataset's order, one after the other: their keys must follow one another (a bucketed run's buckets in order).
 * A failed write leaves no file (a partial file would answer wrongly).
 */
export async function writeKeyFile(view: Db, file: string, ds: DerivedDataset, sources: readonly string[]): Promise<void> {
  const keys = await KeyFileWriter.create(file, keyFileMeta(ds));
  try {
    for (const from of sources) await feedKeyFile(view, keys, ds, from);
    await keys.finish();
  } catch (e) {
    await keys.abort();
    throw e;
  }
}

async function linkRun(fromDir: string, toDir: string, ds: DerivedDataset, id: string): Promise<void> {
  const name = `run-${id}.parquet`;
  if (!ds.bucketBy && ds.growth.rule === 'runs' && ds.growth.lookupFile) await fs.link(path.join(fromDir, lookupFileName(id)), path.join(toDir, lookupFileName(id)));
  // A run from before key files has none: keyFilesOfRuns (bucketed) writes it; a one-file run's dataset is then
  // served through SQL until it is derived again.
  if (ds.growth.rule === 'runs' && ds.growth.keyFile && (await exists(path.join(fromDir, keyFileName(id))))) await fs.link(path.join(fromDir, keyFileName(id)), path.join(toDir, keyFileName(id)));
  if (keysOnly(ds)) return;
  if (!ds.bucketBy) return fs.link(path.join(fromDir, name), path.join(toDir, name));
  for (const b of (await fs.readdir(fromDir)).filter((f) => f.startsWith('bucket='))) {
    const files = (await fs.readdir(path.join(fromDir, b))).filter((f) => isRunFile(f, id));
    if (!files.length) continue;
    await fs.mkdir(path.join(toDir, b), { recursive: true });
    for (const f of files) await fs.link(path.join(fromDir, b, f), path.join(toDir, b, f));
  }
}

async function removeRun(dir: string, ds: DerivedDataset, id: string): Promise<void> {
  const name = `run-${id}.parquet`;
  await fs.rm(path.join(dir, lookupFileName(id)), { force: true });
  await fs.rm(path.join(dir, keyFileName(id)), { force: true });
  if (!ds.bucketBy) return fs.rm(path.join(dir, name), { force: true });
  for (const b of (await fs.readdir(dir)).filter((f) => f.startsWith('bucket='))) {
    for (const f of await fs.readdir(path.join(dir, b))) if (isRunFile(f, id)) await fs.rm(path.join(dir, b, f), { force: true });
  }
}

/**
 * State: the merge SELECT (sql/derive/<family>/<name>.merge.sql) adds the new rows to the previous version's rows. A replaced
 * tail cannot be subtracted from maxima and owners, so that publish (and a first publish) runs the full SELECT.
 */
async function deriveState(ctx: DeriveContext, plan: DerivePlan, ds: DerivedDataset, target: string, before: TableEntry | undefined): Promise<TableEntry> {
  if (plan.previous === null || before === undefined) {
    return writeWhole(ctx, ds, target, await readDeriveSql(sqlFilesOf(ds.name).derive), { how: 'full', detail: 'from every raw row' });
  }
  if (plan.replacesTail) {
    return writeWhole(ctx, ds, target, await readDeriveSql(sqlFilesOf(ds.name).derive), {
      how: 'full',
      detail: `blocks from ${plan.fromBlock} were replaced: maxima and owners cannot be subtracted`,
    });
  }
  const merge = await readDeriveSql(sqlFilesOf(ds.name).merge);
  return writeWhole(ctx, ds, target, merge, { how: 'deltas', detail: plan.fromBlock === null ? 'no new blocks' : `blocks from ${plan.fromBlock}` });
}

async function linkFiles(from: string, to: string): Promise<void> {
  await fs.mkdir(to, { recursive: true });
  for (const f of await fs.readdir(from)) await fs.link(path.join(from, f), path.join(to, f));
}

/** Hard-links every file under `from` into `to`, folders included (a dataset kept as it is). */
async function linkTree(from: string, to: string): Promise<void> {
  await fs.mkdir(to, { recursive: true });
  for (const e of await fs.readdir(from, { withFileTypes: true })) {
    if (e.isDirectory()) await linkTree(path.join(from, e.name), path.join(to, e.name));
    else await fs.link(path.join(from, e.name), path.join(to, e.name));
  }
}

async function exists(p: string): Promise<boolean> {
  return fs.access(p).then(() => true, () => false);
}

/** The previous version's folder, for a plan. */
export function previousOf(dataDir: string, m: Manifest | null): DerivePlan['previous'] {
  return m ? { dir: versionDir(dataDir, m), manifest: m } : null;
}

export { datasetGlob };
