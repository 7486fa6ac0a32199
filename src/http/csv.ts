/**
 * CSV output (ARCHITECTURE §4): RFC 4180 quoting by csv-stringify, a declared column list, and a guard against
 * formula injection: a text cell starting with = + - @ (or tab / carriage return) is prefixed with a quote so
 * spreadsheets show it as text.
 */
import { stringify } from 'csv-stringify/sync';
import type { Cell } from '../duckdb/duck.ts';

/** Neutralizes spreadsheet formulas in a cell, e.g. `guardCell('=SUM(A1)')` = `"'=SUM(A1)"`; numbers pass through. */
export function guardCell(v: Cell): string {
  if (v === null) return '';
  if (typeof v === 'object') return JSON.stringify(v, (_k, x: unknown) => (typeof x === 'bigint' ? x.toString() : x));
  const s = String(v);
  if (typeof v === 'string' && /^[=+\-@\t\r]/.test(s)) return `'${s}`;
  return s;
}

/** Encodes rows (arrays of cells in column order) as CSV lines, e.g. `csvLines([[1, 'a']])` = `'1,a\r\n'`. */
export function csvLines(rows: Cell[][]): string {
  return stringify(rows.map((r) => r.map(guardCell)), { record_delimiter: '\r\n' });
}
