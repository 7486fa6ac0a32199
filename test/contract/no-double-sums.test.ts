/**
 * The rule for numbers (docs/compat.md "Numbers"): no answer sums a DOUBLE. A lint over every SQL file (endpoint
 * templates, fragments, stats, derive): each `sum(` whose argument names a column the catalog declares DOUBLE
 * (src/lake/datasets/), resolved through the file's `FROM/JOIN dataset alias`, is an offender; so is a
 * derive file turning a sum into a DOUBLE rollup column (what the endpoints then sum).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Dataset, allDatasets } from '../../src/lake/datasets/index.ts';

const SQL_DIR = path.resolve(import.meta.dirname, '../../sql');

/**
 * Known offenders, `file: column`: none. The daily rollups sum exact integers into DECIMAL(38,0) (issue 16); a new
 * entry needs a reason here, and a stale entry fails the test.
 */
const ALLOWED = new Set<string>([]);

/** Column name → true when DOUBLE, per dataset name. */
const DOUBLES = new Map(allDatasets.map((d) => [d.name, new Set(d.columns.filter((c) => c.type === 'DOUBLE').map((c) => c.name))]));

function sqlFiles(dir: string, base = ''): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sqlFiles(path.join(dir, e.name), `${base}${e.name}/`) : e.name.endsWith('.sql') ? [`${base}${e.name}`] : []);
}

/** The text inside the parentheses opening at `open` (balanced). */
function argumentAt(text: string, open: number): string {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')' && --depth === 0) return text.slice(open + 1, i);
  }
  return text.slice(open + 1);
}

const KEYWORDS = new Set(['as', 'on', 'where', 'using', 'join', 'left', 'right', 'inner', 'group', 'order', 'limit', 'union', 'cross', 'full', 'natural']);

/** DOUBLE columns summed in one SQL text, e.g. `doubleSums('SELECT sum(t.amount) FROM token_transfers t')` = ['amount']. */
export function doubleSums(text: string): string[] {
  const code = text.replace(/--[^\n]*/g, '');
  const aliases = new Map<string, string>();
  const used = new Set<string>();
  for (const m of code.matchAll(/\b(?:from|join)\s+(?:[a-z_][a-z0-9_]*\.)?([a-z_][a-z0-9_]*)(?:\s+(?:as\s+)?([a-z_][a-z0-9_]*))?/gi)) {
    const ds = m[1]!.toLowerCase();
    if (!DOUBLES.has(ds)) continue;
    used.add(ds);
    aliases.set(ds, ds);
    const a = m[2]?.toLowerCase();
    if (a && !KEYWORDS.has(a)) aliases.set(a, ds);
  }
  const found: string[] = [];
  for (const m of code.matchAll(/\bsum\s*\(/gi)) {
    const arg = argumentAt(code, m.index + m[0].length - 1);
    for (const r of arg.matchAll(/\b(?:([a-z_][a-z0-9_]*)\.)?([a-z_][a-z0-9_]*)\b(?!\s*\()/gi)) {
      const col = r[2]!.toLowerCase();
      const owner = r[1]?.toLowerCase();
      const candidates = owner ? [aliases.get(owner)].filter((d): d is string => !!d) : [...used];
      if (candidates.some((d) => DOUBLES.get(d)!.has(col))) found.push(col);
    }
  }
  return [...new Set(found)];
}

/**
 * Rollup columns a derive file makes DOUBLE out of a sum (`sum(x)::DOUBLE AS col`), when the dataset declares `col`
 * DOUBLE without an exact `col_raw` beside it (a DOUBLE beside its `_raw` is a sorting companion), e.g.
 * `doubleRollups('daily_x', 'sum(amount)::DOUBLE AS amount')` = ['amount'] when daily_x.amount is DOUBLE.
 */
export function doubleRollups(dataset: string, text: string, catalog: readonly Pick<Dataset, 'name' | 'columns'>[] = allDatasets): string[] {
  const columns = catalog.find((d) => d.name === dataset)?.columns;
  const doubles = columns && new Set(columns.filter((c) => c.type === 'DOUBLE').map((c) => c.name));
  const names = new Set(columns?.map((c) => c.name));
  if (!doubles) return [];
  const found: string[] = [];
  for (const line of text.replace(/--[^\n]*/g, '').split('\n')) {
    const m = /\bsum\s*\(.*\bAS\s+([a-z_][a-z0-9_]*)\s*,?\s*$/i.exec(line);
    const col = m?.[1]?.toLowerCase();
    if (col && doubles.has(col) && !names.has(`${col}_raw`)) found.push(col);
  }
  return found;
}

describe('no answer sums a DOUBLE (issue 16)', () => {
  it('the lint sees a DOUBLE column summed directly, through an alias, inside an expression, and not an exact one', () => {
    expect(doubleSums('SELECT sum(t.amount) FROM token_transfers t')).toEqual(['amount']);
    expect(doubleSums('SELECT sum(amount / pow(10, 6)) FROM token_transfers')).toEqual(['amount']);
    expect(doubleSums('SELECT coalesce(sum(CAST(x.amount AS HUGEINT)), 0) FROM token_transfers AS x')).toEqual(['amount']);
    expect(doubleSums('SELECT sum(CAST(amount_raw AS HUGEINT)) FROM token_transfers')).toEqual([]);
    expect(doubleSums('SELECT sum(amount) FROM transactions')).toEqual([]); // BIGINT there
    expect(doubleSums('SELECT sum(amount) AS amount FROM delta.token_transfers')).toEqual(['amount']); // schema-qualified
    expect(doubleSums('SELECT sum(t.amount) FROM transactions t JOIN token_transfers x ON true')).toEqual([]);
    expect(doubleSums('-- sum(amount) FROM token_transfers\nSELECT 1')).toEqual([]);
    // A rollup declaring a summed column DOUBLE (as daily_transaction_stats.amount was before issue 16).
    const doubleDaily = [{ name: 'daily_x', columns: [{ name: 'amount', type: 'DOUBLE' as const, doc: '' }] }];
    expect(doubleRollups('daily_x', '  sum(amount)::DOUBLE AS amount,', doubleDaily)).toEqual(['amount']);
    expect(doubleRollups('daily_transaction_stats', '  CAST(sum(amount) AS DECIMAL(38,0)) AS amount,')).toEqual([]);
    expect(doubleRollups('trc10_balances', 'CAST(sum(delta) AS DOUBLE) AS balance,')).toEqual([]); // beside balance_raw
    expect(doubleRollups('daily_transaction_stats', '  sum(fee)::BIGINT AS fee,')).toEqual([]);
  });

  it('no SQL file sums a DOUBLE column beyond the named allow-list, and every allowed entry is still an offender', () => {
    const offenders = sqlFiles(SQL_DIR).flatMap((f) => {
      const text = readFileSync(path.join(SQL_DIR, f), 'utf8');
      const derived = /^derive\/(?:merge\/)?([^/]+)\.sql$/.exec(f)?.[1]; // merge/<name>.sql: the incremental step
      const cols = [...doubleSums(text), ...(derived ? doubleRollups(derived, text) : [])];
      return [...new Set(cols)].map((c) => `${f}: ${c}`);
    });
    expect(offenders.filter((o) => !ALLOWED.has(o)), 'new sums over a DOUBLE column').toEqual([]);
    expect([...ALLOWED].filter((a) => !offenders.includes(a)), 'allow-list entries no longer offending: delete them').toEqual([]);
  });
});
