/**
 * The thin layer over @duckdb/node-api (the only file set that imports it: engine/).
 * `Db` is used by batch jobs (generate, ingest, publish, derive); the server uses `Engine` (engine.ts),
 * which adds the connection pool, prepared statements, timeouts and hardening on top of the same pieces.
 */
import {
  DuckDBInstance,
  type DuckDBConnection,
  type DuckDBValue,
  DuckDBDecimalValue,
  DuckDBTimestampValue,
  DuckDBDateValue,
  DuckDBListValue,
  DuckDBStructValue,
  DuckDBTypeId,
  type DuckDBType,
  DuckDBDataChunk,
  DuckDBListType,
  DuckDBStructType,
  listValue,
} from '@duckdb/node-api';

/** A JSON-ready cell: 64-bit integers outside ±2^53 stay `bigint` (printed exactly by wire/json.ts). */
export type Cell = null | boolean | number | bigint | string | Cell[] | { [k: string]: Cell };
export type Row = Record<string, Cell>;

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/** A row object from a result's column names and one row's cells, e.g. `rowOf(['a'], [1])` = `{ a: 1 }` (a missing cell is null). */
export function rowOf(columns: readonly string[], cells: readonly Cell[]): Row {
  return rowMaker(columns)(cells);
}

/** Row makers by column list (the lake's datasets and the templates' results: a few hundred at most). */
const makers = new Map<string, (cells: readonly Cell[]) => Row>();
const MAKERS_KEPT = 4_096;

/**
 * What builds rows of these columns from their cells, e.g. `rowMaker(['a', 'b'])([1])` = `{ a: 1, b: null }`: one
 * object literal compiled per column list, so a row is made in one step with its final shape. Key by key
 * (`o[name] = cell`), a 34-column row of address_transactions took 1.5 µs and came out in dictionary mode, which
 * JSON.stringify prints 2.5x slower (20 rows: 31 vs 1.0 µs to make, 87-110 vs 35 µs to make and print). The names are
 * the lake's columns and the templates' aliases, never request text, and each is written as a JSON string literal; a
 * list that an object literal would read otherwise (a name twice, `__proto__`) is made key by key.
 */
export function rowMaker(columns: readonly string[]): (cells: readonly Cell[]) => Row {
  const key = columns.join('\u0000');
  let make = makers.get(key);
  if (make) return make;
  if (columns.includes('__proto__') || new Set(columns).size < columns.length) {
    make = (cells) => {
      const o: Row = {};
      // Defined, not assigned: a column named __proto__ is a field, never the row's prototype.
      for (let i = 0; i < columns.length; i++) Object.defineProperty(o, columns[i]!, { value: cells[i] ?? null, enumerable: true, writable: true, configurable: true });
      return o;
    };
  } else {
    const fields = columns.map((name, i) => `${JSON.stringify(name)}: c[${i}] ?? null`);
    make = new Function('c', `return { ${fields.join(', ')} };`) as (cells: readonly Cell[]) => Row;
  }
  if (makers.size < MAKERS_KEPT) makers.set(key, make);
  return make;
}

/** Converts one DuckDB value to a Cell, keeping integers exact, e.g. `toCell(2n ** 60n)` = `1152921504606846976n`. */
export function toCell(v: DuckDBValue): Cell {
  if (v === null || v === undefined) return null;
  if (typeof v === 'bigint') return v <= MAX_SAFE && v >= -MAX_SAFE ? Number(v) : v;
  if (typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean') return v;
  if (v instanceof DuckDBDecimalValue) return v.toString();
  if (v instanceof DuckDBTimestampValue || v instanceof DuckDBDateValue) return v.toString();
  if (v instanceof DuckDBListValue) return v.items.map(toCell);
  if (v instanceof DuckDBStructValue) {
    const o: Record<string, Cell> = {};
    for (const [k, x] of Object.entries(v.entries)) o[k] = toCell(x);
    return o;
  }
  return String(v);
}

// Type ids whose values node-api hands toCell as a JS number / bigint (its vectors' getItem); every other scalar type
// reaches toCell as a string or a value class it prints (decimals, dates, times, intervals, blobs, UUIDs, enums,
// fixed-size ARRAYs and MAPs: not DuckDBListValue, so `String(v)`).
const NUMBER_IDS = new Set([DuckDBTypeId.TINYINT, DuckDBTypeId.SMALLINT, DuckDBTypeId.INTEGER, DuckDBTypeId.UTINYINT, DuckDBTypeId.USMALLINT, DuckDBTypeId.UINTEGER, DuckDBTypeId.FLOAT, DuckDBTypeId.DOUBLE]);
const BIGINT_IDS = new Set([DuckDBTypeId.BIGINT, DuckDBTypeId.UBIGINT, DuckDBTypeId.HUGEINT, DuckDBTypeId.UHUGEINT, DuckDBTypeId.BIGNUM]);

/**
 * How `toCell` prints a column of DuckDB type `id` as text, where SQL can print it the same: 'integer' (every integer
 * type: its digits), 'boolean' ('true' / 'false'), 'text' (VARCHAR as it is; DECIMAL as its digits with its scale,
 * DuckDB's own CAST to VARCHAR, checked equal in test/http/csv-lines.test.ts); null: any other type (doubles, dates,
 * lists, structs…), which only TypeScript prints. http/csv.ts builds an export's CSV line in SQL from it.
 */
export type TextKind = 'integer' | 'boolean' | 'text';
export function textKindOf(id: DuckDBTypeId): TextKind | null {
  if (id === DuckDBTypeId.BOOLEAN) return 'boolean';
  if (id === DuckDBTypeId.VARCHAR || id === DuckDBTypeId.DECIMAL) return 'text';
  if (BIGINT_IDS.has(id) && id !== DuckDBTypeId.BIGNUM) return 'integer';
  if (NUMBER_IDS.has(id) && id !== DuckDBTypeId.FLOAT && id !== DuckDBTypeId.DOUBLE) return 'integer';
  return null;
}

/**
 * The TypeScript type (as source text) of what `toCell` returns for a non-NULL value of DuckDB type `t`, e.g.
 * BIGINT → `number | bigint`, DECIMAL(38,0) → `string`, VARCHAR[] → `(string | null)[]`, STRUCT(a INTEGER) →
 * `{ "a": number | null }`. Kept beside toCell: a change to one is a change to the other.
 */
export function cellTypeText(t: DuckDBType): string {
  if (t.typeId === DuckDBTypeId.SQLNULL) return 'null';
  if (t.typeId === DuckDBTypeId.BOOLEAN) return 'boolean';
  if (NUMBER_IDS.has(t.typeId)) return 'number';
  if (BIGINT_IDS.has(t.typeId)) return 'number | bigint';
  if (t instanceof DuckDBListType) return `(${cellTypeText(t.valueType)} | null)[]`;
  if (t instanceof DuckDBStructType) {
    return `{ ${t.entryNames.map((n, i) => `${JSON.stringify(n)}: ${cellTypeText(t.entryTypes[i]!)} | null`).join('; ')} }`;
  }
  return 'string';
}

/** A result column: its name, its DuckDB type as DuckDB prints it, and `cellTypeText` of that type. */
export interface ResultColumn {
  name: string;
  duckType: string;
  cellType: string;
}

/** A value `Db.appendColumns` accepts: the JS form of BIGINT, INTEGER, DOUBLE, VARCHAR, BOOLEAN or NULL. */
export type AppendCell = null | boolean | number | bigint | string;

export interface DbOptions {
  threads?: number;
  memoryLimit?: string;
  /** Folder used for spilling large sorts and joins (batch jobs). */
  tempDirectory?: string;
}

/** Opens an in-memory DuckDB for batch work, e.g. `const db = await Db.open({ threads: 2 })`. */
export class Db {
  private constructor(
    readonly instance: DuckDBInstance,
    readonly conn: DuckDBConnection,
  ) {}

  static async open(opts: DbOptions = {}, file = ':memory:'): Promise<Db> {
    const config: Record<string, string> = {};
    if (opts.threads) config.threads = String(opts.threads);
    if (opts.memoryLimit) config.memory_limit = opts.memoryLimit;
    if (opts.tempDirectory) config.temp_directory = opts.tempDirectory;
    const instance = await DuckDBInstance.create(file, config);
    const conn = await instance.connect();
    return new Db(instance, conn);
  }

  /** Runs statements that return nothing useful (DDL, COPY). */
  async run(sql: string): Promise<void> {
    await this.conn.run(sql);
  }

  /** Runs a query and returns rows of Cells, e.g. `await db.all('select 1 as a')` = `[{ a: 1 }]`. */
  async all(sql: string, params?: Record<string, unknown>, types?: Record<string, DuckDBType>): Promise<Row[]> {
    const reader = await this.conn.runAndReadAll(sql, params as never, types as never);
    const names = reader.columnNames();
    return reader.getRows().map((r) => {
      const o: Row = {};
      r.forEach((v, i) => (o[names[i]!] = toCell(v)));
      return o;
    });
  }

  /**
   * The result columns of a query, read from its result (a prepared statement reports no column types before its
   * parameters are bound with values: DuckDB leaves them unresolved), e.g. over empty tables
   * `await db.resultColumns('select a from t where b = $b', { b: '' }, { b: VARCHAR })`. A JS array binds as a LIST.
   */
  async resultColumns(sql: string, params: Record<string, unknown>, types: Record<string, DuckDBType>): Promise<ResultColumn[]> {
    const values = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, Array.isArray(v) ? listValue(v as DuckDBValue[]) : v]));
    const reader = await this.conn.runAndReadAll(sql, values as never, types as never);
    const names = reader.columnNames();
    return reader.columnTypes().map((t, i) => ({ name: names[i]!, duckType: t.toString(), cellType: cellTypeText(t) }));
  }

  /** First column of the first row, e.g. `await db.scalar('select count(*) from t')`. */
  async scalar(sql: string): Promise<Cell> {
    const rows = await this.all(sql);
    const first = rows[0];
    return first ? (Object.values(first)[0] ?? null) : null;
  }

  /**
   * Bulk-loads columnar arrays into an existing table, in the table's column order, through a DuckDB appender
   * fed 2048-row data chunks (measured ~10x faster than INSERT … VALUES; used by the ingester), e.g.
   * `await db.appendColumns('t', [[1, 2n], ['a', null]])`. BIGINT columns take numbers or bigints.
   */
  async appendColumns(table: string, columns: readonly (readonly AppendCell[])[]): Promise<void> {
    const appender = await this.conn.createAppender(table);
    try {
      if (columns.length !== appender.columnCount) {
        throw new Error(`appendColumns(${table}): ${columns.length} columns given, the table has ${appender.columnCount}`);
      }
      const types = columns.map((_, i) => appender.columnType(i));
      const rows = columns[0]?.length ?? 0;
      for (const c of columns) if (c.length !== rows) throw new Error(`appendColumns(${table}): ragged columns`);
      const toBig = (v: AppendCell): AppendCell => (typeof v === 'number' ? BigInt(v) : v);
      for (let off = 0; off < rows; off += 2048) {
        const n = Math.min(2048, rows - off);
        const chunk = DuckDBDataChunk.create(types, n);
        columns.forEach((col, i) => {
          const slice = col.slice(off, off + n);
          chunk.setColumnValues(i, (types[i]!.typeId === DuckDBTypeId.BIGINT ? slice.map(toBig) : slice) as DuckDBValue[]);
        });
        appender.appendDataChunk(chunk);
      }
      appender.flushSync();
    } finally {
      appender.closeSync();
    }
  }

  close(): void {
    this.conn.closeSync();
    this.instance.closeSync();
  }
}

export { DuckDBTypeId };
