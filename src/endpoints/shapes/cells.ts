/**
 * The cell converters, once (issue 29): what a NULL cell of a query becomes in an answer, and how an integer cell
 * keeps its exact value. Rows are typed (sql-types.generated.ts), so a converter here is never a guard against a
 * misspelt column: it says what the reference shows for a value the lake lacks ('' or 0, or null / left out when
 * the figure has no source), or that an amount stays exact. Every column DuckDB reports is nullable, so reading a
 * cell through one of these is the explicit choice of that default.
 */
import type { Cell, Row } from '../../duckdb/duck.ts';
import { exactInteger } from '../../params/amounts.ts';

/**
 * The columns a helper reads, e.g. `Columns<'tx_hash' | 'fee'>`: a typed row of any template holding them is one (a
 * template without one of them is a compile error, and so is a helper reading a column it does not name).
 */
export type Columns<K extends string> = { readonly [P in K]: Cell | undefined };

/**
 * `Columns<K>`, or an untyped `Row` where one still arrives: a download plan's row mapper (kit/endpoint.ts
 * `CsvPlan.item`) and the list declarations not yet on typed rows. A typed row is checked as `Columns<K>`.
 */
export type ColumnsOrRow<K extends string> = Columns<K> | Row;

/**
 * `fresh` with `more`'s fields after its own, as `{ ...fresh, ...more }` reads, without the copy, e.g.
 * `withFields(rowFromKeyFile, { confirmed: true })`. On Node 20 (V8 11) each field written after a spread costs about
 * 1 µs (the copy's map has no transitions to reuse), 10-80 times a field added to a literal: a list row built as
 * `{ ...shape(r), more }` paid it per field per row (transaction pages, issue 32). `fresh` must be an object the caller
 * just built (a shape function's literal, a key-file row), never a shared one: it is changed in place.
 */
export function withFields<A extends object, B extends object>(fresh: A, more: B): Omit<A, keyof B> & B {
  return Object.assign(fresh, more) as Omit<A, keyof B> & B;
}

/** Text, '' for NULL (the reference's empty string), e.g. `str(null)` = ''. */
export const str = (v: Cell | undefined): string => (v === null || v === undefined ? '' : String(v));

/** A number (counts, sizes: below 2^53), 0 for NULL (the reference's zero), e.g. `numOr0(null)` = 0. */
export const numOr0 = (v: Cell | undefined): number => (v === null || v === undefined ? 0 : Number(v));

/** A number, null for NULL (a figure without a source stays unknown, docs/compat.md "Whole-chain figures"). */
export const numOrNull = (v: Cell | undefined): number | null => (v === null || v === undefined ? null : Number(v));

/** A bigint of an integer cell (sun amounts), null for NULL. */
export const bigOrNull = (v: Cell | undefined): bigint | null => (v === null || v === undefined ? null : BigInt(v as string | number | bigint));

/** An exact integer (params/amounts.ts `exactInteger`: throws on a fraction), null for NULL. */
export const exactOrNull = (v: Cell | undefined): bigint | null => (v === null || v === undefined ? null : exactInteger(v));

/** An exact integer as JSON: a number when it is safe, else a bigint (written as digits); NULL is 0. */
export const exactJson = (v: Cell | undefined): number | bigint => {
  const b = exactInteger(v ?? 0);
  return b <= BigInt(Number.MAX_SAFE_INTEGER) && b >= -BigInt(Number.MAX_SAFE_INTEGER) ? Number(b) : b;
};
