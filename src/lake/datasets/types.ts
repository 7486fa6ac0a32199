/**
 * The vocabulary of a dataset declaration: every table of the lake is declared once (columns, DuckDB types,
 * nullability, meaning) in datasets/<kind>.ts or datasets/derived/<family>.ts; the generator, the ingester, the
 * engine's views, the derive step and docs/datasets.md all read those declarations through datasets/index.ts.
 *
 * Conventions (ARCHITECTURE §3): same fact, same name and type everywhere. `timestamp` is the block time in ms
 * (BIGINT). Addresses are Base58 strings (T…). Amounts that fit int64 (sun, TRC10 units, energy) are BIGINT;
 * token amounts that can exceed int64 (uint256) are `amount_raw` exact decimal strings beside an `amount` DOUBLE
 * used only for sorting and thresholds.
 */

/**
 * DECIMAL(38,0): exact sums of amounts in rollups, which can pass int64 (docs/compat.md "Numbers"). Not HUGEINT:
 * DuckDB writes a HUGEINT column to Parquet as DOUBLE.
 */
export type DuckType = 'BIGINT' | 'INTEGER' | 'SMALLINT' | 'VARCHAR' | 'BOOLEAN' | 'DOUBLE' | 'DECIMAL(38,0)';

/**
 * A column. The type parameters keep a declaration's literal name, type and nullability (what `c` gives), so `RowOf`
 * can type a dataset's rows from its declaration; a plain `Column` is any column.
 */
export interface Column<N extends string = string, T extends DuckType = DuckType, Nl extends boolean = boolean> {
  name: N;
  type: T;
  /** true when the column may hold NULL. */
  nullable?: Nl;
  doc: string;
  /**
   * A measure of an additive per-day rollup (growth.ts): how two partial rows of the same key combine when a publish
   * adds new rows to a day (`sum`, `min`, `max`); the columns without it are the key.
   */
  measure?: 'sum' | 'min' | 'max';
  /** Reference datasets: a regular expression every non-NULL value must match (checked by the loader). */
  pattern?: string;
}

/**
 * raw: facts written by the generator or the ingester, Hive-partitioned by UTC day (`date=YYYY-MM-DD`).
 * dimension: small reference tables, one file, loaded into memory by the engine.
 * derived: rebuilt from raw by `sql/derive/<family>/<name>.sql` at publish time.
 * snapshot: node state as of a block (`as_of_block`), keyed by `key`; one file per version (`snap/<name>.parquet`),
 *   read through a view (not loaded into memory). A publish whose staged table is empty keeps the previous file; a
 *   staged table replaces it, or with `snapshots: 'upsert'` replaces the previous rows of the same keys.
 * reference: off-chain facts an operator supplies (`tronlake reference load`), validated against the declaration;
 *   one file per version (`ref/<name>.parquet`), loaded into memory; absent until loaded (an empty table then).
 */
export type DatasetKind = 'raw' | 'dimension' | 'derived' | 'snapshot' | 'reference';

export interface Dataset<C extends Column = Column> {
  name: string;
  kind: DatasetKind;
  doc: string;
  /** Row order inside each file (measured: time order for facts, address order for by-address copies). */
  sortBy: string[];
  /** Derived datasets partitioned by day carry `date` too; by-address copies are one sorted file set. */
  partitioned: boolean;
  /** Parquet row-group size when it differs from the default (small groups for lookup-by-key copies). */
  rowGroupSize?: number;
  /**
   * Derived copies looked up by one key: Hive-partitioned into `bucket=K` folders by `address_bucket(<column>)`
   * (src/lake/views.ts), so a lookup that also says `bucket = address_bucket($key)` opens one folder's files.
   */
  bucketBy?: string;
  /**
   * A per-day derived dataset read from its files by a view instead of loaded into memory like the other rollups
   * when a version opens (views.ts): it grows with accounts × days or hours, not with days × a small dimension
   * (daily_account_roles: 4.8 M rows on the default lake, read a few days at a time by the per-day merges;
   * hourly_address_activity: 3.8 M rows).
   */
  onDisk?: true;
  /** Parquet compression, default zstd (smallest); snappy where write and read speed matter more than size. */
  compression?: 'zstd' | 'snappy';
  /** Snapshot and reference datasets: the columns that identify a row (an upsert replaces rows by them; unique). */
  key?: string[];
  columns: C[];
}

/** `CREATE TABLE` column list for a dataset, e.g. `block_number BIGINT NOT NULL, …`. */
export function columnDDL(d: Dataset): string {
  return d.columns.map((col) => `${col.name} ${col.type}${col.nullable ? '' : ' NOT NULL'}`).join(', ');
}

/**
 * The select list that gives each of `columns` its declared type, e.g. `CAST("fee" AS BIGINT) AS "fee", …`: what
 * every writer of a Parquet file projects, so a file holds exactly the catalog's types whatever type its SELECT
 * gives (a sum over BIGINT is HUGEINT, which DuckDB writes as DOUBLE: exact only below 2^53). A cast to the type a
 * column already has is dropped by DuckDB, so files already of the catalog's types are written byte for byte as before;
 * a value the declared type cannot hold fails the write instead of being rounded.
 */
export function typedColumns(columns: readonly Column[]): string {
  return columns.map((col) => `CAST("${col.name}" AS ${col.type}) AS "${col.name}"`).join(', ');
}

/**
 * A column, e.g. `c('fee', 'BIGINT', 'fee paid, sun')`; nullable when the last argument says so. Its name, type and
 * nullability keep their literal types (for `RowOf`).
 */
// NoInfer: a declaration's context (`Column`, nullable: boolean) must not widen a literal nullability.
export const c = <N extends string, T extends DuckType, Nl extends boolean = false>(name: N, type: T, doc: string, nullable?: Nl): Column<N, T, NoInfer<Nl>> =>
  ({ name, type, doc, nullable: (nullable ?? false) as Nl });

/**
 * The JS value of a non-NULL cell of DuckDB type `T` as the ingester writes it (`Db.appendColumns`): BIGINT a number,
 * or a bigint beyond ±2^53; DECIMAL(38,0) an exact decimal string.
 */
export type CellOf<T extends DuckType> = T extends 'BIGINT'
  ? number | bigint
  : T extends 'INTEGER' | 'SMALLINT' | 'DOUBLE'
    ? number
    : T extends 'BOOLEAN'
      ? boolean
      : string;

/**
 * A row of dataset `D` typed from its declaration: one property per column, its `CellOf` type, `| null` where the
 * column is nullable, e.g. `RowOf<typeof transactions>['to_address']` = `string | null`. A misspelt or missing column
 * in an object literal of this type is a compile error.
 */
export type RowOf<D extends { columns: readonly Column[] }> = {
  [C in D['columns'][number] as C['name']]: CellOf<C['type']> | (true extends C['nullable'] ? null : never);
};
