/**
 * CSV output (ARCHITECTURE §4): RFC 4180 lines (CRLF; a cell holding a comma, a quote, CR or LF is quoted, quotes
 * doubled), a declared column list, and a guard against formula injection: a text cell starting with = + - @ (or tab /
 * carriage return) is prefixed with a quote so spreadsheets show it as text. Written by hand, not with csv-stringify:
 * the rule is three lines, and encoding was a third of an export's time with it (measured: 200,000 blocks encoded in
 * 11.5 s with csv-stringify, 1.5 s with this, same machine and load).
 */
import type { Cell, TextKind } from '../duckdb/duck.ts';
import { JsonDecimal } from '../wire/json.ts';

/** Neutralizes spreadsheet formulas in a cell, e.g. `guardCell('=SUM(A1)')` = `"'=SUM(A1)"`; numbers pass through. */
export function guardCell(v: Cell): string {
  if (v === null) return '';
  // An exact decimal (scaled amount) is its digits, as in JSON.
  if ((v as unknown) instanceof JsonDecimal) return (v as unknown as JsonDecimal).digits;
  if (typeof v === 'object') return JSON.stringify(v, (_k, x: unknown) => (typeof x === 'bigint' ? x.toString() : x));
  const s = String(v);
  if (typeof v === 'string' && /^[=+\-@\t\r]/.test(s)) return `'${s}`;
  return s;
}

/** Encodes rows (arrays of cells in column order) as CSV lines, e.g. `csvLines([[1, 'a']])` = `'1,a\r\n'`. */
export function csvLines(rows: readonly (readonly Cell[])[]): string {
  let out = '';
  for (const r of rows) {
    for (let i = 0; i < r.length; i++) {
      const c = guardCell(r[i]!);
      if (i > 0) out += ',';
      out += NEEDS_QUOTES.test(c) ? `"${c.replace(/"/g, '""')}"` : c;
    }
    out += '\r\n';
  }
  return out;
}

const NEEDS_QUOTES = /[",\r\n]/;

/**
 * `csvLines`' rule as one SQL expression over a statement's columns (`q`.`name`), for large downloads: DuckDB writes
 * each line and JS only joins them, where reading every cell into JS took half an export's time
 * (bench/results/export-speed.md). Undefined when a column's type is one only TypeScript prints (`textKindOf`) or a
 * name comes twice: the export then reads cells. The same bytes as `csvLines` over `toCell` cells
 * (test/http/csv-lines.test.ts): a text cell (a DECIMAL is its text, as toCell gives it) is guarded, then quoted;
 * integers and booleans are their digits and words.
 */
export function csvLineSql(columns: readonly { name: string; kind: TextKind | null }[]): string | undefined {
  // A name twice would be ambiguous as q."name" (DuckDB renames the second in the subquery).
  if (columns.length === 0 || columns.some((c) => c.kind === null) || new Set(columns.map((c) => c.name)).size < columns.length) return undefined;
  const cells = columns.map((c) => {
    const v = `CAST(q."${c.name.replace(/"/g, '""')}" AS VARCHAR)`;
    if (c.kind !== 'text') return `coalesce(${v}, '')`;
    const guarded = `CASE WHEN regexp_matches(${v}, '^[=+\\-@\\t\\r]') THEN '''' || ${v} ELSE ${v} END`;
    return `coalesce(CASE WHEN regexp_matches(${v}, '[",\\r\\n]') THEN '"' || replace(${guarded}, '"', '""') || '"' ELSE ${guarded} END, '')`;
  });
  return cells.join(` || ',' || `);
}

/**
 * Writes one chunk of an export to a slow or stalled reader without holding a pooled connection forever: when the
 * socket buffer is full it waits for 'drain' at most `stallMs` (then the connection is destroyed) or until `signal`
 * aborts (the export's deadline). Returns false when the export must stop (client gone, stalled or out of time).
 */
export async function writeOrDrop(res: import('node:http').ServerResponse, chunk: string, stallMs: number, signal?: AbortSignal): Promise<boolean> {
  if (res.destroyed || signal?.aborted) return false;
  if (res.write(chunk)) return !res.destroyed;
  const drained = await new Promise<boolean>((resolve) => {
    const finish = (ok: boolean): void => {
      clearTimeout(timer);
      res.off('drain', onDrain);
      res.off('close', onClose);
      signal?.removeEventListener('abort', onAbort);
      resolve(ok);
    };
    const onDrain = (): void => finish(true);
    const onClose = (): void => finish(false);
    const onAbort = (): void => finish(false);
    const timer = setTimeout(() => finish(false), stallMs);
    res.once('drain', onDrain);
    res.once('close', onClose);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
  if (!drained) res.destroy();
  return drained && !res.destroyed;
}
