/**
 * The derive order, computed from what each derived dataset's SQL reads: a dataset is derived after every dataset
 * its statements (or the sql/views they use) name, ties kept in registration order, so the order is stable and
 * never kept by hand. The same reading of the SQL gives the layout ids (layout.ts) what each dataset reads.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { DerivedDataset } from '../datasets/growth.ts';
import { hasMergeSql } from '../datasets/growth.ts';
import type { SqlFiles } from '../datasets/family.ts';
import { expandFragments, stripStatement } from '../sql-files.ts';

/** Where the layout reads SQL files: the repository's sql/ folder, another checkout's, or a map in tests. */
export interface SqlSource {
  /** The text of `sql/<rel>`, e.g. `read('derive/balances/token_stats.sql')`; throws when absent. */
  read(rel: string): string;
  /** The `.sql` file names of `sql/<dir>`, e.g. `list('macros')`; empty when the folder is absent. */
  list(dir: string): string[];
}

/** The SQL files under `root`, e.g. `sqlFolder('/tmp/kit-base/sql')`. */
export function sqlFolder(root: string): SqlSource {
  return {
    read: (rel) => readFileSync(path.join(root, rel), 'utf8'),
    list: (dir) => {
      try {
        return readdirSync(path.join(root, dir)).filter((f) => f.endsWith('.sql')).sort();
      } catch {
        return [];
      }
    },
  };
}

/** SQL without its string literals: a name inside quotes (a label such as 'address_transactions') is not a read. */
export const code = (sql: string): string => sql.replace(/'(?:[^']|'')*'/g, "''");
export const word = (name: string): RegExp => new RegExp(`\\b${name}\\b`);
const call = (name: string): RegExp => new RegExp(`\\b${name}\\s*\\(`);

/** What a derived dataset's SQL uses: its statements (fragments expanded), the macros and views it uses, what it reads. */
export interface SqlUse {
  texts: string[];
  macros: Map<string, string>;
  views: Map<string, string>;
  /** Its statements and the views they use, without string literals: a dataset named here is read. */
  reading: string;
}

/** The macro and view bodies of `src`, read once for many `sqlUse` calls. */
export function sqlLibrary(src: SqlSource): { macros: Map<string, string>; views: Map<string, string> } {
  return {
    macros: new Map(src.list('macros').map((f) => [f.replace(/\.sql$/, ''), stripStatement(src.read(`macros/${f}`))] as const)),
    views: new Map(src.list('views').map((f) => [f.replace(/^\d+-/, '').replace(/\.sql$/, ''), stripStatement(src.read(`views/${f}`))] as const)),
  };
}

/** The statements of `ds` and what they use, e.g. `sqlUse(tokenStats, files, src, sqlLibrary(src))`. */
export function sqlUse(ds: DerivedDataset, files: SqlFiles, src: SqlSource, lib: ReturnType<typeof sqlLibrary>): SqlUse {
  const fragments = (id: string): string => src.read(`${id}.sql`);
  const statement = (rel: string): string => stripStatement(expandFragments(rel, src.read(`${rel}.sql`), fragments));
  const texts = [statement(files.derive)];
  if (hasMergeSql(ds.growth)) texts.push(statement(files.merge));
  // The macros and views it uses, and those they use, to a fixed point.
  const usedMacros = new Set<string>();
  const usedViews = new Set<string>();
  for (let grew = true; grew; ) {
    grew = false;
    const all = code([...texts, ...[...usedMacros].map((m) => lib.macros.get(m)!), ...[...usedViews].map((v) => lib.views.get(v)!)].join('\n'));
    for (const name of lib.macros.keys()) {
      if (!usedMacros.has(name) && call(name).test(all)) grew = usedMacros.add(name).size > 0;
    }
    for (const name of lib.views.keys()) {
      if (!usedViews.has(name) && word(name).test(all)) grew = usedViews.add(name).size > 0;
    }
  }
  const reading = code([...texts, ...[...usedViews].map((v) => lib.views.get(v)!)].join('\n'));
  return {
    texts,
    macros: new Map([...usedMacros].sort().map((m) => [m, lib.macros.get(m)!])),
    views: new Map([...usedViews].sort().map((v) => [v, lib.views.get(v)!])),
    reading,
  };
}

/** The derived datasets `use` reads, in the order of `datasets`, itself left out. */
export function readsOf(name: string, use: SqlUse, datasets: readonly DerivedDataset[]): string[] {
  return datasets.filter((d) => d.name !== name && word(d.name).test(use.reading)).map((d) => d.name);
}

// The schemas the derive step makes (derive.ts prepareDerive): a name in one of them is a dataset's.
const DERIVE_SCHEMAS = ['main', 'delta', 'prev', 'prevdays', 'newrows', 'days', 'dayswide'];

/**
 * The tables `use`'s statements read (`FROM x`, `JOIN x`, `delta.x`) that are neither a dataset in `known`, a view
 * of sql/views nor a WITH name of the statement: a misspelt or undeclared dataset, e.g. `['trc20_balance']`.
 */
export function unknownReads(use: SqlUse, known: ReadonlySet<string>): string[] {
  const out = new Set<string>();
  for (const text of use.texts.map(code)) {
    const ctes = new Set([...text.matchAll(/\b([a-z_][a-z0-9_]*)\s*(?:\([^()]*\))?\s+AS\s+(?:NOT\s+)?(?:MATERIALIZED\s+)?\(/gi)].map((m) => m[1]!.toLowerCase()));
    for (const m of text.matchAll(/(?<!\bDISTINCT\s+)\b(?:FROM|JOIN)\s+([a-z_][a-z0-9_]*)(?:\.([a-z_][a-z0-9_]*))?\b(?!\s*\()/gi)) {
      const [schema, table] = m[2] ? [m[1]!.toLowerCase(), m[2].toLowerCase()] : [undefined, m[1]!.toLowerCase()];
      if (schema !== undefined && !DERIVE_SCHEMAS.includes(schema)) continue;
      if (known.has(table) || use.views.has(table) || (schema === undefined && ctes.has(table))) continue;
      out.add(schema ? `${schema}.${table}` : table);
    }
    for (const m of text.matchAll(new RegExp(`\\b(${DERIVE_SCHEMAS.join('|')})\\.([a-z_][a-z0-9_]*)\\b(?!\\s*\\()`, 'gi'))) {
      if (!known.has(m[2]!.toLowerCase())) out.add(`${m[1]}.${m[2]}`);
    }
  }
  return [...out];
}

/**
 * `datasets` in derive order: each after every dataset in `reads` of it; among the ready ones, the first in
 * `datasets` first (a stable order). Throws on a cycle, naming it, e.g. `deriveOrder(ds, new Map([['b', ['a']]]))`.
 */
export function deriveOrder<D extends { name: string }>(datasets: readonly D[], reads: ReadonlyMap<string, readonly string[]>): D[] {
  const index = new Map(datasets.map((d, i) => [d.name, i]));
  const waiting = new Map(datasets.map((d) => [d.name, new Set((reads.get(d.name) ?? []).filter((r) => index.has(r)))]));
  const out: D[] = [];
  const done = new Set<string>();
  while (out.length < datasets.length) {
    const next = datasets.find((d) => !done.has(d.name) && [...waiting.get(d.name)!].every((r) => done.has(r)));
    if (!next) {
      const left = datasets.filter((d) => !done.has(d.name)).map((d) => d.name);
      throw new Error(`derive order: a cycle of reads among ${left.map((n) => `${n} (reads ${[...waiting.get(n)!].filter((r) => !done.has(r)).join(', ')})`).join('; ')}`);
    }
    out.push(next);
    done.add(next.name);
  }
  return out;
}
