/**
 * A dataset is a unit (issue 29): the registry (src/lake/datasets/index.ts) takes each family's declarations and SQL
 * folder, refuses a name declared twice, a read of a table nobody declares, a cycle of reads and a missing merge
 * SELECT, and computes the derive order from what each SELECT reads. A throwaway family (test/fixtures/throwaway-family:
 * a family file and one SQL file per dataset, nothing else) is registered over a small ingested lake: `rederive`
 * derives it alone, ordered after what it reads, and the server reads it through its views. Expected values come
 * from plain SQL over the raw Parquet files, not from the fixture's SQL.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { throwawayDailyFees, throwawayFamily, throwawayFeeTotals } from '../fixtures/throwaway-family/family.ts';
import { budget } from '../helpers/budget.ts';
import { ingestedLake } from '../helpers/ingested-lake.ts';
import { Db } from '../../src/duckdb/duck.ts';
import { endpoints } from '../../src/endpoints/index.ts';
import { buildApp } from '../../src/http/app.ts';
import { allDatasets, c, derivedDatasets, type Family, registerFamilyForTests, sourceDatasets, sqlFilesOf, tokenStats, txByHash } from '../../src/lake/datasets/index.ts';
import { deriveOrder } from '../../src/lake/derive/order.ts';
import type { DerivedDataset } from '../../src/lake/datasets/growth.ts';
import { currentLayouts, layoutIds, staleDatasets } from '../../src/lake/derive/layout.ts';
import { readManifest, versionDir } from '../../src/lake/manifest.ts';
import { rederive } from '../../src/lake/publish/publish.ts';
import { parseTemplate } from '../../src/lake/sql-files.ts';

const names = (): string[] => derivedDatasets.map((d) => d.name);
const scratch = mkdtempSync(path.join(os.tmpdir(), 'tronlake-unit-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A family of one bounded dataset `name` whose SELECT is `sql`, in a folder of its own under the scratch folder. */
function familyOf(name: string, sql: string, extra: Partial<DerivedDataset> = {}, mergeSql?: string): Family {
  const dir = path.join(scratch, `${name}-${Math.random().toString(36).slice(2)}`);
  mkdirSync(dir);
  writeFileSync(path.join(dir, `${name}.sql`), sql);
  if (mergeSql) writeFileSync(path.join(dir, `${name}.merge.sql`), mergeSql);
  const ds: DerivedDataset = {
    name, kind: 'derived', growth: { rule: 'bounded', boundedBy: 'a test' }, partitioned: false, sortBy: ['n'],
    doc: 'a test dataset', columns: [c('n', 'BIGINT', 'a number')], ...extra,
  };
  return { name: `test-${name}`, datasets: [ds], sqlDir: dir };
}

describe('the registry', () => {
  it('holds every dataset once, the source datasets first, each derived one with its SQL in its family folder', () => {
    expect(new Set(allDatasets.map((d) => d.name)).size).toBe(allDatasets.length);
    expect(allDatasets.slice(0, sourceDatasets.length)).toEqual(sourceDatasets);
    expect(sqlFilesOf('token_stats')).toEqual({ derive: 'derive/balances/token_stats', merge: 'derive/balances/token_stats.merge' });
    expect(() => sqlFilesOf('blocks')).toThrow(/unknown derived dataset blocks/);
  });

  it('orders each dataset after every dataset it reads (the hand-kept order put daily_account_roles first for this)', () => {
    for (const [n, l] of Object.entries(currentLayouts())) for (const r of l.reads) expect(names().indexOf(r), `${n} reads ${r}`).toBeLessThan(names().indexOf(n));
    for (const reader of ['daily_contract_call_stats', 'daily_network_stats', 'daily_contract_resources']) {
      expect(currentLayouts()[reader]!.reads).toContain('daily_account_roles');
    }
    expect(currentLayouts()['token_stats']!.reads).toEqual(['trc20_balances', 'trc10_balances', 'trc721_owners', 'trc1155_balances', 'token_flows']);
  });

  it('refuses a name declared twice, naming both places, and stays as it was', () => {
    const before = layoutIds();
    expect(() => registerFamilyForTests(familyOf('token_stats', 'SELECT 1 AS n', { ...tokenStats }))).toThrow('dataset token_stats is declared twice: in family balances and in family test-token_stats');
    expect(() => registerFamilyForTests(familyOf('blocks', 'SELECT 1 AS n'))).toThrow('dataset blocks is declared twice: in the raw datasets and in family test-blocks');
    expect(layoutIds()).toEqual(before);
  });

  it('refuses a SELECT reading a table no dataset declares, a missing SQL file and a missing merge SELECT', () => {
    expect(() => registerFamilyForTests(familyOf('t_unknown', 'SELECT count(*) AS n FROM trc20_balance'))).toThrow('derived dataset t_unknown: sql/');
    expect(() => registerFamilyForTests(familyOf('t_unknown', 'SELECT count(*) AS n FROM trc20_balance'))).toThrow('reads trc20_balance, which no dataset declares');
    expect(() => registerFamilyForTests(familyOf('t_delta', 'SELECT count(*) AS n FROM delta.transaction'))).toThrow('reads delta.transaction, which no dataset declares');
    // A WITH name, a view of sql/views and IS DISTINCT FROM are no reads.
    const drop = registerFamilyForTests(familyOf('t_known', 'WITH x AS (SELECT block_number FROM blocks) SELECT count(*) AS n FROM x JOIN top10_windows ON 1 = 1 WHERE 1 IS DISTINCT FROM n'));
    drop();
    const missing = familyOf('t_missing', 'SELECT 1 AS n');
    rmSync(path.join(missing.sqlDir!, 't_missing.sql'));
    expect(() => registerFamilyForTests(missing)).toThrow(/t_missing \(family test-t_missing\): its SELECT sql\/.*t_missing\.sql is missing/);
    const noMerge = familyOf('t_state', 'SELECT 1 AS n, 1 AS block_number', { growth: { rule: 'state' } });
    expect(() => registerFamilyForTests(noMerge)).toThrow(/its merge SELECT sql\/.*t_state\.merge\.sql is missing/);
    const dayNoMerge = familyOf('t_day', 'SELECT 1 AS n', { growth: { rule: 'per-day', merge: true }, partitioned: true });
    expect(() => registerFamilyForTests(dayNoMerge)).toThrow(/its merge SELECT sql\/.*t_day\.merge\.sql is missing/);
    expect(names()).not.toContain('t_state');
  });

  it('refuses a cycle of reads, naming it', () => {
    const a = familyOf('t_cycle_a', 'SELECT count(*) AS n FROM t_cycle_b');
    const b = familyOf('t_cycle_b', 'SELECT count(*) AS n FROM t_cycle_a');
    const both: Family = { name: 'test-cycle', datasets: [...a.datasets], sqlDir: a.sqlDir };
    writeFileSync(path.join(a.sqlDir!, 't_cycle_b.sql'), 'SELECT count(*) AS n FROM t_cycle_a');
    both.datasets.push(...b.datasets);
    expect(() => registerFamilyForTests(both)).toThrow('derive order: a cycle of reads among t_cycle_a (reads t_cycle_b); t_cycle_b (reads t_cycle_a)');
    // The order itself: ready datasets in declaration order, each after what it reads.
    const d = (name: string) => ({ name });
    expect(deriveOrder([d('c'), d('a'), d('b')], new Map([['c', ['b']], ['b', ['a']]])).map((x) => x.name)).toEqual(['a', 'b', 'c']);
    expect(deriveOrder([d('x'), d('c'), d('a'), d('b')], new Map([['c', ['a']]])).map((x) => x.name)).toEqual(['x', 'a', 'c', 'b']);
    expect(txByHash.name).toBe(names()[0]);
  });
});

describe('a throwaway family: a family file and its SQL files alone', () => {
  let root: string;
  let lake: string;
  let drop: (() => void) | undefined;
  let db: Db;

  beforeAll(async () => {
    root = mkdtempSync(path.join(os.tmpdir(), 'tronlake-throwaway-'));
    lake = await ingestedLake({ before: 2, after: 2, slotMs: 8 * 3_600_000 }, root);
    db = await Db.open({ threads: 2 });
    drop = registerFamilyForTests(throwawayFamily);
  }, budget(40));
  afterAll(() => {
    drop?.();
    db?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('is ordered after what it reads, though declared reader first', () => {
    const n = names();
    expect(throwawayFamily.datasets.map((d) => d.name)).toEqual(['throwaway_fee_totals', 'throwaway_daily_fees']);
    expect(n.indexOf('throwaway_daily_fees')).toBeGreaterThan(n.indexOf('daily_transaction_stats'));
    expect(n.indexOf('throwaway_fee_totals')).toBeGreaterThan(n.indexOf('throwaway_daily_fees'));
    expect(currentLayouts()['throwaway_fee_totals']!.reads).toEqual(['throwaway_daily_fees']);
    expect(currentLayouts()['throwaway_daily_fees']!.reads).toEqual(['daily_transaction_stats']);
  });

  it('is derived by rederive alone (the other datasets linked) and served through the views', async () => {
    const before = (await readManifest(lake))!;
    expect(staleDatasets(before)).toEqual(['throwaway_daily_fees', 'throwaway_fee_totals']);
    const after = await rederive(lake);
    expect(after.fingerprint).toBe(before.fingerprint);
    expect(staleDatasets(after)).toEqual([]);
    expect(after.layouts).toEqual(layoutIds());
    for (const ds of [throwawayDailyFees, throwawayFeeTotals]) expect(after.tables[ds.name]!.rebuilt!.how, ds.name).toBe('recomputed');
    for (const n of names().filter((x) => !x.startsWith('throwaway_'))) expect(after.tables[n]!.rebuilt!.how, n).toBe('linked');

    // Independently: fees per UTC day from the raw transaction files, and their running total.
    const raw = path.join(versionDir(lake, after), 'raw', 'transactions', '*', '*.parquet');
    const perDay = await db.all(`SELECT strftime(to_timestamp("timestamp" / 1000), '%Y-%m-%d') AS day, sum(fee) AS fee FROM read_parquet('${raw}') GROUP BY 1 ORDER BY 1`);
    expect(perDay.length).toBeGreaterThan(0);
    let total = 0n;
    const expected = perDay.map((r) => ({ day: String(r.day), fee: String(r.fee), fee_to_date: String((total += BigInt(String(r.fee)))) }));

    const app = await buildApp({ dataDir: lake, endpoints, cacheBytes: 0, watchMs: 0 });
    try {
      const served = await app.lake.use((engine) => engine.query(parseTemplate('throwaway', 'SELECT day, fee, fee_to_date FROM throwaway_fee_totals ORDER BY day'), {}));
      expect(served.rows.map((r) => ({ day: String(r.day), fee: String(r.fee), fee_to_date: String(r.fee_to_date) }))).toEqual(expected);
    } finally {
      await app.close();
    }
  }, budget(60));
});
