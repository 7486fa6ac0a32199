/**
 * `defineSeries`: a statistics series declared as data (ARCHITECTURE §3 "Statistics"). The declaration names its
 * daily rollup SQL, its time-range parameters with their unit (ms, s or day strings) and documented maximum span,
 * the granularities it offers and a row mapper; the kit owns, once:
 *
 *   time range → UTC day bounds (each missing bound takes its own default: the end the head block's day or the day
 *   before, the start the lake's first day or `defaultDays` days before the end; a span over the maximum is a 400
 *   naming the bound given, never a cut) → the daily rollup rows → buckets of a granularity (week = ISO week
 *   from Monday, month, quarter, year) summing the additive measures exactly (bigint stays bigint) → rows → envelope
 *
 * and `format=csv` (the same bucketed rows). A measure that is not additive (unique accounts per month) declares its
 * own rollup per granularity (`ownRollup`): period-to-date rows (`bucket`, `day`), of which the kit keeps each
 * bucket's latest day. The kit orders rows by day itself, so a rollup template needs no ORDER BY (on DuckDB a sort
 * costs about 1 ms even over 90 rows: src/endpoints/statistics/README.md).
 */
import { z } from 'zod';
import type { Cell, Row } from '../../duckdb/duck.ts';
import type { BindValue } from '../../engine/engine.ts';
import { dayAsMs, int, oneOf, timestampMs, timestampSecAsMs } from '../../params/index.ts';
import type { AnyEndpoint, Endpoint, EndpointContext, RowOf } from './endpoint.ts';
import { utcDay } from './time-window.ts';
import { ApiError } from '../../wire/errors.ts';
import { DAY_MS } from '../../time.ts';

export type Granularity = 'day' | 'week' | 'month' | 'quarter' | 'year';
export type TimeUnit = 'ms' | 's' | 'day';


export interface SeriesParams {
  /** First and last UTC day of the range (yyyy-MM-dd). */
  range: { from: string; to: string };
  granularity: Granularity;
  format: 'json' | 'csv';
  /** Rows of the range before the `limit` parameter kept the last ones (the envelope's `total`). */
  rangeRows: number;
}

/**
 * The columns of a row that may be summed per bucket: integer and floating columns (`number | bigint | null`). A
 * DECIMAL column (a string cell) may not: `add` would sum it as a float. For an untyped `Row` (an id known only as
 * `string`) any name.
 */
export type SumColumn<R> = string extends keyof R ? string : { [K in keyof R]-?: R[K] extends number | bigint | null ? K : never }[keyof R] & string;

/** A bucket of a week / month / quarter / year: its first day and the sums of the `Sum` columns (the other columns are absent). */
export type BucketRow<R, Sum extends keyof R> = { day: string } & { [K in Sum]: R[K] };

/** A bucket's row of its latest day (`latestPerBucket`): `day` the bucket, `last_day` that day, the other columns as they are. */
export type LatestRow<R> = { day: string; last_day: (R extends { day: infer D } ? D : Cell) | null } & { [K in Exclude<keyof R, 'bucket' | 'day'>]: R[K] };

/**
 * The rows a series' `after` (or, without it, `row`) receives: the rollup's rows for `day`; for a coarser
 * granularity the buckets (`BucketRow`), or with an own rollup its period-to-date rows (`LatestRow`). A series offering
 * only `day` never buckets: its rows are the rollup's.
 */
export type SeriesRow<Id extends string, Sum extends string, G extends Granularity, Own extends string> = [Exclude<G, 'day'>] extends [never]
  ? RowOf<Id>
  : RowOf<Id> | ([Own] extends [never] ? BucketRow<RowOf<Id>, Sum & keyof RowOf<Id>> : LatestRow<RowOf<Own>>);

/**
 * A series' declaration. `Id` (its `sql`), `Sum`, `G` (its `granularities`) and `Own` (its `ownRollup`) type the rows
 * (`SeriesRow`); `A` is what `after` returns (the rows `row` and `envelope` receive), inferred, the bucketed rows
 * without `after`; `I` is what `row` returns (the items `envelope` receives), inferred.
 */
export interface SeriesDeclaration<
  S extends z.ZodRawShape,
  P,
  Id extends string = string,
  Sum extends string = string,
  G extends Granularity = Granularity,
  Own extends string = never,
  A = SeriesRow<Id, Sum, G, Own>,
  I = unknown,
> {
  path: string;
  summary: string;
  /** Extra filter parameters (the kit adds the time range, the granularity and format). */
  params?: S;
  /** Binds of the extra filters. */
  filters?(p: P): Record<string, BindValue>;
  /** Names and unit of the time-range parameters, e.g. `{ start: 'start_day', end: 'end_day', unit: 'day' }`. */
  time: SeriesTime;
  /** Granularities offered (first = default) and the name of their parameter (default `type`). */
  granularities: readonly G[];
  granularityParam?: string;
  /**
   * The values the granularity parameter takes when they are not the granularity names (matched case-insensitively),
   * e.g. `{ '0': 'day', '1': 'month', '2': 'quarter' }`.
   */
  granularityValues?: Readonly<Record<string, G>>;
  /** A row-count parameter: the last `n` buckets of the range are answered (a value over `max` is clamped to it). */
  limit?: { param: string; default: number; max?: number };
  /** Rows computed from the bucketed rows before mapping (day-over-day rates, running totals): JSON and CSV both. */
  after?(rows: SeriesRow<Id, Sum, G, Own>[], p: P, ctx: EndpointContext): A[] | Promise<A[]>;
  /**
   * The daily rollup: binds `start_day`, `end_day` (and the filters), returns one row per `day` (yyyy-MM-dd); the
   * columns listed in `sum` are added up per bucket.
   */
  sql: Id;
  /** Summable columns of the rollup (a misspelt or DECIMAL column is a compile error: `SumColumn`). */
  sum: readonly Sum[];
  /**
   * For a non-additive measure: a rollup per granularity (binds `granularity`) of period-to-date rows, each with its
   * `bucket` (the period's first day) and `day`; the kit keeps each bucket's row of its latest day in the range, as
   * `day` = the bucket and `last_day` = that day.
   */
  ownRollup?: Own;
  /**
   * The daily rollup's row of a day is the same whatever the range asked (no running figure starts at the range's
   * first day) and its filters (if any) take a closed set of values: it is read once per version over the lake's
   * days, from its first day to the head's (`ctx.versionRows`, kit/per-version.ts), and cut to the range in code,
   * so a request costs no statement. A coarser granularity buckets the cut rows as usual; an own rollup is read
   * per request.
   */
  perVersion?: boolean;
  /** Requests answered on a new version before it is served (Endpoint.warm). */
  warm?: Endpoint<P>['warm'];
  /** More SQL ids the `after` and `envelope` hooks run through `ctx.typedRows` (query name → SQL id). */
  queries?: Record<string, string>;
  /** Maps a bucket (its first day as `day`, its sums) to an item. */
  row(r: A, p: P): I;
  /** The response body (default `{ total, data }`); `rows` are the items before the row mapper. */
  envelope?(items: I[], p: P, ctx: EndpointContext, rows: readonly A[]): object;
  response?: z.ZodType;
}

/**
 * The time range of a series: start / end parameters in a unit, and / or a `days` parameter (the last n days ending
 * at the end), with the documented maximum span and the defaults: `defaultDays` days ending at the head's day
 * (`defaultEnd: 'yesterday'`: the day before), or from the lake's first day (`defaultStart: 'earliest'`).
 */
export interface SeriesTime {
  start?: string;
  end?: string;
  unit: TimeUnit;
  maxDays: number;
  defaultDays: number;
  days?: string;
  defaultEnd?: 'head' | 'yesterday';
  defaultStart?: 'span' | 'earliest';
}

/** Metadata of a series the generic contract tests and OpenAPI read. */
export interface SeriesMeta {
  kind: 'series';
  time: SeriesTime;
  granularities: readonly Granularity[];
  granularityParam: string;
  /** The row-count parameter keeping the last rows of the range, when the series has one. */
  limit?: { param: string; default: number; max?: number };
}

/** The first UTC day of the bucket holding `day`, e.g. `bucketOf('2026-10-15', 'quarter')` = '2026-10-01'. */
export function bucketOf(day: string, g: Granularity): string {
  const [y, m] = [day.slice(0, 4), Number(day.slice(5, 7))];
  if (g === 'day') return day;
  if (g === 'month') return `${y}-${day.slice(5, 7)}-01`;
  if (g === 'quarter') return `${y}-${String(Math.floor((m - 1) / 3) * 3 + 1).padStart(2, '0')}-01`;
  if (g === 'year') return `${y}-01-01`;
  const ms = Date.parse(`${day}T00:00:00Z`);
  const monday = ms - ((new Date(ms).getUTCDay() + 6) % 7) * DAY_MS;
  return utcDay(monday);
}

/**
 * Sums of `columns` per bucket of `rows` (each with a `day`), in bucket order; bigint cells stay exact and a NULL
 * (an unknown figure) makes its bucket's sum NULL. Days are the rollup's rows as they are (one per day).
 */
export function bucketRows<R extends { day?: Cell }, K extends SumColumn<R>>(rows: readonly R[], g: Granularity, columns: readonly K[]): (R | BucketRow<R, K & keyof R>)[] {
  if (g === 'day') return [...rows];
  const out = new Map<string, Row>();
  for (const r of rows) {
    const key = bucketOf(String(r.day), g);
    const acc = out.get(key) ?? { day: key, ...Object.fromEntries(columns.map((c) => [c, 0])) };
    // A summed column is a number / bigint column (SumColumn): its sum is one too (`add`), so the bucket is a BucketRow.
    for (const c of columns) acc[c] = add(acc[c] ?? null, (r as unknown as Row)[c] ?? null);
    out.set(key, acc);
  }
  return [...out.values()].sort((a, b) => String(a.day).localeCompare(String(b.day))) as unknown as BucketRow<R, K & keyof R>[];
}

function add(a: Cell, b: Cell): Cell {
  if (a === null || b === null) return null;
  if (typeof a === 'bigint' || typeof b === 'bigint') return BigInt(a as number | bigint) + BigInt(b as number | bigint);
  const sum = Number(a) + Number(b);
  // Two safe integers whose sum passes 2^53 are summed as bigints (a double would round it); fractions stay doubles.
  if (Number.isSafeInteger(sum) || !Number.isInteger(a) || !Number.isInteger(b)) return sum;
  return BigInt(a as number) + BigInt(b as number);
}

/** Rows ordered by their `day` (yyyy-MM-dd strings compare as dates), e.g. a rollup read without ORDER BY. */
export function byDay<R extends { day?: Cell }>(rows: readonly R[]): R[] {
  return [...rows].sort((a, b) => (String(a.day) < String(b.day) ? -1 : String(a.day) > String(b.day) ? 1 : 0));
}

/**
 * Each bucket's row of its latest day, in bucket order, `day` = the bucket and `last_day` = that day, e.g. the
 * period-to-date rows of an own rollup `[{ bucket: '2026-10-01', day: '2026-10-05', n: 3 }, { …, day: '2026-10-06', n: 4 }]`
 * → `[{ day: '2026-10-01', last_day: '2026-10-06', n: 4 }]`.
 */
export function latestPerBucket<R extends { bucket?: Cell; day?: Cell }>(rows: readonly R[]): LatestRow<R>[] {
  const out = new Map<string, LatestRow<R>>();
  for (const r of rows) {
    const key = String(r.bucket);
    const seen = out.get(key);
    if (!seen || String(r.day) > String(seen.last_day)) {
      const { bucket: _bucket, day, ...rest } = r;
      // `rest` is R without bucket and day: with them, the LatestRow of R.
      out.set(key, { day: key, last_day: day ?? null, ...rest } as unknown as LatestRow<R>);
    }
  }
  return byDay([...out.values()]);
}

/** Days of a range, both ends counted, e.g. `spanDays({ from: '2026-10-01', to: '2026-10-01' })` = 1 (0 when empty). */
export function spanDays(r: { from: string; to: string }): number {
  return Math.max(0, (Date.parse(`${r.to}T00:00:00Z`) - Date.parse(`${r.from}T00:00:00Z`)) / DAY_MS + 1);
}

/** A time-range value in the declared unit, as ms. */
function timeParam(unit: TimeUnit) {
  if (unit === 'day') return dayAsMs().optional();
  // Bounded like every time parameter (params/atoms.ts): a UTC day must exist for the bound.
  if (unit === 's') return timestampSecAsMs().optional();
  return timestampMs().optional();
}

const UNIT_TEXT: Record<TimeUnit, string> = { ms: 'milliseconds since the epoch (UTC)', s: 'seconds since the epoch (UTC)', day: 'a UTC day yyyy-MM-dd' };

/**
 * Declares a series, e.g.
 * `defineSeries({ path: '/api/x', time: { start: 'start_timestamp', end: 'end_timestamp', unit: 'ms', maxDays: 366, defaultDays: 30 }, granularities: ['day', 'month'], sql: 'stats/x', sum: ['n'], row: (r) => ({ day: r.day, count: r.n }) })`.
 */
export function defineSeries<
  const Id extends string,
  const Sum extends SumColumn<RowOf<Id>>,
  const G extends Granularity,
  const Own extends string = never,
  A = SeriesRow<Id, Sum, G, Own>,
  I = unknown,
  S extends z.ZodRawShape = Record<never, never>,
>(d: SeriesDeclaration<S, z.output<z.ZodObject<S>> & SeriesParams, Id, Sum, G, Own, A, I>): AnyEndpoint {
  type P = z.output<z.ZodObject<S>> & SeriesParams;
  type B = SeriesRow<Id, Sum, G, Own>;
  // One granularity and no parameter named: the series has no granularity parameter (a day series).
  const gParam = d.granularityParam ?? (d.granularities.length > 1 ? 'type' : '');
  const t = d.time;
  // The granularity names are always accepted too, beside the values a declaration maps (type=1 or type=month).
  const gValues: Record<string, Granularity> = Object.assign({}, d.granularityValues, Object.fromEntries(d.granularities.map((g) => [g, g])));
  const gNames = Object.keys(gValues);
  const defaultValue = gNames.find((k) => gValues[k] === d.granularities[0]) ?? d.granularities[0]!;
  const endText = t.defaultEnd === 'yesterday' ? "the day before the head block's day" : "the head block's day";
  const startText = t.defaultStart === 'earliest' ? "the lake's first day" : `${t.defaultDays} days before the end`;
  const shape = Object.assign(
    {},
    t.start ? { [t.start]: timeParam(t.unit).meta({ description: `Start of the range, ${UNIT_TEXT[t.unit]}, inclusive (default ${startText}).` }) } : {},
    t.end ? { [t.end]: timeParam(t.unit).meta({ description: `End of the range, ${UNIT_TEXT[t.unit]}, inclusive; at most ${t.maxDays} days after the start (default ${endText}).` }) } : {},
    t.days ? { [t.days]: int({ min: 1, max: t.maxDays }).optional().meta({ description: `Number of days ending at the end of the range, at most ${t.maxDays} (default ${t.defaultDays}); sets the default start only${t.start ? ` (not used with ${t.start})` : ''}.`, override: { type: 'integer', minimum: 1, maximum: t.maxDays, default: t.defaultDays } }) } : {},
    gParam
      ? {
          [gParam]: oneOf(gNames)
            .optional()
            .meta({ description: `Granularity: ${gNames.map((k) => (k === gValues[k] ? k : `${k} ${gValues[k]}`)).join(', ')} (default ${defaultValue}).`, override: { type: 'string', enum: gNames, default: defaultValue } }),
        }
      : {},
    d.limit ? { [d.limit.param]: int({ min: 0 }).optional().meta({ description: `Rows answered, the last of the range (default ${d.limit.default}${d.limit.max ? `, at most ${d.limit.max}` : ''}).`, override: { type: 'integer', minimum: 0, default: d.limit.default, ...(d.limit.max ? { maximum: d.limit.max } : {}) } }) } : {},
    d.params ?? {},
    {
      format: z
        .string()
        .optional()
        .transform((f) => (f?.trim().toLowerCase() === 'csv' ? ('csv' as const) : ('json' as const)))
        .meta({ description: 'csv answers the same rows as an RFC 4180 download.', override: { type: 'string', enum: ['json', 'csv'], default: 'json' } }),
    },
  ) as z.ZodRawShape;
  const params = z
    .object(shape)
    .superRefine((v, ctx) => {
      const a = t.start ? (v[t.start] as number | undefined) : undefined;
      const b = t.end ? (v[t.end] as number | undefined) : undefined;
      if (a !== undefined && b !== undefined && b < a) ctx.addIssue({ code: 'custom', path: [t.end!], message: `must not be before ${t.start}` });
      else if (a !== undefined && b !== undefined && Math.floor(b / DAY_MS) - Math.floor(a / DAY_MS) + 1 > t.maxDays) {
        ctx.addIssue({ code: 'custom', path: [t.end!], message: `must be at most ${t.maxDays} days after ${t.start}` });
      }
    })
    .transform((v) => Object.assign({}, v, {
      granularity: !gParam || v[gParam] === undefined ? d.granularities[0]! : gValues[Object.keys(gValues).find((k) => k.toLowerCase() === String(v[gParam]).toLowerCase())!]!,
      // The head-relative default is resolved per request (rangeOf): the parse does not know the lake.
      range: { from: '', to: '' },
      rangeRows: 0,
    }));

  const queries: Record<string, string> = Object.assign({}, d.queries, { rollup: d.sql, ...(d.ownRollup ? { own: d.ownRollup } : {}) });

  /**
   * Day bounds (ARCHITECTURE §5.3, kit README "Series bounds"): each missing bound takes its own documented default,
   * whatever the other bound is: the end → the head's day (or the day before); the start → the lake's first day
   * (`earliest`, unless `days` is given) or the last `days` (default `defaultDays`) days ending at the end. A given
   * start never shortens the default end (the old `start + span` cut answered a prefix as if it were the range). A
   * range longer than `maxDays` is a 400 naming the bound the caller gave (the end when both), never a silent cut.
   */
  function rangeOf(p: Record<string, unknown>, now: number, first: number): { from: string; to: string } {
    const a = t.start ? (p[t.start] as number | undefined) : undefined;
    const b = t.end ? (p[t.end] as number | undefined) : undefined;
    const days = t.days ? (p[t.days] as number | undefined) : undefined;
    const span = ((days ?? t.defaultDays) - 1) * DAY_MS;
    const to = b ?? (t.defaultEnd === 'yesterday' ? now - DAY_MS : now);
    const from = a ?? (t.defaultStart === 'earliest' && days === undefined ? Math.min(first, to) : to - span);
    const range = { from: utcDay(from), to: utcDay(to) };
    if (spanDays(range) > t.maxDays) {
      // Both given: the parse already refused it (naming the end); one given: name it, the other took its default.
      const param = b !== undefined || a === undefined ? (t.end ?? t.start ?? t.days)! : t.start!;
      const other = param === t.end ? `${t.start ?? 'the start'} (${a === undefined ? 'default ' : ''}${range.from})` : `${t.end ?? 'the end'} (default ${range.to})`;
      throw new ApiError('BAD_PARAMETER', `${param} must be at most ${t.maxDays} days from ${other}`, param);
    }
    return range;
  }

  /** The rollup's rows of the range: read for it, or (`perVersion`) cut from the version's rows of every day. */
  async function dailyRows(binds: Record<string, BindValue> & { start_day: string; end_day: string }, ctx: EndpointContext): Promise<readonly Row[]> {
    if (!d.perVersion) return ctx.rows('rollup', binds);
    const whole = Object.assign({}, binds, { start_day: utcDay(ctx.manifest.first.timestamp), end_day: utcDay(ctx.now) });
    // The version's rows are frozen and shared: the cut is a new array of them, never a write into one.
    const all = (await ctx.versionRows(d.sql as never, whole as never)) as readonly Row[];
    return all.filter((r) => String(r.day) >= binds.start_day && String(r.day) <= binds.end_day);
  }

  async function items(p: P, ctx: EndpointContext): Promise<A[]> {
    const range = rangeOf(p as Record<string, unknown>, ctx.now, ctx.manifest.first.timestamp);
    p.range = range;
    const binds = { start_day: range.from, end_day: range.to, ...(d.filters?.(p) ?? {}) };
    // The rollup's (and own rollup's) rows are their templates' generated rows by construction (context.ts typedRows);
    // the granularity is one of the declared `G` (the parse maps every accepted value to one of them).
    const bucketed = (d.ownRollup && p.granularity !== 'day'
      ? latestPerBucket(await ctx.rows('own', Object.assign({}, binds, { granularity: p.granularity })))
      : bucketRows(byDay(await dailyRows(binds, ctx)), p.granularity, d.sum as readonly string[])) as unknown as B[];
    // Without `after` the rows are the bucketed ones and `A` is its default, B.
    let rows = d.after ? await d.after(bucketed, p, ctx) : (bucketed as unknown as A[]);
    p.rangeRows = rows.length;
    if (d.limit) {
      const asked = (p as Record<string, unknown>)[d.limit.param] as number | undefined;
      const n = Math.min(asked ?? d.limit.default, d.limit.max ?? Number.MAX_SAFE_INTEGER);
      rows = rows.slice(Math.max(0, rows.length - n));
    }
    return rows;
  }

  const meta: SeriesMeta = { kind: 'series', time: t, granularities: d.granularities, granularityParam: gParam, ...(d.limit ? { limit: d.limit } : {}) };
  const ep: Endpoint<P> & { series: SeriesMeta } = {
    path: d.path,
    method: 'GET',
    summary: d.summary,
    params: params as unknown as z.ZodType<P>,
    queries,
    ...(d.warm ? { warm: d.warm } : {}),
    async handle(p, ctx) {
      const rows = await items(p, ctx);
      const mapped = rows.map((r) => d.row(r, p));
      return d.envelope ? d.envelope(mapped, p, ctx, rows) : { total: p.rangeRows, data: mapped };
    },
    series: meta,
    response: d.response ?? z.looseObject({ data: z.array(z.looseObject({})) }),
    csv: {
      filename: `${d.path.replace(/^\/api\//, '').replace(/[^\w]+/g, '_')}.csv`,
      wanted: (p) => p.format === 'csv',
      async table(p, ctx) {
        // An item is an object of cells (the response schema's): its keys are the download's columns.
        const rows = (await items(p, ctx)).map((r) => d.row(r, p) as unknown as Record<string, Cell>);
        const columns = Object.keys(rows[0] ?? {});
        return { columns, rows: rows.map((r) => columns.map((c) => r[c] ?? null)) };
      },
    },
  };
  return ep as unknown as AnyEndpoint;
}
