/**
 * Reads the SQL files of sql/: endpoint templates (with their machine-read parameter header), derive statements
 * and view definitions. One statement per file; the file path (without .sql) is the statement id.
 *
 * Header format (one line per bound parameter, explicit DuckDB type):
 *   -- @param producer VARCHAR
 *   -- @param start_ts BIGINT
 *   -- @param confirm INTEGER[]
 *   -- @total            (optional: the template's count is derived from it, see `totalOf`)
 *   -- @files address_transactions_files address_transactions address
 *                        (a VARCHAR[] the engine binds itself: the files of a bucketed runs dataset that may hold the
 *                        rows of the address bound to the last name, from the served manifest; src/lake/derive/address-ranges.ts)
 * A template may contain `{{order_by}}`, replaced by a sort constant from the endpoint's closed whitelist, and
 * fragments `{{> fragments/window t}}` (the file `sql/fragments/window.sql`, its `{{1}}` replaced by `t`), whose
 * `@param` lines come with them. The boundary is strict (`checkBinds`): every bind key must be a declared parameter,
 * every declared parameter must be bound, and `{{order_by}}` must receive an order (and only it may).
 */
import { readFileSync, promises as fs } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const SQL_ROOT = fileURLToPath(new URL('../../sql/', import.meta.url));

export type ParamType = 'BIGINT' | 'INTEGER' | 'VARCHAR' | 'BOOLEAN' | 'DOUBLE' | 'VARCHAR[]' | 'BIGINT[]' | 'INTEGER[]';
const PARAM_TYPES: readonly string[] = ['BIGINT', 'INTEGER', 'VARCHAR', 'BOOLEAN', 'DOUBLE', 'VARCHAR[]', 'BIGINT[]', 'INTEGER[]'];

/** A template parameter; `files`: bound by the engine, not the caller (an `@files` line). */
export interface TemplateParam {
  name: string;
  type: ParamType;
  files?: { dataset: string; address: string };
}

export interface SqlTemplate {
  id: string;
  sql: string;
  params: TemplateParam[];
  /** The template marks where a whitelisted ORDER BY constant goes. */
  ordered?: boolean;
  /** The count of the rows statement (`-- @total`), derived at load. */
  total?: SqlTemplate;
}

const FRAGMENT_RE = /\{\{>\s*([\w./-]+)((?:\s+[\w."]+)*)\s*\}\}/g;

/** Reads a fragment's text by id (file sql/<id>.sql): the loader's, or a map in unit tests. */
export type FragmentSource = (id: string) => string;

const fileFragments: FragmentSource = (id) => readFileSync(path.join(SQL_ROOT, `${id}.sql`), 'utf8');

/**
 * Expands `{{> id arg1 arg2}}` with the fragment's text, `{{1}}`, `{{2}}` replaced by the arguments, recursively, e.g.
 * `expandFragments('… WHERE {{> fragments/window t}}', src)`. A fragment may not include itself.
 */
export function expandFragments(id: string, text: string, source: FragmentSource = fileFragments, seen: string[] = []): string {
  // Comment lines are left as they are: a fragment named in prose is not included.
  return text
    .split('\n')
    .map((line) => (line.trim().startsWith('--') ? line : expandLine(id, line, source, seen)))
    .join('\n');
}

function expandLine(id: string, text: string, source: FragmentSource, seen: string[]): string {
  return text.replace(FRAGMENT_RE, (_m, fid: string, rawArgs: string) => {
    if (seen.includes(fid) || fid === id) throw new Error(`${id}.sql: fragment ${fid} includes itself`);
    const args = rawArgs.trim() === '' ? [] : rawArgs.trim().split(/\s+/);
    let body: string;
    try {
      body = source(fid);
    } catch {
      throw new Error(`${id}.sql: fragment ${fid} not found`);
    }
    body = body.replace(/\{\{(\d)\}\}/g, (m2, n: string) => {
      const a = args[Number(n) - 1];
      if (a === undefined) throw new Error(`${id}.sql: fragment ${fid} needs argument ${n}`);
      return a;
    });
    // On lines of its own, so its header lines stay whole lines.
    return `\n${expandFragments(id, body.trim().replace(/;\s*$/, ''), source, [...seen, fid])}\n`;
  });
}

/** Parses a template's header (after expanding fragments), e.g. `parseTemplate('block/block', '-- @param n BIGINT\nselect $n')`. */
export function parseTemplate(id: string, text: string, fragments: FragmentSource = fileFragments): SqlTemplate {
  const sql = expandFragments(id, text, fragments);
  const params: SqlTemplate['params'] = [];
  let wantsTotal = false;
  for (const line of sql.split('\n')) {
    if (/^--\s*@total\s*$/.test(line.trim())) wantsTotal = true;
    const m = /^--\s*@param\s+([a-z_][a-z0-9_]*)\s+(\S+)\s*$/i.exec(line.trim());
    if (!m) continue;
    const type = m[2]!.toUpperCase();
    if (!PARAM_TYPES.includes(type)) throw new Error(`${id}.sql: unsupported parameter type ${type}`);
    const known = params.find((p) => p.name === m[1]);
    if (known && known.type !== type) throw new Error(`${id}.sql: @param ${m[1]} declared as ${known.type} and ${type}`);
    if (!known) params.push({ name: m[1]!, type: type as ParamType });
  }
  for (const line of sql.split('\n')) {
    const f = /^--\s*@files\s+([a-z_][a-z0-9_]*)\s+([a-z_][a-z0-9_]*)\s+([a-z_][a-z0-9_]*)\s*$/i.exec(line.trim());
    if (!f) {
      if (/^--\s*@files\b/.test(line.trim())) throw new Error(`${id}.sql: @files needs <parameter> <dataset> <address parameter>`);
      continue;
    }
    const files = { dataset: f[2]!, address: f[3]! };
    const known = params.find((p) => p.name === f[1]);
    if (known && (known.files?.dataset !== files.dataset || known.files.address !== files.address)) throw new Error(`${id}.sql: @files ${f[1]} declared twice differently`);
    if (!params.some((p) => p.name === files.address && p.type === 'VARCHAR')) throw new Error(`${id}.sql: @files ${f[1]} needs @param ${files.address} VARCHAR`);
    if (!known) params.push({ name: f[1]!, type: 'VARCHAR[]', files });
  }
  const code = sql.split('\n').filter((l) => !l.trim().startsWith('--')).join('\n');
  const used = new Set([...code.matchAll(/\$([a-z_][a-z0-9_]*)/gi)].map((m) => m[1]!));
  for (const p of params) if (!used.has(p.name)) throw new Error(`${id}.sql: @param ${p.name} is never used`);
  for (const u of used) if (!params.some((p) => p.name === u)) throw new Error(`${id}.sql: $${u} has no @param line`);
  const t: SqlTemplate = { id, sql, params, ordered: code.includes('{{order_by}}') };
  if (wantsTotal) t.total = totalOf(t);
  return t;
}

// The statement's last ORDER BY line (if any) and its LIMIT / OFFSET: what a count leaves out.
const PAGE_TAIL = /(\n[ \t]*ORDER\s+BY[^\n]*)?\s*LIMIT\s+\$lim\s+OFFSET\s+\$off\s*;?\s*$/i;

/**
 * The count of a rows statement (`-- @total`), so the filters are written once: the statement without its page tail
 * (its last `ORDER BY …` line and `LIMIT $lim OFFSET $off`) and without its lookup joins (lines marked `-- lookup`:
 * a LEFT JOIN of a dimension on its key cannot change the number of rows, and DuckDB would still run it), its select
 * list replaced by `count(*)`, e.g. `SELECT a, w.name\nFROM t\nLEFT JOIN w … -- lookup\nWHERE f\nLIMIT $lim OFFSET $off` →
 * `SELECT count(*) AS n\nFROM t\nWHERE f`. A statement starting with WITH is counted as a whole subquery, its CTEs
 * not materialized.
 */
export function totalOf(t: SqlTemplate): SqlTemplate {
  const lines = t.sql.split('\n');
  const body = lines.filter((l) => !l.trim().startsWith('--')).join('\n');
  if (!PAGE_TAIL.test(body)) throw new Error(`${t.id}.sql: @total needs a statement ending in LIMIT $lim OFFSET $off`);
  const inner = body.replace(PAGE_TAIL, '');
  if (inner.includes('{{order_by}}')) throw new Error(`${t.id}.sql: @total needs the final ORDER BY on a line of its own`);
  let count: string;
  // A CTE materialized for the page's sort (late materialization) would make the count read every column: inline it.
  if (/^\s*WITH\b/i.test(inner)) count = `SELECT count(*) AS n FROM (\n${inner.replace(/\bAS\s+MATERIALIZED\s*\(/gi, 'AS (')}\n)`;
  else {
    const from = /\n[ \t]*FROM\b/i.exec(inner);
    if (!/^\s*SELECT\b/i.test(inner) || !from) throw new Error(`${t.id}.sql: @total needs SELECT … then FROM on a line of its own`);
    const rest = inner.slice(from.index).split('\n').filter((l) => !/--\s*lookup\b/.test(l)).join('\n');
    count = `SELECT count(*) AS n${rest}`;
  }
  const params = t.params.filter((p) => p.name !== 'lim' && p.name !== 'off' && new RegExp(`\\$${p.name}\\b`).test(count));
  const header = params.map((p) => `-- @param ${p.name} ${p.type}`).join('\n');
  return { id: `${t.id}.total`, sql: `${header}\n${count}`, params, ordered: false };
}

/**
 * The strict bind boundary: throws when a key is not a parameter of the template (a misspelt key would bind NULL),
 * a parameter is left unbound (an `@files` one is the engine's), or an order is missing / not wanted, e.g. `checkBinds(t, { block: 5 }, undefined)`.
 */
export function checkBinds(t: SqlTemplate, binds: Record<string, unknown>, orderBy: string | undefined): void {
  for (const k of Object.keys(binds)) {
    const p = t.params.find((x) => x.name === k);
    if (!p) throw new Error(`${t.id}: bind key ${k} is not a parameter of the template`);
    if (p.files) throw new Error(`${t.id}: ${k} is bound by the engine (@files), not by the caller`);
  }
  for (const p of t.params) if (!p.files && !(p.name in binds)) throw new Error(`${t.id}: parameter ${p.name} is not bound`);
  if (t.ordered && orderBy === undefined) throw new Error(`${t.id}: {{order_by}} needs an order`);
  if (!t.ordered && orderBy !== undefined) throw new Error(`${t.id}: an order was given but the template has no {{order_by}}`);
}

/** Loads `sql/<id>.sql`, e.g. `await loadTemplate('block/block')`. */
export async function loadTemplate(id: string): Promise<SqlTemplate> {
  const text = await fs.readFile(path.join(SQL_ROOT, `${id}.sql`), 'utf8');
  return parseTemplate(id, text);
}

/** The SELECT of `sql/<id>.sql` with its fragments expanded, without trailing semicolon, e.g. `readDeriveSql('derive/balances/token_stats')`. */
export async function readDeriveSql(id: string): Promise<string> {
  return stripStatement(expandFragments(id, await fs.readFile(path.join(SQL_ROOT, `${id}.sql`), 'utf8')));
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

/**
 * Every `sql/serving/<name>.sql` as { name, sql }, fragments expanded, in name order: one SELECT per file, materialized as an in-memory
 * table when a server opens a version (views.ts `createServingTables`), e.g. `daily_network_series`.
 */
export async function readServingSqls(): Promise<{ name: string; sql: string; rowsOf?: string }[]> {
  const dir = path.join(SQL_ROOT, 'serving');
  const files = (await fs.readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.sql')).sort();
  const out: { name: string; sql: string; rowsOf?: string }[] = [];
  for (const f of files) {
    const name = f.replace(/\.sql$/, '');
    const text = await fs.readFile(path.join(dir, f), 'utf8');
    // `-- @rows-of <dataset>`: the table holds exactly that dataset's rows, so the manifest's count decides the cap.
    const rowsOf = /^--\s*@rows-of\s+([a-z_][a-z0-9_]*)\s*$/m.exec(text)?.[1];
    const sql = stripStatement(expandFragments(`serving/${name}`, text));
    if (rowsOf && sql !== `SELECT * FROM ${rowsOf}`) throw new Error(`sql/serving/${f}: @rows-of ${rowsOf} needs the statement SELECT * FROM ${rowsOf}`);
    out.push({ name, sql, ...(rowsOf ? { rowsOf } : {}) });
  }
  return out;
}

/**
 * Every `sql/macros/<name>.sql` as { name, sql }, in name order: one `CREATE OR REPLACE MACRO <name>(…) AS …`
 * statement per file (a macro may use earlier ones and the chain-state macros), e.g. `tx_state(contract_ret, block_number)`.
 */
export async function readMacroSqls(): Promise<{ name: string; sql: string }[]> {
  const dir = path.join(SQL_ROOT, 'macros');
  const files = (await fs.readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.sql')).sort();
  const out: { name: string; sql: string }[] = [];
  for (const f of files) {
    const name = f.replace(/\.sql$/, '');
    const sql = stripStatement(await fs.readFile(path.join(dir, f), 'utf8'));
    if (!new RegExp(`^CREATE OR REPLACE MACRO ${name}\\(`).test(sql)) throw new Error(`sql/macros/${f}: must be one CREATE OR REPLACE MACRO ${name}(…) statement`);
    out.push({ name, sql });
  }
  return out;
}

/** A statement without its comment lines and trailing semicolon. */
export function stripStatement(text: string): string {
  return text
    .split('\n')
    .filter((l) => !l.trim().startsWith('--'))
    .join('\n')
    .trim()
    .replace(/;\s*$/, '');
}
