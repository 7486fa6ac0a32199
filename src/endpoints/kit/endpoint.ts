/**
 * What an endpoint declaration is (ARCHITECTURE §2): path, params schema, SQL ids, the closed list of ORDER BY
 * constants it may use, and `handle`, which turns query rows into the TronScan-shaped body. Lists and series are
 * declared through `defineList` / `defineSeries` (list.ts, series.ts), which build this; a plain `defineEndpoint`
 * is for the special shapes listed in src/endpoints/README.md. HTTP concerns (parsing, errors, cache, CSV, auth)
 * live once in src/http/app.ts.
 */
import type { z } from 'zod';
import type { BindValue } from '../../engine/engine.ts';
import type { KeyedPage } from '../../engine/key-store.ts';
import type { Cell, Row } from '../../duckdb/duck.ts';
import type { Manifest } from '../../lake/manifest.ts';
import type { Lookups } from './lookups.ts';
import type { SqlId, SqlParams, SqlRows } from './sql-types.generated.ts';

/**
 * The row type of a SQL id (sql-types.generated.ts), e.g. `RowOf<'block/block'>`. An id the compiler knows only as
 * `string` (a declaration a shape builds from its argument, shapes/cumulative-series.ts) cannot be looked up: its rows
 * stay the untyped `Row`. A literal that is no template id has no rows (`never`): reading a column of it is an error.
 */
export type RowOf<Id extends string> = string extends Id ? Row : Id extends SqlId ? SqlRows[Id] : never;

/** The binds of a SQL id, as `RowOf` (an id known only as `string` takes any binds; checkBinds still checks them at run time). */
export type ParamsOf<Id extends string> = string extends Id ? Record<string, BindValue> : Id extends SqlId ? SqlParams[Id] : never;

export interface EndpointContext {
  /** Runs one of the endpoint's declared queries, e.g. `ctx.rows('rows', { number: 5 }, 'block_number DESC')`. */
  rows(query: string, binds: Record<string, BindValue>, orderBy?: string): Promise<Row[]>;
  /**
   * Runs a declared template by its id (or its count, `<id>.total`), binds and rows typed from the template
   * (sql-types.generated.ts): a misspelt column or bind is a compile error, e.g.
   * `const [t] = await ctx.typedRows('transaction/transfer-statistics', { last_day: '2026-01-01' })`.
   */
  typedRows<Id extends SqlId>(id: Id, binds: SqlParams[Id], orderBy?: string): Promise<SqlRows[Id][]>;
  /**
   * `typedRows` handed over chunk by chunk (DuckDB's chunks of ≤ 2,048 rows, on a connection of the export lane), e.g.
   * `await ctx.typedChunks('deep/big-amount-stable-index', binds, (rows) => { for (const r of rows) add(r); })`. For a
   * build of kept state that reads a million rows: one chunk's objects live at a time and die young, where the whole
   * answer at once lived through many young collections and filled the old generation with garbage, which every
   * young collection then walks (kit/README.md).
   */
  typedChunks<Id extends SqlId>(id: Id, binds: SqlParams[Id], onRows: (rows: SqlRows[Id][]) => void | Promise<void>): Promise<void>;
  /**
   * `typedRows` of a statement whose answer depends only on the served version, read once per version and kept with
   * it (kit/per-version.ts): its binds are the declaration's constants, never request values, and it answers a small
   * table (at most VERSION_ROWS_MAX rows are kept), e.g. `await ctx.versionRows('witness/witnesses', {})`.
   */
  versionRows<Id extends SqlId>(id: Id, binds: SqlParams[Id]): Promise<SqlRows[Id][]>;
  /** Runs the count derived from a declared query (its `-- @total` header), e.g. `ctx.count('rows', { block: 5 })`. */
  count(query: string, binds: Record<string, BindValue>): Promise<Row[]>;
  /** The parameter names a declared query (or its count) takes. */
  declared(query: string, count?: boolean): readonly string[];
  /** Whether a declared query takes an ORDER BY (`{{order_by}}`). */
  ordered(query: string): boolean;
  /**
   * A page of `key`'s rows (undefined: every row) from a dataset's key files (growth.ts keyFile), with the window's
   * total; undefined when the version has none for it (the caller reads SQL), e.g.
   * `ctx.keyedPage('blocks_by_number', 5, { from: null, to: null, desc: true, offset: 0, limit: 1 })`.
   */
  keyedPage(dataset: string, key: Cell | undefined, page: KeyedPage): { rows: Row[]; total: number } | undefined;
  /** The service's "now": the head block time of the published version (ms). */
  now: number;
  /** Serve settings an answer depends on (src/config.ts): `priceSource`, /api/trx/volume's default source (issue 33). */
  settings?: { priceSource?: string };
  manifest: Manifest;
  lookups: Lookups;
}

export interface CsvColumn {
  header: string;
  /** Column of the query result, or key of the item when the download maps rows to items (`CsvPlan.item`, `CsvItems`). */
  field: string;
}

/**
 * A download streamed from a declared statement, chunk by chunk on the export lane's connection: `item` maps each
 * result row to the answer's item (the same mapper as the JSON page), and the columns then name the item's keys.
 */
export interface CsvPlan {
  query: string;
  binds: Record<string, BindValue>;
  orderBy?: string;
  /** The item of a result row; kit/exports.ts `csvStatement` types it by the statement's template. */
  item?(r: Row): Record<string, unknown>;
  /**
   * Runs the statement once per window, in order, each window's binds over `binds` (only bounds the statement
   * already binds), and drops the first `skip` rows of the whole: a time-ordered download walks its range one day at
   * a time, so DuckDB sorts one day's rows, not the range's, before the first row goes (issue 30: a 1M-row download
   * held the whole sort in memory).
   */
  windows?: readonly Record<string, BindValue>[];
  skip?: number;
  /**
   * With `windows`: the rows wanted after `skip` (a download with `limit`); the walk stops at the last one, so a
   * page of the newest rows reads the newest day, not the range.
   */
  take?: number;
}

/**
 * A download whose rows are computed in TypeScript after SQL (holdings merged across standards, witnesses ranked,
 * rows filtered by a rule the SQL does not hold): the whole filtered, sorted list of items, written in batches through
 * the same export lane as a plan (stall, limits, trailer, cut). Only for lists a JSON answer already holds in memory.
 */
export interface CsvItems {
  items: readonly Record<string, unknown>[];
}

export interface CsvSpec<P> {
  /** Columns of the download (header → result column); absent: every column of the statement, named as in SQL. */
  columns?: CsvColumn[];
  filename: string;
  /** True when the request asks for CSV (e.g. format=csv). */
  wanted(p: P): boolean;
  /**
   * What to stream: a declared statement (SQL id), its binds and order, the same plan as the JSON page (lists); or
   * the items computed after SQL (`CsvItems`). Both go through the export lane.
   */
  plan?(p: P, ctx: EndpointContext): Promise<CsvPlan | CsvItems>;
  /** The whole table at once, for answers computed after SQL (series: bucketed rows, at most a few hundred). */
  table?(p: P, ctx: EndpointContext): Promise<{ columns: string[]; rows: Cell[][] }>;
}

export interface Endpoint<P> {
  path: string;
  method: 'GET' | 'POST';
  /** One line for docs and OpenAPI. */
  summary: string;
  /** Parses the normalized query (or body for POST) into typed params; issues name the parameter. */
  params: z.ZodType<P>;
  /** Query name → SQL id (file path under sql/ without .sql). */
  queries: Record<string, string>;
  /** Every ORDER BY constant `handle` may pass (prepared at boot); templates mark the spot with {{order_by}}. */
  orderBys?: readonly string[];
  /** Requires an API key header (SPEC §5). */
  requiresKey?: boolean;
  /** Also served under the alternate base address. */
  alsoOnAltBase?: boolean;
  handle(p: P, ctx: EndpointContext): Promise<unknown>;
  /**
   * Requests (their query as a client sends it) answered on each new version before it is served (kit/warm.ts), so
   * what the version keeps for them (per-version.ts) is built before a client waits for it: liquidity/transaction's
   * first answer on a version took 2.6 s on the default lake. Only where that first answer is slow: each costs its
   * answer's time at every publish.
   */
  warm?: readonly Record<string, string>[];
  csv?: CsvSpec<P>;
  /** Zod schema of the response body: OpenAPI and the conformance test read it. */
  response?: z.ZodType;
}

/** A declared endpoint with its params type erased, as the registry holds it. */
export type AnyEndpoint = Endpoint<never> & { handle(p: never, ctx: EndpointContext): Promise<unknown> };

/** Declares an endpoint with its params type inferred from the schema, e.g. `defineEndpoint({ path: '/api/block', … })`. */
export function defineEndpoint<S extends z.ZodType>(e: Endpoint<z.output<S>> & { params: S }): AnyEndpoint {
  return e as unknown as AnyEndpoint;
}
