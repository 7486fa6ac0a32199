/**
 * Reads the SQL files of sql/: endpoint templates (with their machine-read parameter header), derive statements
 * and view definitions. One statement per file; the file path (without .sql) is the statement id.
 *
 * Header format (one line per bound parameter, explicit DuckDB type):
 *   -- @param producer VARCHAR
 *   -- @param start_ts BIGINT
 *   -- @param confirm INTEGER[]
 * A template may contain `{{order_by}}`, replaced by a sort constant from the endpoint's closed whitelist.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const SQL_ROOT = fileURLToPath(new URL('../../sql/', import.meta.url));

export type ParamType = 'BIGINT' | 'INTEGER' | 'VARCHAR' | 'BOOLEAN' | 'DOUBLE' | 'VARCHAR[]' | 'BIGINT[]' | 'INTEGER[]';
const PARAM_TYPES: readonly string[] = ['BIGINT', 'INTEGER', 'VARCHAR', 'BOOLEAN', 'DOUBLE', 'VARCHAR[]', 'BIGINT[]', 'INTEGER[]'];

export interface SqlTemplate {
  id: string;
  sql: string;
  params: { name: string; type: ParamType }[];
}

/** Parses a template's header, e.g. `parseTemplate('block/block', '-- @param n BIGINT\nselect $n')`. */
export function parseTemplate(id: string, text: string): SqlTemplate {
  const params: SqlTemplate['params'] = [];
  for (const line of text.split('\n')) {
    const m = /^--\s*@param\s+([a-z_][a-z0-9_]*)\s+(\S+)\s*$/i.exec(line.trim());
    if (!m) continue;
    const type = m[2]!.toUpperCase();
    if (!PARAM_TYPES.includes(type)) throw new Error(`${id}.sql: unsupported parameter type ${type}`);
    params.push({ name: m[1]!, type: type as ParamType });
  }
  const used = new Set([...text.matchAll(/\$([a-z_][a-z0-9_]*)/gi)].map((m) => m[1]!));
  for (const p of params) if (!used.has(p.name)) throw new Error(`${id}.sql: @param ${p.name} is never used`);
  for (const u of used) if (!params.some((p) => p.name === u)) throw new Error(`${id}.sql: $${u} has no @param line`);
  return { id, sql: text, params };
}

/** Loads `sql/<id>.sql`, e.g. `await loadTemplate('block/block')`. */
export async function loadTemplate(id: string): Promise<SqlTemplate> {
  const text = await fs.readFile(path.join(SQL_ROOT, `${id}.sql`), 'utf8');
  return parseTemplate(id, text);
}

/** The SELECT of `sql/derive/<name>.sql`, without trailing semicolon. */
export async function readDeriveSql(name: string): Promise<string> {
  return stripStatement(await fs.readFile(path.join(SQL_ROOT, 'derive', `${name}.sql`), 'utf8'));
}

/** Every `sql/views/<name>.sql` as { name, sql }, in name order (a view may only use earlier ones and datasets). */
export async function readViewSqls(): Promise<{ name: string; sql: string }[]> {
  const dir = path.join(SQL_ROOT, 'views');
  const files = (await fs.readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.sql')).sort();
  const out: { name: string; sql: string }[] = [];
  for (const f of files) {
    out.push({ name: f.replace(/^\d+-/, '').replace(/\.sql$/, ''), sql: stripStatement(await fs.readFile(path.join(dir, f), 'utf8')) });
  }
  return out;
}

function stripStatement(text: string): string {
  return text
    .split('\n')
    .filter((l) => !l.trim().startsWith('--'))
    .join('\n')
    .trim()
    .replace(/;\s*$/, '');
}
