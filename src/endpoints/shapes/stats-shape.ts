/**
 * What the statistics endpoints share (SPEC §4.2, §4.10; shapes: reference responses-tokens-statistics.md §1,
 * responses-contract-tx-witness-block-security-home.md §6): the overview envelope, day-over-day rates, extreme rows,
 * sun → TRX, and where cumulative series start (pre-window totals, docs/compat.md "Network statistics").
 */
import { z } from 'zod';
import type { Cell } from '../../duckdb/duck.ts';
import type { ColumnsOrRow } from './cells.ts';
import { ratioNumber, scaledNumber } from '../../params/amounts.ts';
import type { JsonDecimal } from '../../wire/json.ts';
import type { EndpointContext } from '../kit/endpoint.ts';
import { count, empty, exactNumber } from '../kit/schemas.ts';

/** UTC midnight of a day string in ms, e.g. `dayMs('2026-10-01')` = 1790812800000. */
export function dayMs(day: Cell | undefined): number {
  return Date.parse(`${String(day)}T00:00:00Z`);
}

// The cell converters live once in cells.ts: `num` a count (far below 2^53) and `big` an exact sun amount, NULL as
// null each; the statistics declarations import them from here.
export { numOrNull as num, bigOrNull as big } from './cells.ts';

/** An integer the exact ratio helpers take (a bigint, or a number that is a safe integer). */
const exact = (v: number | bigint): boolean => typeof v === 'bigint' || Number.isSafeInteger(v);

/**
 * Change from `prev` to `cur` as a fraction rounded to 4 places, e.g. `rate(110, 100)` = 0.1; null without a base.
 * Counts and sums are rounded once from the exact integers (ratioNumber, half up); only a figure that is not an
 * integer (a USD value) goes through doubles.
 */
export function rate(cur: number | bigint | null, prev: number | bigint | null | undefined): number | null {
  if (cur === null || prev === null || prev === undefined || Number(prev) === 0) return null;
  if (exact(cur) && exact(prev)) return ratioNumber(BigInt(cur) - BigInt(prev), BigInt(prev), 4);
  return Math.round(((Number(cur) - Number(prev)) / Number(prev)) * 10_000) / 10_000;
}

/**
 * A ratio rounded to `places` decimals, null when the base is zero or unknown, e.g. `share(1, 3)` = 0.3333: once,
 * from the exact integers (ratioNumber, half up), or through doubles for a figure that is not an integer (USD).
 */
export function share(part: number | bigint | null, whole: number | bigint | null, places = 4): number | null {
  if (part === null || whole === null || Number(whole) === 0) return null;
  if (exact(part) && exact(whole)) return ratioNumber(part, whole, places);
  const f = 10 ** places;
  return Math.round((Number(part) / Number(whole)) * f) / f;
}

/** Sun → whole TRX as an exact JSON number, e.g. `trx(1_500_000n)` prints 1.5; null stays null. */
export function trx(sun: bigint | null): JsonDecimal | null {
  return sun === null ? null : scaledNumber(sun, 6);
}

/** The rows with the largest and smallest `key` (first one on ties), copies of the rows; `{}` each when empty. */
export function extremes<T extends Record<string, unknown>>(items: T[], key: keyof T): { max: T | Record<string, never>; min: T | Record<string, never> } {
  let max: T | undefined;
  let min: T | undefined;
  for (const it of items) {
    const v = it[key];
    if (v === null || v === undefined) continue;
    if (max === undefined || Number(v) > Number(max[key])) max = it;
    if (min === undefined || Number(v) < Number(min[key])) min = it;
  }
  return { max: max ? { ...max } : {}, min: min ? { ...min } : {} };
}

/** The overview envelope (reference §1.1 "Overview series", SPEC §2.7), `lastUpdateSeconds` = the head block time. */
export function overviewEnvelope(data: unknown[], ctx: EndpointContext): Record<string, unknown> {
  return { code: 200, success: true, message: 'request ok', status: '1', lastUpdateSeconds: Math.floor(ctx.now / 1000), data };
}

/**
 * Where the running totals of the cumulative series start (docs/compat.md "Network statistics"; the chain totals
 * are computed per version in sql/serving/daily_network_series.sql): from the pre-window totals when the lake has
 * them, from zero when it starts at genesis, else from the lake's first day, which the response names:
 * `{ countedFrom: '2026-08-03' }` from rows carrying `counted_from`, `{}` otherwise (no rows: nothing to qualify).
 */
export function countedFrom(rows: readonly ColumnsOrRow<'counted_from'>[]): { countedFrom?: string } {
  const from = rows[0]?.counted_from;
  return from === null || from === undefined ? {} : { countedFrom: String(from) };
}

// Response-schema pieces of the group (kit/schemas.ts holds the general ones).

/** A UTC day string, e.g. "2026-10-01" (reference: day, dayStr, dateDayStr, day_string). */
export const dayString = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
/** UTC midnight of a day in ms (`dayMs`). */
export const dayStartMs = count;
/** A `rate` / `share` fraction: null without a base (the first day of the lake, a zero or unknown base). */
export const fraction = z.number().nullable();
/** A count the lake may lack (a whole-chain total without its anchor, no token totals): null, never estimated (docs/compat.md "Whole-chain figures"). */
export const unknownCount = count.nullable();
/** Whole TRX as an exact JSON number (`trx`). */
export const trxAmount = exactNumber;

/** The overview envelope's fields (`overviewEnvelope`) around `data`. */
export const overviewFields = { code: z.literal(200), success: z.literal(true), message: z.string(), status: z.literal('1'), lastUpdateSeconds: count };

/** The overview envelope of `item` rows; `countedFrom` for a cumulative series whose lake lacks pre-window totals. */
export function overviewResponse(item: z.ZodType, opts: { cumulative?: boolean } = {}) {
  return z.object(Object.assign({}, overviewFields, opts.cumulative ? { countedFrom: dayString.optional() } : {}, { data: z.array(item) }));
}

/** One extreme row (`extremes`): a copy of an item, `{}` when the answer has no rows. */
export const extremeOf = (item: z.ZodType) => z.union([item, empty]);
