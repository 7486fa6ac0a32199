/**
 * The names SQL may use: one view per dataset over a version's Parquet files, dimension tables loaded into
 * memory, the `chain_state` row and the constant macros solid_block(), head_block(), head_ts(), the row-expression
 * macros of sql/macros/ and the extra views of sql/views/.
 * The same function serves the derive step (publish.ts) and the server (engine/), so both see the same lake.
 */
import path from 'node:path';
import { columnDDL, type Dataset, allDatasets } from './datasets/index.ts';
import { keysOnly } from './datasets/growth.ts';
import { listsRangeFiles, type TableEntry } from './manifest.ts';
import { readMacroSqls, readServingSqls, readViewSqls } from './sql-files.ts';
import { CHAIN_PARAMETER_KEYS } from '../chain/chain-parameters.ts';

const lit = (s: string): string => `'${s.replace(/'/g, "''")}'`;

/**
 * The bucket of an address in the bucketed copies (Dataset.bucketBy): from its last two characters (Base58check
 * ends in checksum bytes, so they are close to uniform), 32 buckets. Plain arithmetic on characters, so every
 * DuckDB version computes the same bucket for the files it reads (a hash() could change between versions).
 */
export const ADDRESS_BUCKETS = 32;
/**
 * `chain_parameter_key(n)`: the getter name of proposal parameter number n (src/chain/chain-parameters.ts, the one
 * mapping), NULL for a number it does not list: snapshots name parameters by getter, proposals by number, and SQL
 * that matches the two (sql/derive/governance/chain_parameter_history.sql) reads the mapping from here.
 */
export const CHAIN_PARAMETER_KEY_MACRO = `CREATE OR REPLACE MACRO chain_parameter_key(n) AS CASE n ${[...CHAIN_PARAMETER_KEYS]
  .map(([k, name]) => `WHEN ${k} THEN '${name}'`)
  .join(' ')} END`;

export const ADDRESS_BUCKET_MACRO = `CREATE OR REPLACE MACRO address_bucket(a) AS
  ((ascii(a[-1]) * 58 + ascii(a[-2])) % ${ADDRESS_BUCKETS})::INTEGER`;

/** Glob of a dataset's files inside a version folder, e.g. `<v>/raw/blocks/*\/*.parquet`. */
export function datasetGlob(dir: string, ds: Dataset): string {
  if (ds.kind === 'dimension') return path.join(dir, 'dim', `${ds.name}.parquet`);
  if (ds.kind === 'snapshot' || ds.kind === 'reference') return path.join(dir, STATE_FOLDER[ds.kind], `${ds.name}.parquet`);
  // Bucketed and per-day derived datasets have one folder level (bucket=K, date=YYYY-MM-DD) above their files.
  if (ds.kind === 'derived') return path.join(dir, 'derived', ds.name, ...(ds.bucketBy || ds.partitioned ? ['*', '*.parquet'] : ['*.parquet']));
  return path.join(dir, 'raw', ds.name, '*', '*.parquet');
}

/** Folder of the one-file snapshot and reference datasets inside a version. */
export const STATE_FOLDER = { snapshot: 'snap', reference: 'ref' } as const;

export interface ChainState {
  solidBlock: number;
  head?: { number: number; timestamp: number };
  first?: { number: number; timestamp: number };
}

/** The DuckDB file of run `id` of a `lookupFile` dataset (growth.ts), beside its Parquet run. */
export const lookupFileName = (id: string): string => `run-${id}.duckdb`;
/** The key file of run `id` of a `keyFile` dataset (growth.ts, key-files.ts), beside its Parquet run. */
export const keyFileName = (id: string): string => `run-${id}.keys`;

/**
 * The name of one dataset in `db`: a view over its files in the version folder `dir` (a table in memory for
 * dimensions, an empty table when it has no rows). publish.ts also calls it after writing each derived dataset, so a
 * later derive step can read an earlier one.
 */
export async function createDatasetView(
  db: { run(sql: string): Promise<void> },
  dir: string,
  ds: Dataset,
  rows: number,
  /** Schema to create the name in (publish's derive step reads the previous version as `prev.<name>`). */
  schema = 'main',
): Promise<void> {
  // A keys-only dataset (growth keysOnly) has no Parquet: no SQL reads it, so it has no name.
  if (keysOnly(ds)) return;
  const glob = lit(datasetGlob(dir, ds));
  // Per-day derived datasets carry their `day` column, so their date=… folders are not read as a column.
  const hive = ds.kind === 'raw' ? `, hive_partitioning = true, hive_types = {'date': VARCHAR}` : ds.bucketBy ? `, hive_partitioning = true, hive_types = {'bucket': INTEGER}` : ds.partitioned ? ', hive_partitioning = false' : '';
  const name = `${schema}.${ds.name}`;
  // Raw facts are empty as a table with the hive column too, so a query may filter on "date" either way.
  const empty = ds.kind === 'raw' ? `${columnDDL(ds)}, "date" VARCHAR` : columnDDL(ds);
  if (rows === 0) await db.run(`CREATE OR REPLACE TABLE ${name} (${empty})`);
  else if (ds.kind === 'dimension' || ds.kind === 'reference') await db.run(`CREATE OR REPLACE TABLE ${name} AS SELECT * FROM read_parquet(${glob})`);
  // Per-day rollups are small (rows per day × days) and are written one file per day; read from many files by
  // parallel threads, a sum of their DOUBLE columns changed in its last digits from one request to the next. Loaded
  // into memory in their sort order, like the dimensions, every request sums the same rows in the same order.
  else if (ds.kind === 'derived' && ds.partitioned && !ds.onDisk) {
    await db.run(`CREATE OR REPLACE TABLE ${name} AS SELECT * FROM read_parquet(${glob}${hive}) ORDER BY ${ds.sortBy.join(', ')}`);
  }
  else if (ds.kind === 'snapshot') await db.run(`CREATE OR REPLACE VIEW ${name} AS SELECT * FROM ${snapshotFileRows(ds, datasetGlob(dir, ds))}`);
  else await db.run(`CREATE OR REPLACE VIEW ${name} AS SELECT ${storedSelect(ds)} FROM read_parquet(${glob}${hive})`);
}

/**
 * The rows of a snapshot file as a FROM item with every declared column: a nullable column added to the catalog after
 * the file was written (account_snapshots' resource usages, issue 27) reads as NULL, so a lake made before it still
 * serves and rederives (NULL = not recorded). UNION ALL BY NAME with an empty typed row set adds the missing columns;
 * DuckDB drops the empty side and still pushes filters into the Parquet scan (checked with EXPLAIN). A missing
 * required column still fails, naming it, e.g. `snapshotFileRows(accountSnapshots, '<v>/snap/account_snapshots.parquet')`.
 */
export function snapshotFileRows(ds: Dataset, file: string): string {
  const added = ds.columns.filter((c) => c.nullable);
  if (!added.length) return `read_parquet(${lit(file)})`;
  const nulls = added.map((c) => `NULL::${c.type} AS "${c.name}"`).join(', ');
  return `(SELECT * FROM read_parquet(${lit(file)}) UNION ALL BY NAME SELECT ${nulls} WHERE false)`;
}

/**
 * The select list that gives a dataset's rows as readers know them from its files: `*`, or for a by-address copy that
 * stores a side equal to the row's address as '' (growth.ts `sameAsAddress`), `*` with those columns restored.
 */
export function storedSelect(ds: Dataset): string {
  const same = (ds as Dataset & { growth?: { sameAsAddress?: readonly string[] } }).growth?.sameAsAddress ?? [];
  if (!same.length || !ds.bucketBy) return '*';
  return `* REPLACE (${same.map((c) => `CASE WHEN "${c}" = '' THEN "${ds.bucketBy}" ELSE "${c}" END AS "${c}"`).join(', ')})`;
}

/**
 * `address_rows_<name>(files)`: the rows of a bucketed runs dataset read from the files a by-address template names
 * (an `@files` list the engine binds from the manifest's address ranges, src/lake/derive/address-ranges.ts), with the same
 * columns as its view (the `bucket` folder included). A prepared statement binds the list (checked on DuckDB 1.5).
 * A dataset with no rows, damaged, or whose manifest lists no range files reads its view instead (the list unused):
 * the empty table, the failing view, or the glob pruned by the template's bucket condition.
 */
async function createAddressRowsMacro(db: { run(sql: string): Promise<void> }, ds: Dataset, entry: TableEntry, damaged: boolean): Promise<void> {
  const named = entry.rows > 0 && !damaged && listsRangeFiles(entry);
  const body = named ? `SELECT ${storedSelect(ds)} FROM read_parquet(files, hive_partitioning = true, hive_types = {'bucket': INTEGER})` : `SELECT * FROM ${ds.name}`;
  await db.run(`CREATE OR REPLACE MACRO address_rows_${ds.name}(files) AS TABLE ${body}`);
}

/** The error text of a query that reads a damaged dataset's view; the engine maps it back to the dataset. */
export const UNAVAILABLE_PREFIX = 'tronlake: dataset unavailable: ';
export function unavailableMessage(dataset: string): string {
  return `${UNAVAILABLE_PREFIX}${dataset}`;
}

/**
 * A view of a damaged dataset: every column and the row filter raise the dataset's error. Each column goes through
 * random() so the optimizer cannot fold it to a constant and prune the read (a plain NULL column let `WHERE a = 5`
 * answer an empty result instead of failing).
 */
function unavailableSelect(ds: Dataset): string {
  const fail = `error(${lit(unavailableMessage(ds.name))})`;
  const names = ds.columns.map((c) => [c.name, c.type] as const);
  if (ds.kind === 'raw' && !ds.columns.some((c) => c.name === 'date')) names.push(['date', 'VARCHAR']);
  const cols = names.map(([n, t]) => `CASE WHEN r < 2 THEN ${fail} ELSE NULL END::${t} AS "${n}"`).join(', ');
  return `SELECT ${cols} FROM (SELECT random() AS r FROM range(1)) WHERE CASE WHEN r < 2 THEN ${fail} ELSE true END`;
}

/** Columns of a dataset's view, partition columns included, e.g. raw `blocks` → `block_number BIGINT NOT NULL, …, date VARCHAR`. */
export function emptyColumnsDDL(ds: Dataset): string {
  const names = new Set(ds.columns.map((c) => c.name));
  return ds.kind === 'raw' && !names.has('date') ? `${columnDDL(ds)}, date VARCHAR` : columnDDL(ds);
}

/** Creates the lake's views in `db` for the version folder `dir` (tables = the manifest's table entries). */
export async function createLakeViews(
  db: { run(sql: string): Promise<void> },
  dir: string,
  tables: Record<string, TableEntry>,
  state: ChainState,
  damaged?: { datasets: ReadonlySet<string>; onDamaged(dataset: string, error: string): void },
): Promise<void> {
  const failed = new Set<string>();
  for (const ds of allDatasets) {
    const entry = tables[ds.name];
    // An absent reference dataset (never loaded) or snapshot (a lake made before snapshots) reads as an empty table:
    // the endpoints that need it answer empty but correctly shaped (docs/compat.md).
    if (!entry && (ds.kind === 'reference' || ds.kind === 'snapshot')) await db.run(`CREATE OR REPLACE TABLE ${ds.name} (${columnDDL(ds)})`);
    if (!entry) continue;
    if (!damaged) {
      await createDatasetView(db, dir, ds, entry.rows);
      continue;
    }
    // Serving: a damaged dataset (found by the start check, or failing here) becomes a view that fails every query
    // reading it with a recognisable message, so the rest of the lake is still served.
    let error = damaged.datasets.has(ds.name) ? 'found damaged by the file check' : undefined;
    if (!error) {
      try {
        await createDatasetView(db, dir, ds, entry.rows);
      } catch (e) {
        error = e instanceof Error ? e.message : String(e);
      }
    }
    if (error !== undefined) {
      damaged.onDamaged(ds.name, error);
      await db.run(`CREATE OR REPLACE VIEW ${ds.name} AS ${unavailableSelect(ds)}`);
      failed.add(ds.name);
    }
  }
  for (const ds of allDatasets) {
    const entry = tables[ds.name];
    if (entry && ds.bucketBy && entry.runs && !keysOnly(ds)) await createAddressRowsMacro(db, ds, entry, failed.has(ds.name));
  }
  await db.run(ADDRESS_BUCKET_MACRO);
  const int = (n: number | undefined): string => String(Math.trunc(n ?? 0));
  await db.run(
    `CREATE OR REPLACE TABLE chain_state AS SELECT ${int(state.solidBlock)}::BIGINT AS solid_block,
       ${int(state.head?.number)}::BIGINT AS head_block, ${int(state.head?.timestamp)}::BIGINT AS head_ts,
       ${int(state.first?.number)}::BIGINT AS first_block, ${int(state.first?.timestamp)}::BIGINT AS first_ts`,
  );
  // The same values as constant macros: `block_number > solid_block()` folds at plan time, so an unused state filter
  // costs nothing and a count can still come from Parquet metadata (a CROSS JOIN with chain_state forces a scan:
  // 60 ms vs 3 ms for a count over the default lake).
  await db.run(`CREATE OR REPLACE MACRO solid_block() AS ${int(state.solidBlock)}::BIGINT`);
  await db.run(`CREATE OR REPLACE MACRO head_block() AS ${int(state.head?.number)}::BIGINT`);
  await db.run(`CREATE OR REPLACE MACRO head_ts() AS ${int(state.head?.timestamp)}::BIGINT`);
  await db.run(`CREATE OR REPLACE MACRO first_block() AS ${int(state.first?.number)}::BIGINT`);
  await db.run(`CREATE OR REPLACE MACRO first_ts() AS ${int(state.first?.timestamp)}::BIGINT`);
  await db.run(CHAIN_PARAMETER_KEY_MACRO);
  // Row expressions written once (sql/macros/), then the shared views (sql/views/), which may use them.
  for (const m of await readMacroSqls()) await db.run(m.sql);
  for (const v of await readViewSqls()) await db.run(`CREATE OR REPLACE VIEW ${v.name} AS ${v.sql}`);
}

/**
 * Most rows a serving table may hold in memory. Each is bounded by the lake's days (times a small dimension: two
 * periods, the tokens or contracts active on a day); past the cap it stays a view, computed per query (slower, the
 * same answers) instead of holding an unbounded table.
 */
export const SERVING_ROW_CAP = 2_000_000;

export interface ServingTable {
  name: string;
  /** Rows held in memory; null when it stayed a view (over the cap, or a dataset it reads is unavailable). */
  rows: number | null;
}

/**
 * The serving tables of `sql/serving/` (a server's version open only, after createLakeViews): each SELECT over the
 * in-memory per-day rollups is materialized once as a table in memory, so a request reads it with a plain filtered
 * scan instead of paying DuckDB's sort, window, join or aggregate operators (about 1 ms each even over 90 rows) on
 * every request. A SELECT that fails (a damaged dataset it reads) or exceeds SERVING_ROW_CAP becomes a view of
 * itself: a query then fails the way the dataset does (503 naming it) or computes the rows itself.
 */
export async function createServingTables(
  db: { run(sql: string): Promise<void>; count(sql: string): Promise<number> },
  opts: { rowsOf?: (dataset: string) => number | undefined; cap?: number } = {},
): Promise<ServingTable[]> {
  const cap = opts.cap ?? SERVING_ROW_CAP;
  const out: ServingTable[] = [];
  for (const t of await readServingSqls()) {
    let rows: number | null = null;
    // A whole copy of a dataset (`@rows-of`) known from the manifest to pass the cap is not copied to find out: at the
    // bench lake's 4.1 M accounts that copy cost 12 of the 54 s an engine took to open (account_details_served 9.4 s,
    // account_resources_served 2.9 s), at every start and every version switch.
    const known = t.rowsOf ? opts.rowsOf?.(t.rowsOf) : undefined;
    if (known === undefined || known <= cap) {
      try {
        // At most one row over the cap is materialized: a table past it costs no more than the cap to find out.
        await db.run(`CREATE OR REPLACE TABLE ${t.name} AS SELECT * FROM (\n${t.sql}\n) LIMIT ${cap + 1}`);
        rows = await db.count(`SELECT count(*) FROM ${t.name}`);
        if (rows > cap) rows = null;
      } catch {
        rows = null;
      }
    }
    if (rows === null) await db.run(`DROP TABLE IF EXISTS ${t.name}`).then(() => db.run(`CREATE OR REPLACE VIEW ${t.name} AS ${t.sql}`));
    out.push({ name: t.name, rows });
  }
  return out;
}
