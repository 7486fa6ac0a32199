/**
 * The context a declaration runs in (issue 29 serving seam): http/ serves routes and asks the kit for a context per
 * request; the rules of what a declaration may run live here, once. A context runs only the endpoint's declared SQL
 * ids (and their derived counts), with exactly the binds each template declares (`checkBinds`) and an ORDER BY from
 * the declaration's whitelist, and records each template's time for `Server-Timing`.
 */
import { rowOf, type Row } from '../../duckdb/duck.ts';
import type { BindValue, Engine } from '../../engine/engine.ts';
import { checkBinds, loadTemplate, type SqlTemplate } from '../../lake/sql-files.ts';
import type { AnyEndpoint, CsvPlan, EndpointContext } from './endpoint.ts';
import { createLookups, LOOKUP_QUERIES } from './lookups.ts';
import { keptCount, perVersion, VERSION_BIND_SETS_MAX, VERSION_ROWS_MAX } from './per-version.ts';

/** Every SQL template the registry declares (and the lookups' own), loaded once, by id. */
export type Templates = ReadonlyMap<string, SqlTemplate>;

/** Loads the templates of a registry, e.g. `const templates = await loadTemplates(endpoints)`. */
export async function loadTemplates(endpoints: readonly AnyEndpoint[]): Promise<Templates> {
  const ids = new Set<string>(LOOKUP_QUERIES);
  for (const ep of endpoints) for (const id of Object.values(ep.queries)) ids.add(id);
  const out = new Map<string, SqlTemplate>();
  for (const id of ids) out.set(id, await loadTemplate(id));
  return out;
}

/** The declared template of a query name (or its derived count); an undeclared name is a programming error. */
function templateOf(templates: Templates, ep: AnyEndpoint, name: string, count = false): SqlTemplate {
  const id = ep.queries[name];
  if (!id) throw new Error(`${ep.path}: no query named ${name}`);
  const t = templates.get(id);
  if (!t) throw new Error(`template ${id} not loaded`);
  if (count && !t.total) throw new Error(`${id}.sql has no -- @total header`);
  return count ? t.total! : t;
}

/** The declared template of an id (a query's, or `<id>.total` for its count); an undeclared id is a programming error. */
function templateById(templates: Templates, ep: AnyEndpoint, id: string): SqlTemplate {
  const base = id.endsWith('.total') ? id.slice(0, -'.total'.length) : id;
  const name = Object.keys(ep.queries).find((k) => ep.queries[k] === (templates.has(id) ? id : base));
  if (name === undefined) throw new Error(`${ep.path}: no query declares ${id}`);
  return templateOf(templates, ep, name, !templates.has(id));
}

/** Runs declared template `t` for a context: the ORDER BY whitelist, the binds, and its `Server-Timing` entry. */
async function runDeclared(engine: Engine, ep: AnyEndpoint, timings: string[], t: SqlTemplate, binds: Record<string, BindValue>, orderBy?: string): Promise<Row[]> {
  if (orderBy !== undefined && !ep.orderBys?.includes(orderBy)) throw new Error(`${t.id}: ORDER BY not in the whitelist`);
  checkBinds(t, binds, orderBy);
  const t0 = performance.now();
  const rows = (await engine.query(t, binds, orderBy)).rows;
  timings.push(`${t.id.replace(/[^\w.-]/g, '_')};dur=${(performance.now() - t0).toFixed(1)}`);
  return rows;
}

/**
 * The context of one request over one engine, e.g. `await ep.handle(p, endpointContext(engine, templates, ep, timings))`;
 * `timings` receives one `Server-Timing` entry per statement run (`<template id, non-word characters as _>;dur=ms`).
 *
 * Its functions are method shorthand, not arrows: tsx compiles with esbuild's keepNames, which names every arrow kept
 * in a property or a const with a `defineProperty` call each time it is made, and a context is made per request
 * (3.2 µs a context with arrows, 0.1-0.2 µs without, in a loop: ~1 % of a 0.25 ms lookup).
 */
export function endpointContext(
  engine: Engine, templates: Templates, ep: AnyEndpoint, timings: string[] = [], settings?: EndpointContext['settings'],
): EndpointContext {
  return {
    now: engine.manifest.head.timestamp,
    manifest: engine.manifest,
    ...(settings ? { settings } : {}),
    // An arrow passed as an argument gets no name, so no defineProperty either.
    lookups: createLookups((id, binds) => runDeclared(engine, ep, timings, templates.get(id)!, binds), {
      key: engine.manifest,
      rowsOf(table) {
        return engine.manifest.tables[table]?.rows;
      },
    }),
    rows(name, binds, orderBy) {
      return runDeclared(engine, ep, timings, templateOf(templates, ep, name), binds, orderBy);
    },
    count(name, binds) {
      return runDeclared(engine, ep, timings, templateOf(templates, ep, name, true), binds);
    },
    // The rows are the generated row type by construction (`as never`): the generated file is the template's columns
    // as toCell returns them (test/contract/sql-types.test.ts keeps it current).
    typedRows(id: string, binds: object, orderBy?: string) {
      return runDeclared(engine, ep, timings, templateById(templates, ep, id), binds as Record<string, BindValue>, orderBy) as never;
    },
    async typedChunks(id: string, params: object, onRows: (rows: never) => void | Promise<void>) {
      const t = templateById(templates, ep, id);
      const binds = params as Record<string, BindValue>;
      checkBinds(t, binds, undefined);
      const t0 = performance.now();
      const { complete } = await engine.stream(t, binds, async (columns, chunk) => {
        await onRows(chunk.map((cells) => rowOf(columns, cells)) as never);
        return true;
      });
      if (!complete) throw new Error(`${t.id}: the rows stopped before their end`);
      timings.push(`${t.id.replace(/[^\w.-]/g, '_')};dur=${(performance.now() - t0).toFixed(1)}`);
    },
    versionRows(id: string, params: object) {
      const t = templateById(templates, ep, id);
      const binds = params as Record<string, BindValue>;
      const prefix = `rows:${id}:`;
      const key = prefix + JSON.stringify(binds, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
      // Frozen: every response of the version reads the same rows, so a mapper that wrote into one would change the
      // next answer (in strict code the write throws instead).
      return perVersion(engine.manifest, key, () => runDeclared(engine, ep, timings, t, binds).then((rows) => Object.freeze(rows.map((r) => Object.freeze(r)))), (rows) =>
        rows.length <= VERSION_ROWS_MAX && keptCount(engine.manifest, prefix) <= VERSION_BIND_SETS_MAX) as never;
    },
    keyedPage(dataset, key, page) {
      const ds = engine.keys?.dataset(dataset);
      if (!ds) return undefined;
      const t0 = performance.now();
      const out = ds.page(key, page);
      timings.push(`keys.${dataset};dur=${(performance.now() - t0).toFixed(2)}`);
      return out;
    },
    declared(name, count) {
      return templateOf(templates, ep, name, count).params.map((x) => x.name);
    },
    ordered(name) {
      return templateOf(templates, ep, name).ordered === true;
    },
  };
}

/** The checked template of a download's statement, e.g. `engine.stream(planStatement(templates, plan), plan.binds, …)`. */
export function planStatement(templates: Templates, plan: CsvPlan): SqlTemplate {
  const t = templates.get(plan.query);
  if (!t) throw new Error(`template ${plan.query} not loaded`);
  checkBinds(t, plan.binds, plan.orderBy);
  return t;
}
