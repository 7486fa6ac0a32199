/**
 * The serving engine over one published version: one DuckDB instance, a fixed pool of connections (one query
 * per connection at a time), prepared statements cached per connection, explicit parameter types from each SQL
 * file's header, a per-query timeout that interrupts DuckDB, and a hardened configuration (only the lake folder
 * is readable, no extension loading, configuration locked, nothing but SELECT statements prepared: a serving
 * connection never writes).
 */
import { rmSync } from 'node:fs';
import os from 'node:os';
import {
  DuckDBInstance,
  type DuckDBConnection,
  type DuckDBDataChunk,
  type DuckDBPreparedStatement,
  type DuckDBType,
  type DuckDBValue,
  BIGINT,
  BOOLEAN,
  DOUBLE,
  INTEGER,
  LIST,
  VARCHAR,
  StatementType,
  listValue,
} from '@duckdb/node-api';
import { rowMaker, textKindOf, toCell, type Cell, type Row, type TextKind } from '../duckdb/duck.ts';
import type { Manifest } from '../lake/manifest.ts';
import { versionDir } from '../lake/manifest.ts';
import { attachLookupFiles } from './lookup-files.ts';
import { KeyStore } from './key-store.ts';
import { DataUnavailableError } from './errors.ts';

export { DataUnavailableError };
import { createLakeViews, createServingTables, UNAVAILABLE_PREFIX, type ServingTable } from '../lake/views.ts';
import { datasetOfFile } from '../lake/verify.ts';
import { stripStatement, type ParamType, type SqlTemplate } from '../lake/sql-files.ts';
import { AddressFiles } from '../lake/derive/address-ranges.ts';
import { SPILL_WORK, workFolder } from '../lake/work-folder.ts';

export interface EngineOptions {
  dataDir: string;
  manifest: Manifest;
  /** Connections in the pool (concurrent queries). */
  poolSize: number;
  /** DuckDB worker threads. */
  threads: number;
  /** DuckDB memory_limit, e.g. '4GB'. */
  memoryLimit: string;
  /** A query running longer is interrupted and answered 503 (never an export: `stream` is bounded by its caller). */
  timeoutMs: number;
  /** Connections of the export lane (`stream`), beside the pool, so a long download never holds a query connection. */
  exportPoolSize?: number;
  /** Datasets found damaged before opening (src/lake/verify.ts): served as views that fail with DataUnavailableError. */
  damaged?: ReadonlySet<string>;
  /** Most rows a serving table holds in memory (default SERVING_ROW_CAP); tests lower it to serve through the files. */
  servingRowCap?: number;
}

/** Thrown when a query ran past its timeout and was interrupted. */
export class QueryTimeoutError extends Error {
  constructor(readonly ms: number) {
    super(`query interrupted after ${ms} ms`);
  }
}

/** The DuckDB type each template parameter is bound with (also what src/endpoints/kit/sql-types.ts types a template by). */
export const BIND_TYPES: Readonly<Record<ParamType, DuckDBType>> = {
  BIGINT,
  INTEGER,
  VARCHAR,
  BOOLEAN,
  DOUBLE,
  'VARCHAR[]': LIST(VARCHAR),
  'BIGINT[]': LIST(BIGINT),
  'INTEGER[]': LIST(INTEGER),
};

/** Messages of DuckDB errors that come from reading a file, not from the SQL. */
const FILE_ERROR = /IO Error|Invalid Error|No magic bytes|too small to be a Parquet|TProtocolException|[Cc]orrupt|decompress|[Ss]nappy|ZSTD|zstd|thrift|Parquet|parquet|No files found/;

/** The address an @files parameter follows: a string, or null (no address, no rows). */
const addressOf = (v: BindValue | undefined): string | null => (typeof v === 'string' ? v : null);

/** A bound value as the endpoints produce it (lists for comma-separated parameters). */
export type BindValue = null | boolean | number | bigint | string | readonly (string | number | bigint)[];

interface PooledConnection {
  conn: DuckDBConnection;
  prepared: Map<string, DuckDBPreparedStatement>;
}

/** Result columns and rows of a query. */
export interface QueryResult {
  columns: string[];
  rows: Row[];
}

/** A template's statement with its ORDER BY (from an endpoint's closed whitelist chosen at boot, never request text). */
function sqlOf(t: SqlTemplate, orderBy?: string): string {
  return t.sql.includes('{{order_by}}') ? t.sql.replaceAll('{{order_by}}', orderBy ?? '1') : t.sql;
}

/**
 * A template's statement as the subquery `q` of `SELECT select FROM (…) q tail`, with an id of its own per wrapper
 * kind and ORDER BY (the prepared-statement cache's key). On lines of their own: a template may end in a line comment
 * or a semicolon.
 */
function wrapTemplate(t: SqlTemplate, orderBy: string | undefined, select: string, tail: string, kind: string): SqlTemplate {
  return Object.assign({}, t, { id: `${t.id}\u0000${kind}\u0000${orderBy ?? ''}`, sql: `SELECT ${select} FROM (\n${stripStatement(sqlOf(t, orderBy))}\n) q${tail}` });
}

/**
 * The select list that reads a result's text-kind columns (textKindOf) as one JSON array of texts per row, first,
 * then every other column as it is; and the reader that turns a chunk of it back into the rows `toCell` gives (same
 * keys in the same order, integers exact: a number within ±2^53, else a bigint). undefined: fewer than two such
 * columns (nothing to gain) or a name twice (ambiguous as q."name").
 */
export function packedRowSql(columns: readonly { name: string; kind: TextKind | null }[]): { select: string; read: (chunk: DuckDBDataChunk, rows: Row[]) => void } | undefined {
  const texts = columns.filter((c) => c.kind !== null);
  if (texts.length < 2 || new Set(columns.map((c) => c.name)).size < columns.length) return undefined;
  const ref = (name: string): string => `q."${name.replace(/"/g, '""')}"`;
  const others = columns.filter((c) => c.kind === null);
  const select = [`to_json([${texts.map((c) => `CAST(${ref(c.name)} AS VARCHAR)`).join(', ')}])`, ...others.map((c) => ref(c.name))].join(', ');
  // Per result column: its place in the JSON array (≥ 0) or its vector (-1 - index among the other columns).
  const at: number[] = [];
  let nText = 0;
  let nOther = 0;
  for (const c of columns) at.push(c.kind !== null ? nText++ : -1 - nOther++);
  const make = rowMaker(columns.map((c) => c.name));
  const kinds = columns.map((c) => c.kind);
  const read = (chunk: DuckDBDataChunk, rows: Row[]): void => {
    const packed = chunk.getColumnVector(0);
    const vectors = others.map((_, j) => chunk.getColumnVector(1 + j));
    const row: Cell[] = new Array(columns.length);
    for (let i = 0; i < chunk.rowCount; i++) {
      const texts = JSON.parse(packed.getItem(i) as string) as (string | null)[];
      for (let c = 0; c < row.length; c++) {
        const k = at[c]!;
        row[c] = k >= 0 ? cellOfText(kinds[c]!, texts[k]!) : toCell(vectors[-1 - k]!.getItem(i));
      }
      rows.push(make(row));
    }
  };
  return { select, read };
}

/** The cell `toCell` gives for a value DuckDB printed as `text` (CAST AS VARCHAR) of this kind, e.g. ('integer', '7') = 7. */
function cellOfText(kind: TextKind, text: string | null): Cell {
  if (text === null) return null;
  if (kind === 'text') return text;
  if (kind === 'boolean') return text === 'true';
  const n = Number(text);
  // Not a safe integer: the digits are outside ±2^53 (Number rounded them).
  return Number.isSafeInteger(n) ? n : BigInt(text);
}

/** Engines opened by this process (Engine.serial). */
let opened = 0;

export class Engine {
  /**
   * This engine among those opened by the process, e.g. 3: a response cached from one engine is never served by
   * another (an engine reopened over the same version after the scrub found a damaged file answers 503 for it).
   */
  readonly serial = ++opened;
  private readonly idle: PooledConnection[] = [];
  private readonly waiting: ((c: PooledConnection) => void)[] = [];
  /** Result columns and text kinds by probe id (`resultKinds`). */
  private readonly kinds = new Map<string, { name: string; kind: TextKind | null }[]>();
  /** The export lane's connections (`stream`): admission (http/admission.ts) keeps at most this many exports running. */
  private readonly exportIdle: PooledConnection[] = [];
  private readonly exportWaiting: ((c: PooledConnection) => void)[] = [];
  private closed = false;

  /** The serving tables of this version (sql/serving/) and the rows each holds in memory (null: kept a view). */
  serving: ServingTable[] = [];
  /** The version's key files (key-store.ts). */
  keys: KeyStore | undefined;

  /** Datasets this engine serves as unavailable (damaged at open), dataset → reason. */
  readonly unavailable = new Map<string, string>();

  /** The address-range files of this version's by-address copies, for the `@files` parameters (sql-files.ts). */
  private readonly addressFiles: AddressFiles;
  /** DuckDB's spill folder, this engine's alone (work-folder.ts). */
  private spill = '';

  private constructor(
    private readonly instance: DuckDBInstance,
    readonly manifest: Manifest,
    private readonly timeoutMs: number,
    readonly dir: string,
  ) {
    this.addressFiles = new AddressFiles(dir, manifest);
  }

  /** Opens the engine over the manifest's version, e.g. `await Engine.open({ dataDir, manifest, poolSize: 4, … })`. */
  static async open(opts: EngineOptions): Promise<Engine> {
    // A spill folder of its own: DuckDB's default (`.tmp` in the working directory) is one path for every engine of
    // every serving process, and their spill files (same names) overwrote each other: SIGSEGV (two serving processes
    // on the 12-day bench lake, session 31). Removed at close; a killed process's by the next engine opened.
    const spill = await workFolder(os.tmpdir(), SPILL_WORK);
    try {
      return await Engine.openSpilling(opts, spill);
    } catch (e) {
      rmSync(spill, { recursive: true, force: true });
      throw e;
    }
  }

  private static async openSpilling(opts: EngineOptions, spill: string): Promise<Engine> {
    const instance = await DuckDBInstance.create(':memory:', {
      temp_directory: spill,
      // Opening is one heavy job at a time (views, the serving tables' scans): every core; serving then runs on
      // opts.threads (set below, before the configuration is locked).
      threads: String(Math.max(opts.threads, os.cpus().length)),
      memory_limit: opts.memoryLimit,
      autoinstall_known_extensions: 'false',
      autoload_known_extensions: 'false',
    });
    const setup = await instance.connect();
    const dir = versionDir(opts.dataDir, opts.manifest);
    const unavailable = new Map<string, string>();
    await createLakeViews(
      { run: async (sql: string) => void (await setup.run(sql)) },
      dir,
      opts.manifest.tables,
      { solidBlock: opts.manifest.solidBlock, head: opts.manifest.head, first: opts.manifest.first },
      { datasets: opts.damaged ?? new Set(), onDamaged: (ds, error) => unavailable.set(ds, error) },
    );
    // Point lookups from DuckDB's own storage where the version has its lookup files (src/engine/lookup-files.ts).
    await attachLookupFiles({ run: async (sql: string) => void (await setup.run(sql)) }, dir, opts.manifest, new Set([...(opts.damaged ?? []), ...unavailable.keys()]));
    // Tables computed once per version from the in-memory rollups (sql/serving/), so statistics requests are plain scans.
    const serving = await createServingTables(
      {
        run: async (sql: string) => void (await setup.run(sql)),
        count: async (sql: string) => Number((await setup.runAndReadAll(sql)).getRows()[0]![0]),
      },
      { rowsOf: (name) => opts.manifest.tables[name]?.rows, cap: opts.servingRowCap },
    );
    // Parquet footers are read once and kept: a request then costs only the row groups it needs. GLOBAL: a plain
    // SET of this Parquet option is session-scoped, so it stayed on this setup connection and the pool's connections
    // parsed footers on every query (measured: a 10-row address page 12.5 ms → 6.4 ms).
    await setup.run(`SET GLOBAL parquet_metadata_cache = true`);
    await setup.run(`SET GLOBAL threads = ${Math.max(1, Math.floor(opts.threads))}`);
    await setup.run(`SET GLOBAL allowed_directories = ['${dir.replace(/'/g, "''")}']`);
    await setup.run(`SET GLOBAL enable_external_access = false`);
    await setup.run(`SET GLOBAL lock_configuration = true`);
    setup.closeSync();
    const engine = new Engine(instance, opts.manifest, opts.timeoutMs, dir);
    engine.spill = spill;
    engine.serving = serving;
    // Point lookups and pages of one key with no statement, where the version has its key files (key-store.ts).
    engine.keys = KeyStore.open(dir, opts.manifest, new Set([...(opts.damaged ?? []), ...unavailable.keys()]));
    for (const [ds, why] of unavailable) engine.unavailable.set(ds, why);
    for (let i = 0; i < opts.poolSize; i++) engine.idle.push({ conn: await instance.connect(), prepared: new Map() });
    for (let i = 0; i < (opts.exportPoolSize ?? 1); i++) engine.exportIdle.push({ conn: await instance.connect(), prepared: new Map() });
    return engine;
  }

  /** Runs a template with named parameters and returns all rows, e.g. `await engine.query(t, { number: 1 })`. */
  async query(t: SqlTemplate, params: Record<string, BindValue>, orderBy?: string): Promise<QueryResult> {
    return this.mapFileErrors(t, () => this.withConnection(async (pc) => {
      // Where at least two result columns print as text exactly (packedRowSql), DuckDB packs them into one JSON
      // array per row and JS parses it: node-api reads each cell longer than 12 bytes through a native call and a
      // TextDecoder, ~0.7 µs a cell on this machine (an approvals page of 369 rows × 14 columns: 3.5 ms of 13), where
      // one string and one JSON.parse a row cost a fifth of that. The other columns are read as before.
      const kinds = await this.resultKinds(pc, wrapTemplate(t, orderBy, '*', ' LIMIT 0', 'kinds'), params);
      const packed = packedRowSql(kinds);
      const run = packed ? wrapTemplate(t, orderBy, packed.select, '', 'packed') : t;
      const stmt = packed ? await this.prepare(pc, run) : await this.prepare(pc, t, orderBy);
      this.bind(stmt, run, params);
      // Rows are converted chunk by chunk as they are fetched (2,048 a chunk), each fetch an await: a large result (a
      // version's kept index, 1.1 M rows) no longer holds the event loop for its whole conversion, which stalled every
      // other request of the process for seconds at a publish.
      return this.withTimeout(pc, async () => {
        const result = await stmt.run();
        const columns = packed ? kinds.map((k) => k.name) : result.columnNames();
        const rows: Row[] = [];
        for (;;) {
          const chunk = await result.fetchChunk();
          if (!chunk || chunk.rowCount === 0) break;
          if (packed) packed.read(chunk, rows);
          else {
            const make = rowMaker(columns);
            for (const r of chunk.getRows()) rows.push(make(r.map(toCell)));
          }
        }
        return { columns, rows };
      });
    }));
  }

  /**
   * Streams a template's rows chunk by chunk (an export) on a connection of the export lane, e.g.
   * `await engine.stream(t, binds, async (cols, rows) => write(rows), 'block_number', signal)`. Never bounded by the
   * query timeout (ARCHITECTURE §4 Exports): it runs until the rows end, `onRows` returns false, or `signal` aborts
   * (the caller's stall, operator limit or client gone), which interrupts DuckDB at once, also before the first chunk.
   * Resolves with the statement's columns (known without a row) and `complete`: every row was handed to `onRows`.
   */
  async stream(
    t: SqlTemplate,
    params: Record<string, BindValue>,
    onRows: (columns: string[], rows: Cell[][]) => Promise<boolean>,
    orderBy?: string,
    signal?: AbortSignal,
  ): Promise<{ columns: string[]; complete: boolean }> {
    return this.mapFileErrors(t, () => this.withConnection(async (pc) => {
      const stmt = await this.prepare(pc, t, orderBy);
      return this.pump(pc, stmt, t, params, (chunk) => chunk.getRows().map((r) => r.map(toCell)), onRows, signal);
    }, true));
  }

  /**
   * `stream`, but each row as one text that SQL writes around the template (`SELECT <line> FROM (<template>) q`), e.g.
   * an export's CSV lines (http/csv.ts csvLineSql): DuckDB builds the text and it crosses into JS once per row, where
   * reading every cell into JS took half an export's time (bench/results/export-speed.md). `line` gets the template's
   * result columns with their text kinds (duck.ts textKindOf) and returns the expression, or undefined to decline (a
   * type only TypeScript prints): then nothing runs and this resolves undefined. The rows keep the template's order
   * (a projection over it). Resolves with the template's own columns.
   */
  async streamText(
    t: SqlTemplate,
    params: Record<string, BindValue>,
    line: (columns: readonly { name: string; kind: TextKind | null }[]) => string | undefined,
    onTexts: (columns: string[], texts: string[]) => Promise<boolean>,
    orderBy?: string,
    signal?: AbortSignal,
  ): Promise<{ columns: string[]; complete: boolean } | undefined> {
    return this.mapFileErrors(t, () => this.withConnection(async (pc) => {
      const columns = await this.resultKinds(pc, wrapTemplate(t, orderBy, '*', ' LIMIT 0', 'kinds'), params);
      const expr = line(columns);
      if (expr === undefined) return undefined;
      const names = columns.map((c) => c.name);
      const wrapped = wrapTemplate(t, orderBy, `${expr} AS text`, '', 'text');
      // Keyed by the expression too (prepare's second key): another wrapper over the same template is another statement.
      const stmt = await this.prepare(pc, wrapped, expr);
      const r = await this.pump(pc, stmt, t, params, (chunk) => {
        const v = chunk.getColumnVector(0);
        const texts: string[] = new Array(chunk.rowCount);
        for (let i = 0; i < chunk.rowCount; i++) texts[i] = v.getItem(i) as string;
        return texts;
      }, (_cols, texts) => onTexts(names, texts), signal);
      return { columns: names, complete: r.complete };
    }, true));
  }

  /**
   * The result columns of a template and their text kinds, read from `probe` (the template under `LIMIT 0`) run once
   * with these binds and kept by its id: a prepared statement's column types are unknown before binding where they
   * follow a parameter (`$solid_block - block_number`), and a bind changes no type (each parameter's type is declared).
   */
  private async resultKinds(pc: PooledConnection, probe: SqlTemplate, params: Record<string, BindValue>): Promise<{ name: string; kind: TextKind | null }[]> {
    const known = this.kinds.get(probe.id);
    if (known) return known;
    const stmt = await this.prepare(pc, probe);
    this.bind(stmt, probe, params);
    const result = await stmt.run();
    const kinds = Array.from({ length: result.columnCount }, (_, i) => ({ name: result.columnName(i), kind: textKindOf(result.columnTypeId(i)) }));
    this.kinds.set(probe.id, kinds);
    return kinds;
  }

  /** Runs a prepared statement on `pc` and hands its rows chunk by chunk, converted by `batch` (the loop of `stream`). */
  private async pump<B>(
    pc: PooledConnection,
    stmt: DuckDBPreparedStatement,
    t: SqlTemplate,
    params: Record<string, BindValue>,
    batch: (chunk: DuckDBDataChunk) => B,
    onBatch: (columns: string[], rows: B) => Promise<boolean>,
    signal?: AbortSignal,
  ): Promise<{ columns: string[]; complete: boolean }> {
    let columns: string[] = [];
    if (signal?.aborted) return { columns, complete: false };
    const interrupt = (): void => pc.conn.interrupt();
    signal?.addEventListener('abort', interrupt, { once: true });
    try {
      this.bind(stmt, t, params);
      const result = await stmt.stream();
      columns = result.columnNames();
      for (;;) {
        const chunk = await result.fetchChunk();
        if (signal?.aborted) return { columns, complete: false };
        if (!chunk || chunk.rowCount === 0) return { columns, complete: true };
        if (!(await onBatch(columns, batch(chunk)))) {
          pc.conn.interrupt();
          return { columns, complete: false };
        }
      }
    } catch (e) {
      // An interrupt asked for by the caller is a stop, not a fault.
      if (signal?.aborted) return { columns, complete: false };
      throw e;
    } finally {
      signal?.removeEventListener('abort', interrupt);
    }
  }

  /** Turns a DuckDB error from reading a file into DataUnavailableError naming the dataset. */
  private async mapFileErrors<T>(t: SqlTemplate, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (e) {
      if (e instanceof QueryTimeoutError || !(e instanceof Error)) throw e;
      const msg = e.message;
      const marked = msg.indexOf(UNAVAILABLE_PREFIX);
      if (marked >= 0) {
        const ds = /^[\w]+/.exec(msg.slice(marked + UNAVAILABLE_PREFIX.length))?.[0] ?? 'unknown';
        throw new DataUnavailableError(ds, this.unavailable.get(ds) ?? msg);
      }
      const at = msg.indexOf(this.dir);
      if (at >= 0) {
        const rel = msg.slice(at + this.dir.length + 1).split(/['"\s]/)[0] ?? '';
        throw new DataUnavailableError(datasetOfFile(rel) ?? 'unknown', msg);
      }
      if (FILE_ERROR.test(msg)) {
        // No path in the message (a garbage page): name the datasets the template reads.
        // A by-address copy is read through its range-file macro (views.ts `address_rows_<name>`), after the
        // fragment's comment lines.
        const names = Object.keys(this.manifest.tables).filter((n) => new RegExp(`\\b(FROM|JOIN)\\s+(?:--[^\\n]*\\n\\s*)*(address_rows_)?${n}\\b`, 'i').test(t.sql));
        throw new DataUnavailableError(names.join(', ') || 'unknown', msg);
      }
      throw e;
    }
  }

  /** Closes the pool once every in-flight query has returned its connection. */
  async close(): Promise<void> {
    this.closed = true;
    this.keys?.close();
    for (const pc of [...this.idle.splice(0), ...this.exportIdle.splice(0)]) {
      for (const s of pc.prepared.values()) s.destroySync();
      pc.conn.closeSync();
    }
    this.instance.closeSync();
    rmSync(this.spill, { recursive: true, force: true });
  }

  private async withConnection<T>(fn: (pc: PooledConnection) => Promise<T>, exportLane = false): Promise<T> {
    if (this.closed) throw new Error('engine closed');
    const idle = exportLane ? this.exportIdle : this.idle;
    const waiting = exportLane ? this.exportWaiting : this.waiting;
    const pc = idle.pop() ?? (await new Promise<PooledConnection>((resolve) => waiting.push(resolve)));
    try {
      return await fn(pc);
    } finally {
      const next = waiting.shift();
      if (next) next(pc);
      else idle.push(pc);
    }
  }

  /**
   * DuckDB's physical plan of a template with these binds (`EXPLAIN (FORMAT json)`, parsed), e.g. for the plan check
   * of every endpoint template (test/contract/plans.test.ts).
   */
  async explain(t: SqlTemplate, params: Record<string, BindValue>, orderBy?: string): Promise<unknown> {
    return this.withConnection(async (pc) => {
      const stmt = await pc.conn.prepare(`EXPLAIN (FORMAT json) ${sqlOf(t, orderBy)}`);
      this.bind(stmt, t, params);
      const rows = (await stmt.runAndReadAll()).getRows();
      return JSON.parse(String(rows[0]?.[1] ?? 'null')) as unknown;
    });
  }

  private async prepare(pc: PooledConnection, t: SqlTemplate, orderBy?: string): Promise<DuckDBPreparedStatement> {
    const key = orderBy ? `${t.id}\u0000${orderBy}` : t.id;
    let stmt = pc.prepared.get(key);
    if (!stmt) {
      stmt = await pc.conn.prepare(sqlOf(t, orderBy));
      // Serving connections never write (issue 30): DuckDB has no read-only switch for its file system, and
      // allowed_directories lets a COPY TO write inside the version folder (and DuckDB's temp folder), so anything but
      // a query (COPY, CREATE, INSERT, ATTACH, EXPORT, SET, PRAGMA…) is refused before it runs.
      const type = stmt.statementType;
      if (type !== StatementType.SELECT) {
        stmt.destroySync();
        throw new Error(`${t.id}: serving connections run queries only (statement type ${StatementType[type] ?? type})`);
      }
      pc.prepared.set(key, stmt);
    }
    return stmt;
  }

  private bind(stmt: DuckDBPreparedStatement, t: SqlTemplate, params: Record<string, BindValue>): void {
    const values: Record<string, DuckDBValue> = {};
    const types: Record<string, DuckDBType> = {};
    for (const p of t.params) {
      // An @files list is computed here from this version's manifest (never from request text): the files of the
      // dataset whose address ranges hold the bound address, e.g. one range file per run of address_transactions.
      const v = p.files ? this.addressFiles.of(p.files.dataset, addressOf(params[p.files.address])) : params[p.name];
      types[p.name] = BIND_TYPES[p.type];
      if (v === undefined || v === null) values[p.name] = null;
      else if (Array.isArray(v)) {
        const item = p.type === 'VARCHAR[]' ? String : p.type === 'BIGINT[]' ? BigInt : Number;
        values[p.name] = listValue(v.map((x) => item(x)) as DuckDBValue[]);
      } else if (p.type === 'BIGINT') values[p.name] = BigInt(v as number);
      else if (p.type === 'INTEGER') values[p.name] = Number(v);
      else values[p.name] = v as DuckDBValue;
    }
    stmt.bind(values, types);
  }

  private async withTimeout<T>(pc: PooledConnection, run: () => Promise<T>): Promise<T> {
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      pc.conn.interrupt();
    }, this.timeoutMs);
    try {
      return await run();
    } catch (e) {
      if (timedOut) throw new QueryTimeoutError(this.timeoutMs);
      throw e;
    } finally {
      clearTimeout(timer);
    }
  }
}
