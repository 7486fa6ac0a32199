/**
 * Per-dataset layout ids (src/lake/derive/layout.ts): a changed SQL file, macro, view or catalog entry makes exactly the
 * datasets that use it stale, and the datasets that read those. The SQL comes from the repository's sql/ with one
 * file changed (an injected reader); the expected stale sets are computed here from the files' text by a plain scan
 * (which derive / merge statement names which dataset), not by the layout code.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { derivedDatasets, sqlFilesOf } from '../../src/lake/datasets/index.ts';
import { computeLayouts, currentLayouts, layoutIds, recordedLayouts, type SqlSource, sqlFolder, staleDatasets, staleLayout } from '../../src/lake/derive/layout.ts';
import { LEGACY_LAYOUTS } from '../../src/lake/derive/legacy-layouts.ts';
import type { Manifest } from '../../src/lake/manifest.ts';
import { SQL_ROOT } from '../../src/lake/sql-files.ts';

const repo = sqlFolder(SQL_ROOT);
/** The file of a dataset's SELECT or merge SELECT, relative to sql/, e.g. `derive/balances/token_flows.merge.sql`. */
const fileOf = (name: string, which: 'derive' | 'merge' = 'derive'): string => `${sqlFilesOf(name)[which]}.sql`;
/** The repository's sql/ with `changes` (path → new text) applied. */
const changed = (changes: Record<string, (text: string) => string>): SqlSource => ({
  read: (rel) => (changes[rel] ? changes[rel]!(repo.read(rel)) : repo.read(rel)),
  list: (dir) => repo.list(dir),
});

/** A published version holding every derived dataset with the repository's ids. */
const manifestWith = (layouts: Record<string, string>): Pick<Manifest, 'layouts' | 'layout' | 'tables'> => ({
  layouts,
  tables: Object.fromEntries(derivedDatasets.map((d) => [d.name, { kind: 'derived' as const, rows: 1 }])),
});
const idsOf = (src: SqlSource, datasets = derivedDatasets): Record<string, string> =>
  Object.fromEntries(Object.entries(computeLayouts(datasets, src)).map(([n, l]) => [n, l.id]));
/** What a lake derived by the repository's files has stale for a release whose sql/ is `src`. */
const staleFor = (src: SqlSource, datasets = derivedDatasets): string[] =>
  staleDatasets(manifestWith(idsOf(repo)), computeLayouts(datasets, src)).sort();

// ---- the independent scan: which datasets' statements name which, from the raw file text
/**
 * A file's text with its `{{> fragments/x a b}}` inclusions replaced by their files' text, `{{1}}`, `{{2}}` by the
 * arguments (a statement may name a dataset only there, or only as an argument).
 */
const withFragments = (text: string): string =>
  text.replace(/\{\{>\s*([^\s}]+)([^}]*)\}\}/g, (_m, id: string, args: string) => {
    const values = args.trim().split(/\s+/).filter(Boolean);
    const body = readFileSync(path.join(SQL_ROOT, `${id}.sql`), 'utf8').replace(/\{\{(\d+)\}\}/g, (_n, i: string) => values[Number(i) - 1] ?? '');
    return withFragments(body);
  });
const statementText = (name: string): string => {
  const files = [path.join(SQL_ROOT, fileOf(name)), path.join(SQL_ROOT, fileOf(name, 'merge'))];
  return files
    .map((f) => {
      try {
        return withFragments(readFileSync(f, 'utf8'));
      } catch {
        return '';
      }
    })
    .join('\n')
    .split('\n')
    .filter((l) => !l.trim().startsWith('--'))
    .join('\n')
    .replace(/'[^']*'/g, "''");
};
/** `names` and every dataset whose statements name one of them, to a fixed point. */
function withReaders(names: string[]): string[] {
  const out = new Set(names);
  for (let grew = true; grew; ) {
    grew = false;
    for (const d of derivedDatasets) {
      if (out.has(d.name)) continue;
      if ([...out].some((n) => new RegExp(`\\b${n}\\b`).test(statementText(d.name)))) {
        out.add(d.name);
        grew = true;
      }
    }
  }
  return [...out].sort();
}
/** The datasets whose statements call macro `m`. */
const callers = (m: string): string[] => derivedDatasets.filter((d) => new RegExp(`\\b${m}\\s*\\(`).test(statementText(d.name))).map((d) => d.name);

describe('per-dataset layout ids', () => {
  it('the repository files give the ids the release records, every dataset current', () => {
    expect(idsOf(repo)).toEqual(layoutIds());
    expect(Object.keys(layoutIds())).toEqual(derivedDatasets.map((d) => d.name));
    expect(staleFor(repo)).toEqual([]);
  });

  it('a changed derive SQL makes that dataset and the datasets reading it stale, no other', () => {
    const stale = staleFor(changed({ [fileOf('trc20_balances')]: (t) => t.replace(/\bSELECT\b/, 'SELECT  ') }));
    expect(stale).toEqual(withReaders(['trc20_balances']));
    // The readers known today (the scan above must find at least these).
    for (const r of ['trc20_balances', 'trc20_balances_by_holder', 'token_stats', 'token_position_bands']) expect(stale).toContain(r);
    expect(stale).not.toContain('trc10_balances');
  });

  it('a changed merge SQL of a state dataset makes it stale', () => {
    const stale = staleFor(changed({ [fileOf('token_flows', 'merge')]: (t) => t.replace(/\bFROM\b/, 'FROM ') }));
    expect(stale).toEqual(withReaders(['token_flows']));
  });

  it('a comment-only change stales nothing', () => {
    expect(staleFor(changed({ [fileOf('token_stats')]: (t) => `-- a new comment\n${t}` }))).toEqual([]);
  });

  it("a changed macro body stales the datasets calling it (directly or through another macro), and their readers", () => {
    const zero = callers('zero_address');
    expect(zero.length).toBeGreaterThan(0);
    expect(staleFor(changed({ 'macros/zero_address.sql': (t) => t.replace(/'T\w+'/, "'T0000000000000000000000000000000000'") }))).toEqual(withReaders(zero));
    // No derive statement calls tx_state or block_state today: changing them stales nothing.
    expect(callers('tx_state').concat(callers('block_state'))).toEqual([]);
    expect(staleFor(changed({ 'macros/block_state.sql': (t) => t.replace('THEN 1', 'THEN 1 ') }))).toEqual([]);
    // A statement calling tx_state (which calls block_state) becomes stale when block_state changes.
    const callsTxState = changed({ [fileOf('stake_events')]: (t) => t.replace(/\bSELECT\b/, 'SELECT tx_state(NULL, NULL) IS NULL AS unused,') });
    const withMacroChanged: SqlSource = {
      read: (rel) => (rel === 'macros/block_state.sql' ? callsTxState.read(rel).replace('THEN 1', 'THEN 1 ') : callsTxState.read(rel)),
      list: (dir) => repo.list(dir),
    };
    const base = computeLayouts(derivedDatasets, callsTxState);
    const after = computeLayouts(derivedDatasets, withMacroChanged);
    const differ = derivedDatasets.map((d) => d.name).filter((n) => base[n]!.id !== after[n]!.id).sort();
    expect(differ).toEqual(withReaders(['stake_events']));
  });

  it('a changed view body stales the datasets using it', () => {
    const views = repo.list('views').map((f) => f.replace(/\.sql$/, ''));
    expect(views.length).toBeGreaterThan(0);
    const v = views[0]!;
    const usesView = changed({ [fileOf('token_stats')]: (t) => t.replace(/\bSELECT\b/, `SELECT (SELECT count(*) FROM ${v}) >= 0 AS unused,`) });
    const viewChanged: SqlSource = {
      read: (rel) => (rel === `views/${v}.sql` ? usesView.read(rel).replace(/\bSELECT\b/, 'SELECT  ') : usesView.read(rel)),
      list: (dir) => repo.list(dir),
    };
    const base = computeLayouts(derivedDatasets, usesView);
    const after = computeLayouts(derivedDatasets, viewChanged);
    expect(derivedDatasets.map((d) => d.name).filter((n) => base[n]!.id !== after[n]!.id).sort()).toEqual(withReaders(['token_stats']));
  });

  it('a changed catalog entry stales that dataset and its readers', () => {
    const datasets = derivedDatasets.map((d) => (d.name === 'stake_events' ? { ...d, rowGroupSize: 1_000 } : d));
    expect(staleFor(repo, datasets)).toEqual(withReaders(['stake_events']));
  });

  it('a missing dataset is stale, with its readers; the refusal names them and the command', async () => {
    const m = manifestWith(layoutIds());
    delete m.tables['vote_events'];
    expect(staleDatasets(m).sort()).toEqual(withReaders(['vote_events']));
    const refusal = await staleLayout({ ...m, version: 'v1', format: 1 } as Manifest, '/data/x');
    expect(refusal).toContain('vote_events');
    expect(refusal).toContain('votes_by_voter');
    expect(refusal).toContain('run `tronlake rederive --data /data/x`');
    expect(await staleLayout({ ...manifestWith(layoutIds()), version: 'v1' } as Manifest, '/data/x')).toBeNull();
  });

  it('a lake with one old layout id: mapped when it is a known commit, else every dataset stale', () => {
    const legacy = { layout: 'an-unknown-single-id', tables: manifestWith({}).tables };
    expect(staleDatasets(legacy)).toEqual(derivedDatasets.map((d) => d.name));
    for (const [id, entry] of Object.entries(LEGACY_LAYOUTS)) {
      expect(recordedLayouts({ layout: id })).toEqual(entry.layouts);
      expect(Object.keys(entry.layouts).length).toBeGreaterThan(0);
    }
  });

  it('a dataset reads only earlier datasets', () => {
    const names = derivedDatasets.map((d) => d.name);
    for (const [n, l] of Object.entries(currentLayouts())) for (const r of l.reads) expect(names.indexOf(r)).toBeLessThan(names.indexOf(n));
    expect(readdirSync(path.join(SQL_ROOT, 'derive', 'balances')).length).toBeGreaterThan(0);
  });
});
