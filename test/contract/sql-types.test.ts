/**
 * The typed SQL boundary (issue 29): src/endpoints/kit/sql-types.generated.ts is what the generator makes from the
 * templates today (as docs/datasets.md is kept current), the empty names it types over have the test lake's column
 * types (KNOWN_TYPE_DRIFT aside), its column types are what `toCell` really returns, and a
 * misspelt column or bind of a typed template is a compile error, in `ctx.typedRows` and in the rows a `defineList` or
 * `defineSeries` declaration receives (the `@ts-expect-error` lines below: tsc --noEmit checks this file and fails if
 * any of them stops being an error).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cellTypeText, Db, toCell, type Cell } from '../../src/duckdb/duck.ts';
import { endpoints } from '../../src/endpoints/index.ts';
import type { EndpointContext } from '../../src/endpoints/kit/endpoint.ts';
import { csvStatement, listCsv } from '../../src/endpoints/kit/exports.ts';
import { defineList } from '../../src/endpoints/kit/list.ts';
import { defineSeries } from '../../src/endpoints/kit/series.ts';
import type { SqlRows } from '../../src/endpoints/kit/sql-types.generated.ts';
import { emptyLake, renderTypes, SQL_TYPES_FILE, typeTemplates, type TypedTemplate } from '../../src/endpoints/kit/sql-types.ts';
import { allDatasets } from '../../src/lake/datasets/index.ts';
import { keysOnly } from '../../src/lake/datasets/growth.ts';
import { versionDir } from '../../src/lake/manifest.ts';
import { readServingSqls, readViewSqls } from '../../src/lake/sql-files.ts';
import { createLakeViews, createServingTables } from '../../src/lake/views.ts';
import { lakeDir, testManifest } from '../helpers/lake.ts';

/**
 * Datasets whose files hold another type than the catalog declares, found by the test below. None: every writer casts
 * each column to its catalog type (src/lake/datasets/types.ts `typedColumns`; test/lake/written-types.test.ts checks
 * every file of every dataset).
 */
const KNOWN_TYPE_DRIFT: string[] = [];

describe('sql-types.generated.ts', () => {
  let typed: TypedTemplate[] = [];

  it('is current with the templates (run `npm run sql-types` after changing a template, a dataset or the registry)', async () => {
    typed = await typeTemplates(endpoints);
    const committed = readFileSync(new URL(`../../${SQL_TYPES_FILE}`, import.meta.url), 'utf8');
    expect(committed).toBe(renderTypes(typed));
  });

  it('types every template the registry declares, and each declared count', () => {
    const ids = new Set(typed.map((t) => t.id));
    for (const ep of endpoints) for (const id of Object.values(ep.queries)) expect(ids.has(id), id).toBe(true);
    expect(ids.has('transaction/transfer-statistics')).toBe(true);
    expect([...ids].some((id) => id.endsWith('.total'))).toBe(true);
    for (const t of typed) expect(t.columns.length, t.id).toBeGreaterThan(0);
  });

  // The premise of typing over empty tables: every name a template reads has the same columns and types over the
  // catalog's empty tables as over a published lake's Parquet files (datasets, sql/views, sql/serving tables).
  it('reads names whose column types are those of the test lake', async () => {
    const manifest = await testManifest();
    const real = await Db.open({ threads: 1 });
    const empty = await emptyLake();
    try {
      await createLakeViews(real, versionDir(lakeDir(), manifest), manifest.tables, { solidBlock: manifest.solidBlock, head: manifest.head, first: manifest.first });
      await createServingTables({ run: (q) => real.run(q), count: async (q) => Number(await real.scalar(q)) });
      const names = [
        // A keys-only copy has no name in SQL (no Parquet, no view): the catalog has none either, so a template naming it fails to type.
        ...allDatasets.filter((d) => (manifest.tables[d.name] || d.kind === 'reference' || d.kind === 'snapshot') && !keysOnly(d)).map((d) => d.name),
        ...(await readViewSqls()).map((v) => v.name),
        ...(await readServingSqls()).map((v) => v.name),
      ];
      const columns = async (db: Db, name: string) => (await db.all(`DESCRIBE SELECT * FROM ${name}`)).map((r) => `${String(r.column_name)} ${String(r.column_type)}`);
      expect(names.length).toBeGreaterThan(50);
      const differ: string[] = [];
      for (const name of names) {
        const [e, r] = [await columns(empty, name), await columns(real, name)];
        if (JSON.stringify(e) !== JSON.stringify(r)) differ.push(`${name}: catalog ${e.filter((c) => !r.includes(c)).join(', ')}; lake ${r.filter((c) => !e.includes(c)).join(', ')}`);
      }
      expect(differ).toEqual(KNOWN_TYPE_DRIFT);
    } finally {
      real.close();
      empty.close();
    }
  });
});

/** The JS type names of a Cell as `cellTypeText` writes them (`{` for an object, `[` for an array). */
function kindOf(c: Cell): string {
  if (c === null) return 'null';
  if (Array.isArray(c)) return '[';
  return typeof c === 'object' ? '{' : typeof c;
}

describe('cellTypeText', () => {
  // One value per family of DuckDB types, converted by toCell as the engine does, against the declared text.
  const cases: [sql: string, text: string][] = [
    ['42::BIGINT', 'number | bigint'],
    ['(2::BIGINT ** 60)::BIGINT', 'number | bigint'],
    ['170141183460469231731687303715884105727::HUGEINT', 'number | bigint'],
    ['7::UBIGINT', 'number | bigint'],
    ['7::INTEGER', 'number'],
    ['7::SMALLINT', 'number'],
    ['1.5::DOUBLE', 'number'],
    ['1.5::FLOAT', 'number'],
    ['123.45::DECIMAL(38,2)', 'string'],
    ["'a'::VARCHAR", 'string'],
    ['true', 'boolean'],
    ["DATE '2026-01-02'", 'string'],
    ["TIMESTAMP '2026-01-02 03:04:05'", 'string'],
    ["TIMESTAMPTZ '2026-01-02 03:04:05+00'", 'string'],
    ["INTERVAL '1 day'", 'string'],
    ["'00000000-0000-0000-0000-000000000001'::UUID", 'string'],
    ["['a', NULL]::VARCHAR[]", '(string | null)[]'],
    ['[1, 2]::BIGINT[]', '(number | bigint | null)[]'],
    ["{'x': 1, 'y': 'b'}", '{ "x": number | null; "y": string | null }'],
    ['[1, 2]::INTEGER[2]', 'string'],
    ["MAP {'k': 1}", 'string'],
    // A bare NULL is typed INTEGER by DuckDB at the result, so 'null' (SQLNULL) is never a column's type in practice.
    ['NULL', 'number'],
  ];

  it('is the type toCell returns, for each family of DuckDB types', async () => {
    const db = await Db.open({ threads: 1 });
    try {
      for (const [expr, text] of cases) {
        const [col] = await db.resultColumns(`SELECT ${expr} AS v`, {}, {});
        expect(col!.cellType, expr).toBe(text);
        const reader = await db.conn.runAndReadAll(`SELECT ${expr} AS v`);
        const cell = toCell(reader.getRows()[0]![0]!);
        const kind = kindOf(cell);
        const allowed = text.startsWith('(') ? ['['] : text.startsWith('{') ? ['{'] : text.split(' | ');
        // Every generated column adds `| null`; no case here but NULL is a NULL value.
        expect(expr === 'NULL' ? ['null'] : allowed, `${expr} → ${String(cell)}`).toContain(kind);
        if (Array.isArray(cell)) for (const item of cell) expect([...text.slice(1, text.indexOf(')')).split(' | ')], expr).toContain(kindOf(item));
        if (kind === '{') expect(Object.keys(cell as object), expr).toEqual(['x', 'y']);
      }
    } finally {
      db.close();
    }
  });
});

// Type-level proofs, never run: each @ts-expect-error line must be an error, or tsc fails on this file.
export function typedBoundaryCompileChecks(row: SqlRows['transaction/transfer-statistics'], ctx: EndpointContext): void {
  const exact: number | bigint | null = row.trx_count;
  const decimal: string | null = row.trx_amount_sun;
  // @ts-expect-error a misspelt column is a compile error (untyped rows read it as undefined)
  void row.trx_cont;
  // @ts-expect-error a DECIMAL column is a string, not a number
  const wrong: number | null = row.trx_amount_sun;
  // @ts-expect-error a misspelt bind is a compile error
  void ctx.typedRows('transaction/transfer-statistics', { last_dy: '2026-01-01' });
  // @ts-expect-error a missing bind is a compile error
  void ctx.typedRows('transaction/transfer-statistics', {});
  // @ts-expect-error an id that is no template is a compile error
  void ctx.typedRows('transaction/transfer-statistic', { last_day: '2026-01-01' });
  void [exact, decimal, wrong];
}

// The rows of a list and of a series are typed from their declared SQL ids, without a type written: never run either.
const paging = { defaultLimit: 10, maxLimit: 50, sumRule: false };
export function listCompileChecks(): void {
  defineList({
    path: '/api/x',
    summary: 'x',
    params: {},
    paging,
    sql: { rows: 'block/block', also: { wholeChain: 'common/whole_chain_tx_count' } },
    filters: () => ({}),
    // @ts-expect-error a misspelt lookup column is a compile error
    lookups: { addresses: (r) => [String(r.witnes_address)] },
    // @ts-expect-error a misspelt column in a list's row mapper is a compile error
    row: (r) => ({ number: r.block_numbr }),
    // @ts-expect-error a misspelt column of an `also` statement's rows is a compile error
    envelope: (items, x) => ({ data: items, wholeChainTxCount: x.also.wholeChain[0]?.m }),
  });
  defineList({
    path: '/api/x',
    summary: 'x',
    params: {},
    paging,
    sql: { rows: 'block/block' },
    filters: () => ({}),
    row: (r) => ({ number: r.block_number, hash: r.block_hash }),
  });
}

export function seriesCompileChecks(): void {
  const time = { days: 'days', unit: 'ms', maxDays: 10, defaultDays: 5 } as const;
  // @ts-expect-error a misspelt column in a series' row mapper is a compile error
  defineSeries({ path: '/api/x', summary: 'x', time, granularities: ['day'], sql: 'statistics/daily-transaction-num', sum: [], row: (r) => ({ n: r.tx_cont }) });
  defineSeries({ path: '/api/x', summary: 'x', time, granularities: ['day'], sql: 'statistics/daily-transaction-num', sum: [], row: (r) => ({ day: r.day, n: r.tx_count }) });
  // @ts-expect-error a misspelt summed column is a compile error
  defineSeries({ path: '/api/x', summary: 'x', time, granularities: ['day', 'month'], sql: 'statistics/daily-transaction-num', sum: ['tx_cont'], row: (r) => r.day });
  // @ts-expect-error a DECIMAL (string) column may not be summed: the bucket sum would be a float
  defineSeries({ path: '/api/x', summary: 'x', time, granularities: ['day', 'month'], sql: 'statistics/active-statistic', sum: ['trx_amount_raw'], row: (r) => r.day });
  defineSeries({
    path: '/api/x',
    summary: 'x',
    time,
    granularities: ['day', 'month'],
    sql: 'statistics/active-statistic',
    sum: ['tx_count'],
    // @ts-expect-error a column not summed is absent from a month bucket: reading it is a compile error
    row: (r) => ({ day: r.day, n: r.tx_count, senders: r.sender_count }),
  });
  defineSeries({
    path: '/api/x',
    summary: 'x',
    time,
    granularities: ['day'],
    sql: 'statistics/daily-transaction-num',
    sum: [],
    // `after` makes the rows `row` receives (inferred from its return).
    after: (rows) => rows.map((r) => ({ ...r, doubled: Number(r.tx_count) * 2 })),
    // @ts-expect-error a misspelt column of the rows `after` made is a compile error
    row: (r) => ({ day: r.day, n: r.doubled, m: r.doubeld }),
  });
}

// A download's statement (kit/exports.ts csvStatement) types its row → item mapper and binds by the template.
export function exportCompileChecks(): void {
  const binds = { block: 1, producer: null, hash: null, lim: 10, off: 0, start_ts: null, end_ts: null, start_day: null, end_day: null };
  listCsv<{ format: 'json' | 'csv' }>('/api/x', ['n'], async () => csvStatement('block/block', binds, (r) => ({ n: r.block_number })));
  // @ts-expect-error a misspelt column in a download's item mapper is a compile error
  void csvStatement('block/block', binds, (r) => ({ n: r.block_numbr }));
  // @ts-expect-error a misspelt bind of a download's statement is a compile error
  void csvStatement('block/block', { ...binds, blok: 1 });
}
