/**
 * `defineList`: a paged list declared as data. The declaration names its SQL, filters and their binds, paging, sort
 * keys, the by-address copy it may read, the lookups it needs, the envelope and a row mapper; the kit owns the one
 * planning recipe every list follows (ARCHITECTURE §4):
 *
 *   day bounds of the time window (NULL where they do not cut the lake)
 *   → a block filter reads only that block's day (the daily block rollup)
 *   → with an address: the by-address copy, counted first, a busy address's page searched in time windows
 *   → otherwise: the fact table, a time-ordered page searched in growing windows at the sorted end
 *   → rangeTotal from a rollup when the declaration has one for these filters, else the rows statement's count
 *   → lookups (token info, contract map) → row mapper → envelope (`total` capped at 10000, true `rangeTotal`)
 *
 * and `format=csv` streams the same plan (declared columns, or the statement's own) without the 10000 window.
 */
import { z } from 'zod';
import type { Cell, Row } from '../../duckdb/duck.ts';
import type { BindValue } from '../../engine/engine.ts';
import {
  checkTimeWindow, pagingFields, resolvePage, signedSort, signedSortClauses, timeWindowFields, type PagingOptions, type SortChoice,
} from '../../params/index.ts';
import type { CsvColumn, Endpoint, EndpointContext, AnyEndpoint, ParamsOf, RowOf } from './endpoint.ts';
import { pagedList } from './envelopes.ts';
import { formatField } from './exports.ts';
import { normalAddressInfo, type ContractInfo, type TokenInfo, type WitnessInfo } from './lookups.ts';
import { perVersion } from './per-version.ts';
import type { SqlId } from './sql-types.generated.ts';
import { BUSY_ADDRESS_ROWS, dayWindows, lakeBounds, pageByTimeWindows, pageOfAddress, type TimeBounds } from './time-window.ts';

/** Sort keys of a list: one object gives the `sort` parameter (signed dialect) and the ORDER BY whitelist. */
export interface SortSpec {
  /** Client key → column, e.g. `{ timestamp: '"timestamp"', amount: 'amount' }`. */
  columns: Record<string, string>;
  /** Documented default, e.g. '-timestamp'. */
  default: string;
  /** Columns appended in the same direction so pages are stable. */
  tieBreak?: string[];
  /** Keys whose order is the order of time (a page of them can be searched in time windows); default: all. */
  timeOrdered?: string[];
}

/**
 * Parameters the kit adds to every list. A list without `sort` keys may declare a `sort` parameter of its own (another
 * dialect): the parsed value is then its own, and its type the intersection of both (tokens-overview.ts).
 */
export interface ListParams {
  page: { start: number; limit: number | null };
  sort: SortChoice;
  start_timestamp?: number;
  end_timestamp?: number;
  format: 'json' | 'csv';
}

/** Lookup results a row mapper and an envelope can read. */
export interface ListLookups {
  tokens: Map<string, TokenInfo>;
  contractMap: Record<string, boolean>;
  contractInfo: Record<string, ContractInfo>;
  normalAddressInfo: Record<string, { risk: boolean }>;
  /** Witness name, url and rank by address (the witnesses dimension, kept per version): `lookups.witnesses`. */
  witnesses: Map<string, WitnessInfo>;
}

export interface EnvelopeInput<P, Sql extends ListSql = ListSql, St = unknown> {
  p: P;
  /** The true count of matching rows; NaN for an `uncounted` list that did not need it. */
  rangeTotal: number;
  lookups: ListLookups;
  /** Rows of the `also` queries, by name. */
  also: AlsoRows<Sql>;
  /** State from `prepare`. */
  state: St;
  /** The row of the count statement when one ran (a hand-written count may give more than `n`, e.g. an unfiltered count). */
  totalRow?: TotalRow<Sql>;
  /** The service's "now" (the head block time, ms). */
  now: number;
}

/** The UTC day whose blocks include `block` (days in order, each with its first and last block), or undefined. */
function dayOfBlock(days: readonly { day: unknown; first_block: unknown; last_block: unknown }[], block: number): string | undefined {
  let lo = 0;
  let hi = days.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const d = days[mid]!;
    if (block < Number(d.first_block)) hi = mid - 1;
    else if (block > Number(d.last_block)) lo = mid + 1;
    else return String(d.day);
  }
  return undefined;
}

/**
 * The SQL of a list, e.g. `{ rows: 'block/block', also: { wholeChain: 'common/whole_chain_tx_count' } }`. defineList
 * infers it as written (literal ids), so the rows, the count row, the `also` rows and the hooks' queries are typed
 * from sql-types.generated.ts (`ListRow`, `TotalRow`, `AlsoRows`, `ListQueries`).
 */
export interface ListSql {
  /** The fact table's statement (`-- @total` header for its count, or a hand-written `total`). */
  rows: string;
  /** A hand-written count where the rows statement cannot be counted as is. */
  total?: string;
  /** The copy clustered by address (also `-- @total`); its rows must have the columns `row` reads. */
  byAddress?: string;
  /**
   * The by-address copy `byAddress` reads (e.g. 'address_transactions'): its per-address row counts
   * (common/busy_addresses: account_activity, address_row_counts) tell a busy address from a quiet one before any query, so a quiet address's page and
   * count run side by side. Absent: the address is counted first.
   */
  copy?: 'address_transactions' | 'address_token_transfers' | 'address_internal_transactions';
  /** Parameterless queries run beside the page (e.g. wholeChainTxCount), by name. */
  also?: Readonly<Record<string, string>>;
  /** Queries the hooks run by name (`q.rows(name, binds)`). */
  extra?: Readonly<Record<string, string>>;
  /**
   * Statements that answer a request in place of `rows` when the declaration's `variant(p)` names them, so each
   * request's predicates are plain and its plan its own (issue 32: a block by number read through the list's
   * ORDER BY … LIMIT paid DuckDB's late materialization). A variant takes the same filter binds and the planning keys it
   * declares; without `{{order_by}}` it is given no order; without `$lim` it is the whole answer of a request naming at
   * most a few rows: the page is cut from its rows in code and their number is the total (no count statement).
   */
  variants?: Readonly<Record<string, string>>;
}

/** A row of a list: the rows statement's, or the by-address copy's (a hook reads only the columns both return). */
export type ListRow<Sql extends ListSql> =
  | RowOf<Sql['rows']>
  | (Sql extends { byAddress: infer B extends string } ? RowOf<B> : never)
  | (Sql extends { variants: infer V extends Readonly<Record<string, string>> } ? RowOf<V[keyof V] & string> : never);
/** The count row: the hand-written `total` statement's, else the rows statement's derived `<id>.total`. */
export type TotalRow<Sql extends ListSql> = Sql extends { total: infer T extends string } ? RowOf<T> : RowOf<`${Sql['rows']}.total`>;
/** The rows of the `also` queries, by name. */
export type AlsoRows<Sql extends ListSql> = Sql extends { also: infer A extends Readonly<Record<string, string>> } ? { [K in keyof A]: RowOf<A[K]>[] } : Record<string, never>;
/** Query name → SQL id of the names a hook may run: the `extra` and `also` queries and `rows`. */
export type ListQueryNames<Sql extends ListSql> = (Sql extends { extra: infer E extends Readonly<Record<string, string>> } ? E : unknown) &
  (Sql extends { also: infer A extends Readonly<Record<string, string>> } ? A : unknown) & { rows: Sql['rows'] };

/**
 * What a list's hooks may run: its declared queries (by name) and their derived counts. `rows` is typed by name
 * (binds and rows of the named template); the default `ListQueries` (a shape's helper taking any list's queries)
 * takes any name and reads untyped rows.
 */
export interface ListQueries<Q extends Readonly<Record<string, string>> = Record<string, string>> {
  rows<N extends keyof Q & string>(name: N, binds: ParamsOf<Q[N]>, orderBy?: string): Promise<RowOf<Q[N]>[]>;
  /** The count of a rows statement (`-- @total` header), e.g. `await q.count('rows', f)`. */
  count(name: string, binds: Record<string, BindValue>): Promise<number>;
  /** The rows of a parameterless declared query, read once per version (ctx.versionRows), e.g. stored counts. */
  version<N extends keyof Q & string>(name: N): Promise<readonly RowOf<Q[N]>[]>;
  now: number;
  solidBlock: number;
}

/** Where a keyed page reads (ListDeclaration.keyed): the dataset, the key, and a filter or expansion of its rows. */
export interface KeyedSource<Sql extends ListSql> {
  dataset: string;
  key: Cell | undefined;
  keep?(r: Row, chain: { solidBlock: number; headBlock: number }): boolean;
  expand?(r: Row, desc: boolean): Row[];
  total?(q: ListQueries<ListQueryNames<Sql>>, f: Record<string, BindValue>): Promise<number> | undefined;
}

/**
 * A list's declaration. `Sql` (its `sql`, literal ids) types the rows every hook receives; `St` is what `prepare`
 * returns (the `state` of the later hooks), `E` what `enrich` returns (the row mapper's `enriched`) and `F` what
 * `filters` returns (the binds `total` receives), all inferred (a hook declared before the one it feeds).
 */
export interface ListDeclaration<S extends z.ZodRawShape, P, Sql extends ListSql = ListSql, St = unknown, E = unknown, F extends Record<string, BindValue> = Record<string, BindValue>> {
  path: string;
  summary: string;
  /** Filter parameters, built from src/params; the kit adds start, limit, sort, the time window and format. */
  params: S;
  /** A check after parsing that throws a catalogued ApiError (e.g. one of several parameters is required). */
  check?(p: P): void;
  /** Cross-field checks (an issue names its parameter). */
  refine?(v: z.output<z.ZodObject<S>> & Partial<ListParams>, ctx: z.RefinementCtx): void;
  paging: PagingOptions;
  /** Sort keys (a `sort` parameter), or one fixed ORDER BY constant, or a closed set chosen by another parameter. */
  sort?: SortSpec;
  order?: string | { choices: readonly string[]; of(p: P): string };
  /** start_timestamp / end_timestamp in ms (end before start → 400 on end_timestamp). */
  timeWindow?: boolean;
  /**
   * SQL ids: `rows` (fact table, `-- @total` header for its count, or a hand-written `total` where the rows
   * statement cannot be counted as is); `byAddress` (the copy clustered by address, also
   * `-- @total`); `also`: parameterless queries run beside the page (e.g. wholeChainTxCount); `extra`: queries
   * the hooks run by name.
   */
  sql: Sql;
  /** Resolves something the filters need first (e.g. the tokens of an issuer), kept as `state`. */
  prepare?(p: P, q: ListQueries<ListQueryNames<Sql>>): Promise<St>;
  /** Binds of the declared filters (the same keys serve rows, count and by-address statements). */
  filters(p: P, state: St, q: ListQueries<ListQueryNames<Sql>>): F;
  /** Binds of the by-address copy (`address` and the sides kept) when the request names an address, else undefined. */
  byAddress?(p: P): Record<string, BindValue> | undefined;
  /** Filter binds of the by-address copy when they differ from `filters` (default: the same). */
  byAddressFilters?(p: P, state: St, q: ListQueries<ListQueryNames<Sql>>): Record<string, BindValue>;
  /** The `sql.variants` statement that answers this request in place of `rows` (undefined: `rows`), knowing `prepare`'s state. */
  variant?(p: P, state: St): string | undefined;
  /** The block the request filters on: only that block's day partition is read. */
  block?(p: P): number | undefined;
  /** The request names its rows (a block number or id): the time window does not apply. */
  ignoreTimeWindow?(p: P): boolean;
  /**
   * The request names at most one row (a block by number or hash): a first page's total is its row count, so no
   * count statement runs (issue 32: a block lookup ran four statements).
   */
  unique?(p: P): boolean;
  /**
   * rangeTotal without scanning history (a rollup) when the filters allow it; undefined → the rows statement's
   * count, e.g. `(p, f, q) => (f.start_ts === null ? q.version('stateCounts').then(sum) : undefined)`.
   */
  total?(p: P, f: F & Bounds, q: ListQueries<ListQueryNames<Sql>>): Promise<number> | undefined;
  /**
   * The count carried by the page itself (e.g. a window count `count(*) OVER ()` in the rows statement): the count
   * statement then runs only when the page holds no row (limit=0, or past the end).
   */
  pageTotal?(rows: ListRow<Sql>[], p: P): number | undefined;
  /**
   * The envelope carries no total (the wallet lists, reference §4): a quiet address's page is read alone, without
   * its count (`rangeTotal` is then NaN); a busy address is still counted first, to search its page in time windows.
   */
  uncounted?: boolean;
  /**
   * An `uncounted` list's busy address: the dataset whose key files' rows of the address in the time window (a few
   * preads) size its time windows in place of the count statement (issue 32: the count scanned the address's history
   * to be thrown away). Any window that fills the page is the page, so an estimate off either way gives the same rows.
   */
  sizeFrom?(p: P): string | undefined;
  /**
   * A JSON page read from a dataset's key files (growth.ts keyFile) in place of SQL (issue 32: a point lookup or a page
   * of one key costs a few preads, where a statement's floor is ~0.8 ms): `of(p)` names the dataset and the request's
   * key (undefined: every row of the dataset), or null when the request has filters the key files cannot apply (then
   * SQL answers); `row` makes the answering statement's row from the dataset's row (the head-dependent columns). The
   * rows are in time order inside a key, so the sort must be time-ordered; the window and total are the key files'.
   */
  keyed?: {
    /**
     * `keep`: a filter the key files cannot apply, applied to the key's rows read from the sorted end (at most
     * KEYED_SCAN_ROWS of them, else SQL answers); the total is then the kept rows when the scan reached the key's end,
     * else `total(q, f)` (a count exact for these filters, `f` the list's filter and window binds; undefined: SQL
     * answers); a counted list without `total` reads the key's rows to the end and counts what it kept. `expand` in place of
     * `keep`: each of the key's rows becomes the page rows it gives (none, one or more, in the page's order: `desc`
     * true reads newest first), e.g. a transaction's transfer and its fee as two wallet rows. `q`: the list's queries,
     * for a condition the request's parameters alone cannot tell (e.g. a per-version set read once).
     */
    of(p: P, q: ListQueries<ListQueryNames<Sql>>): KeyedSource<Sql> | null | Promise<KeyedSource<Sql> | null>;
    row(r: Row, chain: { solidBlock: number; headBlock: number }, dataset: string): ListRow<Sql>;
  };
  /** Ids for tokenInfo and addresses for the contract map, per row. */
  lookups?: {
    tokens?(r: ListRow<Sql>, p: P): (string | null | undefined)[];
    /** Token ids the response needs whatever the rows (e.g. the one token of the request). */
    requestTokens?(p: P): string[];
    addresses?(r: ListRow<Sql>, p: P): string[];
    /** The addresses of the whole page at once, when their order must differ from row by row (map key order). */
    pageAddresses?(rows: ListRow<Sql>[], p: P): string[];
    /** Witness addresses whose name, url and rank the row shows (`lookups.witnesses`). */
    witnesses?(r: ListRow<Sql>, p: P): (string | null | undefined)[];
  };
  /** Data the rows need from a query of their own (e.g. price lines of the page's tokens), run beside the lookups. */
  enrich?(rows: ListRow<Sql>[], p: P, q: ListQueries<ListQueryNames<Sql>>): Promise<E>;
  /** Envelope key of the items (default `data`). */
  key?: string;
  /** Maps a row to an item (TronScan field names). */
  row(r: ListRow<Sql>, x: { p: P; index: number; lookups: ListLookups; state: St; enriched: E }): unknown;
  /** The response body (default: the paged-list envelope); an early answer (e.g. the TRX alias) skips the SQL. */
  envelope?(items: unknown[], x: EnvelopeInput<P, Sql, St>): object;
  /**
   * An answer that is not a page of the rows statement: a request that cannot match (e.g. `{…empty envelope}`), or a
   * row built in code from its own declared query (e.g. the TRX row of /api/token). JSON only: CSV streams the plan.
   */
  shortCircuit?(p: P, q: ListQueries<ListQueryNames<Sql>>): object | undefined | Promise<object | undefined>;
  csv?: { columns?: CsvColumn[]; filename: string };
  /** Zod schema of one item (OpenAPI, conformance test); the kit wraps it in the envelope's schema. */
  item?: z.ZodType;
  /** Schemas of the envelope's other fields (e.g. `contractMap`), checked beside `total`, `rangeTotal` and the items. */
  envelopeFields?: z.ZodRawShape;
  /** Zod schema of the whole response body when the envelope is not the paged list's. */
  response?: z.ZodType;
  requiresKey?: boolean;
  alsoOnAltBase?: boolean;
  /** Requests answered on a new version before it is served (Endpoint.warm). */
  warm?: Endpoint<P>['warm'];
}

/** The time and day bounds as binds (TimeBounds as a type literal: an interface is no `Record<string, BindValue>`). */
export type Bounds = { [K in keyof TimeBounds]: TimeBounds[K] };

/** Metadata of a list the generic contract tests and OpenAPI read. */
export interface ListMeta {
  kind: 'list';
  paging: PagingOptions;
  sort?: SortSpec;
  timeWindow: boolean;
  key: string;
  csv: boolean;
}

/** A keyed page with a `keep` filter reads at most this many of the key's rows (then SQL answers), this many a read. */
const KEYED_SCAN_ROWS = 4_096;
const KEYED_SCAN_CHUNK = 256;
const PLANNING_KEYS = ['start_ts', 'end_ts', 'start_day', 'end_day', 'lim', 'off'] as const;
/** Day bounds that match no partition: a block outside the lake answers at once. */
export const NO_DAY = { start_day: '9999-12-31', end_day: '0000-01-01' } as const;

/**
 * Declares a paged list, e.g.
 * `defineList({ path: '/api/x', params: { producer: address().optional() }, paging, sql: { rows: 'x/x' }, filters: (p) => ({ producer: p.producer ?? null }), row: (r) => ({ … }) })`.
 */
export function defineList<S extends z.ZodRawShape, const Sql extends ListSql, St = unknown, E = unknown, F extends Record<string, BindValue> = Record<string, BindValue>>(
  d: ListDeclaration<S, z.output<z.ZodObject<S>> & ListParams, Sql, St, E, F>,
): AnyEndpoint {
  type P = z.output<z.ZodObject<S>> & ListParams;
  type R = ListRow<Sql>;
  type Q = ListQueries<ListQueryNames<Sql>>;
  const sortSpec = d.sort;
  const fixedOrder = typeof d.order === 'string' ? d.order : undefined;
  const orderChoice = typeof d.order === 'object' ? d.order : undefined;
  const orderBys = sortSpec ? signedSortClauses(sortSpec.columns, sortSpec.tieBreak ?? []) : orderChoice ? [...orderChoice.choices] : fixedOrder ? [fixedOrder] : [];
  const paging = pagingFields(d.paging);
  const sortKeys = sortSpec ? Object.keys(sortSpec.columns).flatMap((k) => [k, `-${k}`]) : [];
  const shape = {
    start: paging.start.meta({
      description: `Offset of the first row (default 0).${d.paging.sumRule ? ' start + limit may not exceed 10000; start ≥ 10000 is a 400.' : ''}`,
      override: { type: 'integer', minimum: 0, default: 0 },
    }),
    limit: paging.limit.meta({
      description: `Page size (default ${d.paging.defaultLimit}, at most ${d.paging.maxLimit}: a larger value is clamped).`,
      override: { type: 'integer', minimum: d.paging.minLimit ?? 0, maximum: d.paging.maxLimit, default: d.paging.defaultLimit },
    }),
    ...(d.timeWindow
      ? {
          start_timestamp: timeWindowFields().start_timestamp.meta({ description: 'Start of the time window, milliseconds since the epoch (UTC), inclusive.', override: { type: 'integer', minimum: 0 } }),
          end_timestamp: timeWindowFields().end_timestamp.meta({ description: 'End of the time window, milliseconds since the epoch (UTC), inclusive; not before start_timestamp.', override: { type: 'integer', minimum: 0 } }),
        }
      : {}),
    ...(sortSpec
      ? {
          sort: signedSort(sortSpec.columns, sortSpec.default, sortSpec.tieBreak ?? []).meta({
            description: `Sort key, a leading minus for descending (default ${sortSpec.default}); an unknown key falls back to the default.`,
            override: { type: 'string', enum: sortKeys, default: sortSpec.default },
          }),
        }
      : {}),
    ...d.params,
    // Anything but csv (json, legacy values) answers JSON.
    format: formatField(),
  };
  const fixedSort: SortChoice = { key: '', orderBy: fixedOrder ?? '' };
  const params = z
    .object(shape)
    .superRefine((v, ctx) => {
      if (d.timeWindow) checkTimeWindow(v as { start_timestamp?: number; end_timestamp?: number }, ctx);
      d.refine?.(v as never, ctx);
    })
    .transform((v, ctx) => {
      const o = v as { start?: number; limit?: number; format: 'json' | 'csv'; sort?: SortChoice };
      const sort = o.sort ?? fixedSort;
      // A CSV download without limit is the whole filtered result: no page, no 10000 window.
      if (o.format === 'csv' && o.limit === undefined) return Object.assign({}, v, { sort, page: { start: o.start ?? 0, limit: null } });
      const r = resolvePage(o, d.paging);
      if ('error' in r) {
        ctx.addIssue({ code: 'custom', path: ['start'], message: r.error });
        return z.NEVER;
      }
      return Object.assign({}, v, { sort, page: { start: r.start, limit: r.limit as number | null } });
    });

  const queries: Record<string, string> = { rows: d.sql.rows, ...d.sql.also, ...d.sql.extra };
  if (d.sql.total) queries.total = d.sql.total;
  if (d.sql.byAddress) queries.byAddress = d.sql.byAddress;
  for (const [name, id] of Object.entries(d.sql.variants ?? {})) {
    if (name in queries) throw new Error(`${d.path}: variant ${name} shadows a query of the same name`);
    queries[name] = id;
  }
  /** The statement answering `p`: a declared variant, else `rows`. */
  const rowsOf = (p: P, state: St): string => {
    const v = d.variant?.(p, state);
    if (v === undefined) return 'rows';
    if (!d.sql.variants || !Object.hasOwn(d.sql.variants, v)) throw new Error(`${d.path}: no variant named ${v}`);
    return v;
  };
  if (d.block) queries.blockDays = 'common/block_days';
  if (d.sql.copy) queries.busyAddresses = 'common/busy_addresses';
  const key = d.key ?? 'data';

  const timeOrdered = (p: P): boolean => {
    if (!d.timeWindow) return false;
    if (!sortSpec) return true;
    const field = p.sort.key.replace(/^-/, '');
    return (sortSpec.timeOrdered ?? Object.keys(sortSpec.columns)).includes(field);
  };
  const orderOf = (p: P): string | undefined => (orderBys.length === 0 ? undefined : orderChoice ? orderChoice.of(p) : p.sort.orderBy);
  const desc = (p: P): boolean => (sortSpec ? p.sort.key.startsWith('-') : /^\S+\s+DESC\b/i.test(orderOf(p) ?? ''));

  /** The plan shared by JSON and CSV: which statement, its filter binds, the window and the block day. */
  async function plan(p: P, ctx: EndpointContext, q: Q) {
    d.check?.(p);
    // Without `prepare` the state is undefined and `St` is its default, unknown.
    const state = (d.prepare ? await d.prepare(p, q) : undefined) as St;
    const from = p.start_timestamp ?? 0;
    const to = p.end_timestamp ?? ctx.now;
    const block = d.block?.(p);
    let bounds: TimeBounds = d.ignoreTimeWindow?.(p) ? { start_ts: null, end_ts: null, start_day: null, end_day: null } : lakeBounds(from, to, ctx.manifest);
    if (block !== undefined) {
      const day = dayOfBlock(await ctx.versionRows('common/block_days', {}), block);
      bounds = Object.assign({}, bounds, typeof day === 'string' ? { start_day: day, end_day: day } : NO_DAY);
    }
    const anchor = d.byAddress?.(p);
    const rowsName = rowsOf(p, state);
    // A page is searched in time windows when the rows are in time order and not named by a block or an id.
    const windowed = block === undefined && !d.ignoreTimeWindow?.(p) && timeOrdered(p);
    const filter = anchor && d.byAddressFilters ? d.byAddressFilters(p, state, q) : d.filters(p, state, q);
    return { state, from, to, filter, bounds, anchor, windowed, rowsName };
  }

  async function handle(p: P, ctx: EndpointContext): Promise<unknown> {
    d.check?.(p);
    const q = queriesOf<Sql>(ctx, d.sql.total ? { rows: 'total' } : {}, queries);
    const early = await d.shortCircuit?.(p, q);
    if (early) return early;
    const also = Object.keys(d.sql.also ?? {});
    // An `also` statement takes no binds: its rows are the version's, read once per version (issue 32: the whole-chain
    // count was a statement per block page).
    const alsoQ = Promise.all(also.map((name) => ctx.versionRows(d.sql.also![name] as SqlId, {} as never)));
    // Awaited below; when the page query fails first this rejection would be unhandled (crashes Node): mark it handled.
    alsoQ.catch(() => undefined);
    const keyed = await keyedPage(p, ctx, q);
    if (keyed) return answer(keyed.rows as R[], keyed.total, p, ctx, alsoQ, undefined as St, undefined);
    const { state, from, to, filter, bounds, anchor, windowed: timeOrderedRows, rowsName } = await plan(p, ctx, q);
    // An unpaged variant (no `$lim`) is the request's whole answer: no window search, no count.
    const paged = ctx.declared(rowsName).includes('lim');
    const windowed = timeOrderedRows && paged;
    const limit = p.page.limit ?? 0; // only a CSV download has no page, and it does not come here
    const page = { lim: limit, off: p.page.start };
    const orderBy = orderOf(p);
    const run = (name: string, b: object) => ctx.rows(name, only(ctx, name, Object.assign({}, filter, b as Record<string, BindValue>, page)), ctx.ordered(name) ? orderBy : undefined);
    const window = { from, to, desc: desc(p), limit, offset: p.page.start };

    let rows: Row[];
    let rangeTotal: number;
    let totalRow: TotalRow<Sql> | undefined;
    if (anchor) {
      const f = Object.assign({}, filter, anchor, bounds);
      const byAddress = (b: Partial<TimeBounds>) => run('byAddress', Object.assign({}, anchor, bounds, b));
      const count = () => q.count('byAddress', only(ctx, 'byAddress', f, true));
      const address = typeof anchor.address === 'string' ? anchor.address : undefined;
      const busy = windowed && (await mayBeBusy(ctx, d.sql.copy, address));
      const sizeFrom = busy && d.uncounted && address !== undefined ? d.sizeFrom?.(p) : undefined;
      const sized = sizeFrom !== undefined
        ? ctx.keyedPage(sizeFrom, address, { from: p.start_timestamp ?? null, to: p.end_timestamp ?? null, desc: window.desc, offset: 0, limit: 0 })
        : undefined;
      if (sized) {
        // Uncounted: the key files' rows of the address size the windows; the page is the same whatever the estimate.
        rows = await pageOfAddress(sized.total, byAddress, window, ctx.manifest);
        rangeTotal = Number.NaN;
      } else if (busy) {
        // Count first: a busy address's page is searched in time windows over its time-sorted bucket.
        rangeTotal = await count();
        rows = await pageOfAddress(rangeTotal, byAddress, window, ctx.manifest);
      } else if (d.uncounted) {
        // Nothing shows the count: the page alone (one read of the address's bucket instead of two).
        rows = await byAddress({});
        rangeTotal = Number.NaN;
      } else [rows, rangeTotal] = await Promise.all([byAddress({}), count()]);
    } else {
      const rowsQ =
        windowed
          ? pageByTimeWindows((b) => run(rowsName, Object.assign({}, bounds, b)), window, ctx.manifest)
          : run(rowsName, bounds);
      // No address: the filters are `filters`'s (F), not `byAddressFilters`'s.
      const f = Object.assign({}, filter as F, bounds);
      const totalQ = (): Promise<number> =>
        d.total?.(p, f, q) ??
        q.countRow(rowsName, d.sql.total && rowsName === 'rows' ? only(ctx, 'total', f) : only(ctx, rowsName, f, true)).then((r) => {
          totalRow = r as TotalRow<Sql> | undefined;
          return Number(r?.n ?? 0);
        });
      if (!paged) {
        // An unpaged variant is the request's whole answer: its rows are the total, the page is cut here.
        const all = await rowsQ;
        rangeTotal = all.length;
        rows = all.slice(page.off, page.off + limit);
      } else if (d.unique?.(p) && page.off === 0 && limit > 0) {
        rows = await rowsQ;
        rangeTotal = rows.length;
      } else if (d.pageTotal) {
        rows = await rowsQ;
        // A first page with room for rows that holds none: nothing matches, the count would answer 0.
        rangeTotal = d.pageTotal(rows as unknown as R[], p) ?? (rows.length === 0 && page.off === 0 && limit > 0 ? 0 : await totalQ());
      } else [rows, rangeTotal] = await Promise.all([rowsQ, totalQ()]);
    }
    // The page's rows are the rows (or by-address) statement's: their generated row type by construction, as for
    // context.ts typedRows (the window search of time-window.ts handles them as plain rows).
    return answer(rows as unknown as R[], rangeTotal, p, ctx, alsoQ, state, totalRow);
  }

  /** The key files' page of this request (JSON only), or undefined when SQL answers it. */
  async function keyedPage(p: P, ctx: EndpointContext, q: Q): Promise<{ rows: R[]; total: number } | undefined> {
    if (!d.keyed || p.format === 'csv' || p.page.limit === null) return undefined;
    if (sortSpec && !timeOrdered(p) && !d.ignoreTimeWindow?.(p)) return undefined;
    const of = await d.keyed.of(p, q);
    if (of === null) return undefined;
    const open = d.ignoreTimeWindow?.(p);
    const window = { from: open ? null : (p.start_timestamp ?? null), to: open ? null : (p.end_timestamp ?? null), desc: desc(p) };
    const chain = { solidBlock: ctx.manifest.solidBlock, headBlock: ctx.manifest.head.number };
    const mapped = (rows: Row[]) => rows.map((r) => d.keyed!.row(r, chain, of.dataset));
    const { keep, expand } = of;
    if (!keep && !expand) {
      const got = ctx.keyedPage(of.dataset, of.key, Object.assign({}, window, { offset: p.page.start, limit: p.page.limit }));
      return got && { rows: mapped(got.rows), total: got.total };
    }
    // A filter the key files cannot apply: the key's rows from the sorted end, kept (or expanded) until the page is full.
    const want = p.page.start + p.page.limit;
    // A counted list with no `total` counts the kept rows themselves: it reads to the key's end.
    const toEnd = !d.uncounted && !of.total;
    const kept: Row[] = [];
    let read = 0;
    let end = false;
    while (toEnd || kept.length < want || want === 0) {
      if (read >= KEYED_SCAN_ROWS) return undefined;
      const got = ctx.keyedPage(of.dataset, of.key, Object.assign({}, window, { offset: read, limit: KEYED_SCAN_CHUNK }));
      if (!got) return undefined;
      for (const r of got.rows) {
        if (expand) kept.push(...expand(r, window.desc));
        else if (keep!(r, chain)) kept.push(r);
      }
      read += got.rows.length;
      if (read >= got.total) {
        end = true;
        break;
      }
      if (want === 0 && !toEnd) break;
    }
    // An uncounted list shows no total: a full page needs none (NaN, as its SQL path gives).
    // `total` gets the list's filter and window binds, as the SQL path's count would (plan: only when it is asked).
    const total = end ? kept.length : d.uncounted ? Number.NaN : of.total ? await plan(p, ctx, q).then(({ filter, bounds }) => of.total!(q, Object.assign({}, filter, bounds))) : undefined;
    if (total === undefined) return undefined;
    return { rows: mapped(kept.slice(p.page.start, want)), total };
  }

  /** Lookups, the row mapper and the envelope over a page's rows. */
  async function answer(page_: R[], rangeTotal: number, p: P, ctx: EndpointContext, alsoQ: Promise<unknown[][]>, state: St, totalRow: TotalRow<Sql> | undefined): Promise<unknown> {
    const q = queriesOf<Sql>(ctx, d.sql.total ? { rows: 'total' } : {}, queries);
    const also = Object.keys(d.sql.also ?? {});
    const [lookups, alsoRows, enrichedValue] = await Promise.all([lookupsOf(page_, p, ctx), alsoQ, d.enrich?.(page_, p, q)]);
    // Without `enrich` it is undefined and `E` its default, unknown.
    const enriched = enrichedValue as E;
    const items = page_.map((r, index) => d.row(r, { p, index, lookups, state, enriched }));
    // Each `also` name's rows are its declared statement's (AlsoRows), as the page's are.
    const alsoByName = Object.fromEntries(also.map((n, i) => [n, alsoRows[i]!])) as unknown as AlsoRows<Sql>;
    const x: EnvelopeInput<P, Sql, St> = { p, rangeTotal, lookups, also: alsoByName, state, totalRow, now: ctx.now };
    return d.envelope ? d.envelope(items, x) : pagedList(key, items, rangeTotal);
  }

  async function lookupsOf(rows: R[], p: P, ctx: EndpointContext): Promise<ListLookups> {
    const ids = [
      ...(d.lookups?.requestTokens?.(p) ?? []),
      ...(d.lookups?.tokens ? rows.flatMap((r) => d.lookups!.tokens!(r, p)) : []),
    ].filter((i): i is string => !!i);
    const addresses = (
      d.lookups?.pageAddresses ? d.lookups.pageAddresses(rows, p) : d.lookups?.addresses ? rows.flatMap((r) => d.lookups!.addresses!(r, p)) : []
    ).filter((a) => a !== '' && a !== 'null');
    const witnessAddresses = d.lookups?.witnesses ? rows.flatMap((r) => d.lookups!.witnesses!(r, p)).filter((a): a is string => !!a) : [];
    const [tokens, contracts, witnesses] = await Promise.all([
      d.lookups?.tokens || d.lookups?.requestTokens ? ctx.lookups.tokenInfo(ids) : Promise.resolve(new Map<string, TokenInfo>()),
      d.lookups?.addresses || d.lookups?.pageAddresses ? ctx.lookups.contractMap(addresses) : Promise.resolve({ map: {}, info: {} }),
      witnessAddresses.length > 0 ? ctx.lookups.witnessInfo(witnessAddresses) : Promise.resolve(new Map<string, WitnessInfo>()),
    ]);
    return { tokens, contractMap: contracts.map, contractInfo: contracts.info, normalAddressInfo: normalAddressInfo(contracts.map), witnesses };
  }

  const meta: ListMeta = { kind: 'list', paging: d.paging, sort: sortSpec, timeWindow: !!d.timeWindow, key, csv: true };
  const ep: Endpoint<P> & { list: ListMeta; response?: z.ZodType } = {
    path: d.path,
    method: 'GET',
    summary: d.summary,
    params: params as unknown as z.ZodType<P>,
    queries,
    orderBys,
    requiresKey: d.requiresKey,
    alsoOnAltBase: d.alsoOnAltBase,
    ...(d.warm ? { warm: d.warm } : {}),
    handle,
    list: meta,
    response: d.response ?? listResponse(key, d.item, d.envelopeFields),
    csv: {
      filename: d.csv?.filename ?? `${d.path.replace(/^\/api\//, '').replace(/[^\w]+/g, '_')}.csv`,
      columns: d.csv?.columns,
      wanted: (p) => p.format === 'csv',
      async plan(p, ctx) {
        const q = queriesOf<Sql>(ctx, d.sql.total ? { rows: 'total' } : {}, queries);
        const { filter, bounds, anchor, windowed, from, to } = await plan(p, ctx, q);
        // A download reads `rows` (or the copy), never a variant: a variant answers a JSON page.
        const name = anchor ? 'byAddress' : 'rows';
        const order = orderOf(p);
        // A time-ordered range is read one day at a time from its sorted end: one query sorted the range's rows in
        // memory before its first row (a 1M-row download grew the server by 300-440 MB; issue 30), and a page of 50
        // (a download with limit) sorted every block of the lake for them (0.74 s where the JSON page took 1 ms).
        if (windowed && !anchor) {
          const windows = dayWindows(from, to, desc(p), ctx.manifest);
          if (windows.length > 1) {
            // A day holds at most the page's rows before its end (start + limit) that the walk can use.
            const lim = p.page.limit === null ? null : p.page.start + p.page.limit;
            const binds = only(ctx, name, Object.assign({}, filter, bounds, { lim, off: 0 }));
            const walk = { query: queries[name]!, binds, orderBy: order, windows: windows.map((w) => only(ctx, name, { ...w })), skip: p.page.start };
            return p.page.limit === null ? walk : Object.assign({}, walk, { take: p.page.limit });
          }
        }
        const binds = only(ctx, name, Object.assign({}, filter, anchor ?? {}, bounds, { lim: p.page.limit, off: p.page.start }));
        return { query: queries[name]!, binds, orderBy: order };
      },
    },
  };
  return ep as unknown as AnyEndpoint;
}

/**
 * False when the copy's row counts say `address` has at most BUSY_ADDRESS_ROWS rows there (its page is one sorted
 * query, run beside its count); true when it has more, or when that is not known (no copy declared, the counts not
 * readable): then the list counts first. The busy addresses (dataset → addresses) are read once per version.
 */
async function mayBeBusy(ctx: EndpointContext, copy: string | undefined, address: string | undefined): Promise<boolean> {
  if (!copy || address === undefined) return true;
  const busy = perVersion(ctx.manifest, 'list:busy-addresses', () =>
    ctx.rows('busyAddresses', { min_rows: BUSY_ADDRESS_ROWS }).then((rows) => {
      const out = new Map<string, Set<string>>();
      for (const r of rows) {
        const ds = String(r.dataset);
        if (!out.has(ds)) out.set(ds, new Set());
        out.get(ds)!.add(String(r.address));
      }
      return out;
    }),
  );
  try {
    return (await busy).get(copy)?.has(address) ?? false;
  } catch {
    return true;
  }
}

/** The list's queries for its hooks, and the kit's count with its whole row. */
function queriesOf<Sql extends ListSql>(
  ctx: EndpointContext,
  handWritten: Record<string, string>,
  queries: Record<string, string>,
): ListQueries<ListQueryNames<Sql>> & { countRow(name: string, binds: Record<string, BindValue>): Promise<Row | undefined> } {
  // A hand-written count (`sql.total`) stands in for the rows statement's derived one.
  const countRow = async (name: string, binds: Record<string, BindValue>) => (await (handWritten[name] ? ctx.rows(handWritten[name], binds) : ctx.count(name, binds)))[0];
  const untyped: ListQueries = {
    rows: (name, binds, orderBy) => ctx.rows(name, binds, orderBy),
    count: async (name, binds) => Number((await countRow(name, binds))?.n ?? 0),
    version: (name) => ctx.versionRows(queries[name] as SqlId, {} as never) as never,
    now: ctx.now,
    solidBlock: ctx.manifest.solidBlock,
  };
  // A named query's rows and binds are its declared template's (ListQueryNames): the generated types by construction,
  // as for context.ts typedRows; checkBinds still checks the binds at run time.
  return Object.assign({}, untyped as unknown as ListQueries<ListQueryNames<Sql>>, { countRow });
}

/**
 * The kit's planning keys (time and day bounds, page) go only to statements that declare them (a by-address copy has
 * no day partitions); every other key is the declaration's and stays strict (sql-files.ts `checkBinds`).
 */
function only(ctx: EndpointContext, name: string, binds: Record<string, BindValue>, count = false): Record<string, BindValue> {
  const declared = ctx.declared(name, count);
  const out: Record<string, BindValue> = {};
  for (const [k, v] of Object.entries(binds)) {
    if ((PLANNING_KEYS as readonly string[]).includes(k) && !declared.includes(k)) continue;
    out[k] = v;
  }
  return out;
}

/**
 * The response schema of a paged list: `total` (capped), `rangeTotal`, its items under `key` and the declared other
 * envelope fields, e.g. `listResponse('data', blockItem, { wholeChainTxCount: count })`.
 */
export function listResponse(key: string, item: z.ZodType = z.looseObject({}), fields: z.ZodRawShape = {}): z.ZodType {
  const n = z.number().int().nonnegative();
  return z.looseObject({ total: n.max(10_000), rangeTotal: n, [key]: z.array(item), ...fields });
}
