/**
 * Every Parquet file a publish writes holds exactly its dataset's catalog columns and types (src/lake/datasets/types.ts
 * `typedColumns`, the one select list of every writer): checked file by file, for every dataset of every kind, over
 * the generated test lake and over a lake the ingester built, then rederived. A derived SELECT whose sum is HUGEINT
 * (DuckDB writes HUGEINT to Parquet as DOUBLE, exact only below 2^53) is written as its declared BIGINT, and a sum
 * above 2^53 reads back exactly: the expected value is BigInt arithmetic here, not the SELECT's.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { budget } from '../helpers/budget.ts';
import { ingestedLake } from '../helpers/ingested-lake.ts';
import { lakeDir, testManifest } from '../helpers/lake.ts';
import { Db } from '../../src/duckdb/duck.ts';
import { allDatasets, c, type Dataset, type Family, registerFamilyForTests, typedColumns } from '../../src/lake/datasets/index.ts';
import { keysOnly } from '../../src/lake/datasets/growth.ts';
import type { DerivedDataset } from '../../src/lake/datasets/growth.ts';
import { readManifest, versionDir } from '../../src/lake/manifest.ts';
import { rederive } from '../../src/lake/publish/publish.ts';

const FOLDER: Record<Dataset['kind'], string> = { raw: 'raw', derived: 'derived', dimension: 'dim', snapshot: 'snap', reference: 'ref' };

/** Every Parquet file under `dir` (recursively); none when it does not exist. */
function parquetFiles(dir: string): string[] {
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return [];
  }
  return entries.flatMap((e) => {
    const p = path.join(dir, e);
    return statSync(p).isDirectory() ? parquetFiles(p) : p.endsWith('.parquet') ? [p] : [];
  });
}

/** The files of `ds` in a version folder: a folder of files (raw, derived) or one file (dimension, snapshot, reference). */
function filesOf(version: string, ds: Dataset): string[] {
  const folder = path.join(version, FOLDER[ds.kind]);
  return [...parquetFiles(path.join(folder, ds.name)), ...parquetFiles(folder).filter((f) => path.basename(f) === `${ds.name}.parquet`)];
}

/**
 * Every file of the version whose columns are not its dataset's catalog columns (names, order aside from the Hive
 * folder `bucket`, and DuckDB types), e.g. `derived/witness_cycle_votes/part-0.parquet: votes DOUBLE`; and the count
 * of files read.
 */
async function typeDrift(db: Db, version: string): Promise<{ files: number; datasets: Set<string>; differ: string[] }> {
  const differ: string[] = [];
  let files = 0;
  const seen = new Set<string>();
  for (const ds of allDatasets) {
    const want = ds.columns.filter((col) => col.name !== 'bucket').map((col) => `${col.name} ${col.type}`);
    for (const file of filesOf(version, ds)) {
      files++;
      seen.add(ds.name);
      const got = (await db.all(`DESCRIBE SELECT * FROM read_parquet('${file.replace(/'/g, "''")}', hive_partitioning = false)`)).map((r) => `${String(r.column_name)} ${String(r.column_type)}`);
      if (JSON.stringify(got) !== JSON.stringify(want)) {
        differ.push(`${path.relative(version, file)}: ${got.filter((x) => !want.includes(x)).join(', ')} (catalog ${want.filter((x) => !got.includes(x)).join(', ')})`);
      }
    }
  }
  return { files, datasets: seen, differ };
}

let db: Db;
const scratch = mkdtempSync(path.join(os.tmpdir(), 'tronlake-types-'));
beforeAll(async () => {
  db = await Db.open({ threads: 1 });
});
afterAll(() => {
  db?.close();
  rmSync(scratch, { recursive: true, force: true });
});

describe('written Parquet types', () => {
  it('every file of the generated test lake has its catalog types, for every dataset', async () => {
    const m = await testManifest();
    const { files, datasets, differ } = await typeDrift(db, versionDir(lakeDir(), m));
    expect(differ).toEqual([]);
    // Every table of the manifest that has rows was read here, but a keys-only dataset's (growth keysOnly: no Parquet;
    // test/helpers/key-files.ts checks its rows against the raw tables).
    const withRows = Object.entries(m.tables).filter(([n, t]) => t.rows > 0 && !keysOnly(allDatasets.find((d) => d.name === n)!)).map(([n]) => n);
    expect(withRows.filter((n) => !datasets.has(n))).toEqual([]);
    expect(files).toBeGreaterThan(100);
  }, budget(60));

  it('the writer casts to the declared type: a HUGEINT sum stays exact through a BIGINT file, DOUBLE would not', async () => {
    const sum = 'SELECT sum(v) AS n FROM (VALUES (9007199254740992::BIGINT), (1::BIGINT)) t(v)';
    const typed = path.join(scratch, 'typed.parquet');
    const bare = path.join(scratch, 'bare.parquet');
    await db.run(`COPY (SELECT ${typedColumns([c('n', 'BIGINT', 'a sum')])} FROM (${sum})) TO '${typed}' (FORMAT parquet)`);
    await db.run(`COPY (${sum}) TO '${bare}' (FORMAT parquet)`);
    const [t] = await db.all(`SELECT typeof(n) AS t, CAST(n AS VARCHAR) AS v FROM read_parquet('${typed}')`);
    const [b] = await db.all(`SELECT typeof(n) AS t, CAST(CAST(n AS HUGEINT) AS VARCHAR) AS v FROM read_parquet('${bare}')`);
    const exact = String(2n ** 53n + 1n);
    expect(t).toEqual({ t: 'BIGINT', v: exact });
    // The premise: the same SELECT written as it is reads back as DOUBLE, one off.
    expect(b!.t).toBe('DOUBLE');
    expect(b!.v).not.toBe(exact);
    // A value the declared type cannot hold fails the write (no rounding, no wrap).
    await expect(db.run(`COPY (SELECT ${typedColumns([c('n', 'BIGINT', 'a sum')])} FROM (SELECT 2::HUGEINT ** 70 AS n)) TO '${typed}' (FORMAT parquet)`)).rejects.toThrow(/out of range|overflow|Could not convert/i);
  });
});

describe('a lake the ingester built, rederived with a derived sum above 2^53', () => {
  let lake: string;
  let drop: (() => void) | undefined;

  beforeAll(async () => {
    lake = await ingestedLake({ before: 2, after: 4, slotMs: 8 * 3_600_000, rich: true, staking: true }, path.join(scratch, 'ingested'));
  }, budget(40));
  afterAll(() => drop?.());

  it('every file has its catalog types, before and after a rederive that derives a HUGEINT sum', async () => {
    const before = (await readManifest(lake))!;
    const first = await typeDrift(db, versionDir(lake, before));
    expect(first.differ).toEqual([]);
    expect(first.files).toBeGreaterThan(50);

    // A throwaway bounded dataset whose SELECT sums fees into HUGEINT (above 2^53 by a constant), declared BIGINT.
    const dir = path.join(scratch, 'family');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 't_exact_sum.sql'), 'SELECT sum(fee) + 9007199254740993 AS total, count(*) AS n FROM transactions');
    const ds: DerivedDataset = {
      name: 't_exact_sum', kind: 'derived', growth: { rule: 'bounded', boundedBy: 'a test' }, partitioned: false, sortBy: ['n'],
      doc: 'a test dataset', columns: [c('total', 'BIGINT', 'fees plus 2^53 + 1'), c('n', 'BIGINT', 'transactions')],
    };
    const family: Family = { name: 'test-exact', datasets: [ds], sqlDir: dir };
    drop = registerFamilyForTests(family);
    const after = await rederive(lake);
    expect(after.fingerprint).toBe(before.fingerprint);
    const version = versionDir(lake, after);
    const second = await typeDrift(db, version);
    expect(second.differ).toEqual([]);

    // Independently: the fees of the raw transaction files, summed here with BigInt.
    const fees = await db.all(`SELECT CAST(fee AS VARCHAR) AS fee FROM read_parquet('${path.join(version, 'raw', 'transactions', '*', '*.parquet')}')`);
    expect(fees.length).toBeGreaterThan(0);
    const want = fees.reduce((a, r) => a + BigInt(String(r.fee)), 9007199254740993n);
    const [row] = await db.all(`SELECT CAST(total AS VARCHAR) AS total FROM read_parquet('${path.join(version, 'derived', 't_exact_sum', 'part-0.parquet')}')`);
    expect(BigInt(String(row!.total))).toBe(want);
    expect(want > 2n ** 53n).toBe(true);
  }, budget(60));
});
