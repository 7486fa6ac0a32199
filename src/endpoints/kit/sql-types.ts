/**
 * The typed SQL boundary's generator (issue 29, as sqlc and pgtyped do): every template an endpoint registry declares
 * (and its `-- @total` count, and the lookups' own) is run once over an in-memory DuckDB whose datasets, macros, views
 * and serving tables are the lake's, built empty from the catalog by the lake's own code (`createLakeViews` over
 * zero-row table entries, `createServingTables`): no lake is read. Its parameters come from the `-- @param` header,
 * its columns and their DuckDB types from the result; `renderSqlTypes` writes them as TypeScript
 * (sql-types.generated.ts, kept current by test/contract/sql-types.test.ts; `npm run sql-types` rewrites it).
 */
import { Db, type ResultColumn } from '../../duckdb/duck.ts';
import { BIND_TYPES } from '../../engine/engine.ts';
import { allDatasets } from '../../lake/datasets/index.ts';
import type { TableEntry } from '../../lake/manifest.ts';
import type { ParamType, SqlTemplate, TemplateParam } from '../../lake/sql-files.ts';
import { createLakeViews, createServingTables } from '../../lake/views.ts';
import { loadTemplates } from './context.ts';
import type { AnyEndpoint } from './endpoint.ts';

/** The generated file, relative to the repository root. */
export const SQL_TYPES_FILE = 'src/endpoints/kit/sql-types.generated.ts';

/** The TypeScript type a bind of each parameter type takes (the engine's `bind` converts numbers and bigints alike). */
const BIND_TS: Record<ParamType, string> = {
  BIGINT: 'number | bigint',
  INTEGER: 'number',
  VARCHAR: 'string',
  BOOLEAN: 'boolean',
  DOUBLE: 'number',
  'VARCHAR[]': 'readonly string[]',
  'BIGINT[]': 'readonly (number | bigint)[]',
  'INTEGER[]': 'readonly number[]',
};

// A non-NULL value per parameter type: a bound NULL loses its declared type (`$x AS c` then reads INTEGER, not the
// VARCHAR the template declares), so the columns are typed from values of the declared types.
const SAMPLE: Record<ParamType, unknown> = {
  BIGINT: 0n,
  INTEGER: 0,
  VARCHAR: '',
  BOOLEAN: false,
  DOUBLE: 0,
  'VARCHAR[]': [],
  'BIGINT[]': [],
  'INTEGER[]': [],
};

/** One template as typed: its caller-bound parameters and its result columns. */
export interface TypedTemplate {
  id: string;
  params: TemplateParam[];
  columns: ResultColumn[];
}

/** The SQL a template runs as (the engine's `sqlOf`: a whitelisted order in place of `{{order_by}}`; any order types the same). */
const runnable = (t: SqlTemplate): string => t.sql.replaceAll('{{order_by}}', '1');

/** Opens an in-memory DuckDB holding the lake's names over no rows (every dataset empty, chain state zero). */
export async function emptyLake(): Promise<Db> {
  const db = await Db.open({ threads: 1 });
  // A zero-row entry per dataset: createDatasetView then makes its empty table (raw facts with their `date` column),
  // and a bucketed copy with `runs` gets its address_rows_<name>(files) macro (reading the empty table).
  const tables: Record<string, TableEntry> = {};
  for (const ds of allDatasets) tables[ds.name] = { kind: ds.kind, rows: 0, ...(ds.kind === 'derived' && ds.bucketBy ? { runs: [] } : {}) };
  await createLakeViews(db, '/nonexistent-lake', tables, { solidBlock: 0 });
  await createServingTables({ run: (sql) => db.run(sql), count: async (sql) => Number(await db.scalar(sql)) });
  return db;
}

/** Types every template of `endpoints` (sorted by id), e.g. `(await typeTemplates(endpoints)).length`. */
export async function typeTemplates(endpoints: readonly AnyEndpoint[]): Promise<TypedTemplate[]> {
  const templates = await loadTemplates(endpoints);
  const all: SqlTemplate[] = [];
  for (const t of templates.values()) all.push(t, ...(t.total ? [t.total] : []));
  all.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const db = await emptyLake();
  try {
    const out: TypedTemplate[] = [];
    for (const t of all) {
      const values: Record<string, unknown> = {};
      const types: Record<string, (typeof BIND_TYPES)[ParamType]> = {};
      for (const p of t.params) {
        values[p.name] = SAMPLE[p.type];
        types[p.name] = BIND_TYPES[p.type];
      }
      let columns: ResultColumn[];
      try {
        columns = await db.resultColumns(runnable(t), values, types);
      } catch (e) {
        throw new Error(`${t.id}: cannot type over the empty lake: ${e instanceof Error ? e.message : String(e)}`);
      }
      out.push({ id: t.id, params: t.params.filter((p) => !p.files), columns });
    }
    return out;
  } finally {
    db.close();
  }
}

/** `transaction/transfer-statistics.total` → `TransactionTransferStatisticsTotal`. */
export function typeName(id: string): string {
  return id
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('');
}

const key = (name: string): string => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name));

/** The generated file's text for typed templates, deterministic (sorted by id, columns in result order). */
export function renderTypes(typed: readonly TypedTemplate[]): string {
  const names = new Map<string, string>();
  for (const t of typed) {
    const n = typeName(t.id);
    const other = names.get(n);
    if (other !== undefined) throw new Error(`templates ${other} and ${t.id} give the same type name ${n}`);
    names.set(n, t.id);
  }
  const out: string[] = [
    '// Generated by src/endpoints/kit/sql-types.ts (`npm run sql-types`); do not edit: test/contract/sql-types.test.ts',
    '// fails when it differs from the templates. Columns are typed as duck.ts `toCell` returns them (64-bit integers',
    '// `number | bigint`, decimals and dates strings, lists arrays, structs objects). DuckDB reports no nullability, so',
    '// every column is `| null`; a bind may be null too (the engine binds SQL NULL).',
    '',
  ];
  for (const t of typed) {
    const n = typeName(t.id);
    out.push(`/** Binds of sql/${t.id.replace(/\.total$/, '')}.sql${t.id.endsWith('.total') ? ' (its -- @total count)' : ''}. */`);
    out.push(t.params.length ? `export interface ${n}Params {` : `export type ${n}Params = Record<string, never>;`);
    if (t.params.length) {
      for (const p of t.params) out.push(`  ${key(p.name)}: ${BIND_TS[p.type]} | null;`);
      out.push('}');
    }
    out.push(`/** A row of ${t.id}. */`);
    // A name given twice in a select list is one key of the row object: the last column's value (and type) wins.
    const cols = new Map<string, ResultColumn>();
    for (const c of t.columns) {
      cols.delete(c.name);
      cols.set(c.name, c);
    }
    out.push(`export interface ${n}Row {`);
    for (const c of cols.values()) out.push(`  /** ${c.duckType.replace(/\*\//g, '* /')} */`, `  ${key(c.name)}: ${c.cellType} | null;`);
    out.push('}', '');
  }
  out.push('/** Rows of every template, by id. */', 'export interface SqlRows {');
  for (const t of typed) out.push(`  ${JSON.stringify(t.id)}: ${typeName(t.id)}Row;`);
  out.push('}', '', '/** Binds of every template, by id. */', 'export interface SqlParams {');
  for (const t of typed) out.push(`  ${JSON.stringify(t.id)}: ${typeName(t.id)}Params;`);
  out.push('}', '', '/** A template id the registry declares. */', 'export type SqlId = keyof SqlRows;', '');
  return out.join('\n');
}

/** The generated file's text for a registry, e.g. `writeFileSync(SQL_TYPES_FILE, await renderSqlTypes(endpoints))`. */
export async function renderSqlTypes(endpoints: readonly AnyEndpoint[]): Promise<string> {
  return renderTypes(await typeTemplates(endpoints));
}
