/**
 * Raw day files (issue 10, point 2): a day partition of a fact table published in one go is one file written by its
 * own COPY, and every day file is one sorted run in the dataset's order (a one-hour window then reads only its own
 * row groups). The files of a day are the ones the manifest lists (`partitions.<day>.files`). A per-day derived
 * dataset's day file is sorted by its order too (derive.ts sorts every day's rows once and copies each day out).
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { promises as fs } from 'node:fs';
import { Db } from '../../src/duckdb/duck.ts';
import { sourceDatasets, derivedDatasets } from '../../src/lake/datasets/index.ts';
import { lakeDir, sql, testManifest } from '../helpers/lake.ts';

describe('raw day files', () => {
  for (const ds of sourceDatasets.filter((d) => d.kind === 'raw')) {
    it(`${ds.name}: one file per day, the manifest's, sorted by ${ds.sortBy.join(', ')}`, async () => {
      const m = await testManifest();
      const root = path.join(lakeDir(), 'versions', m.version, 'raw', ds.name);
      const days = Object.keys(m.tables[ds.name]?.partitions ?? {});
      expect(days.length).toBeGreaterThan(0);
      for (const d of days) {
        const listed = m.tables[ds.name]!.partitions![d]!.files!.map((f) => `part-${f.id}.parquet`);
        expect(listed, d).toHaveLength(1);
        expect(await fs.readdir(path.join(root, `date=${d}`)), d).toEqual(listed);
      }
      // A row out of order is one whose sort key is below its predecessor's in the same file (keys compared as a
      // struct, which orders field by field).
      await expectSorted(root, ds.sortBy, m.tables[ds.name]!.rows);
    });
  }
});

describe('per-day derived files', () => {
  for (const ds of derivedDatasets.filter((d) => d.growth.rule === 'per-day')) {
    it(`${ds.name}: each day file sorted by ${ds.sortBy.join(', ')}`, async () => {
      const m = await testManifest();
      const entry = m.tables[ds.name]!;
      await expectSorted(path.join(lakeDir(), 'versions', m.version, 'derived', ds.name), ds.sortBy, entry.rows);
    });
  }
});

describe('per-day datasets with a window of days (growth keepDays)', () => {
  for (const ds of derivedDatasets.filter((d) => d.growth.rule === 'per-day' && d.growth.keepDays !== undefined)) {
    it(`${ds.name}: exactly the days with transactions from the head's day minus the window on, on disk as listed`, async () => {
      const m = await testManifest();
      const keep = ds.growth.rule === 'per-day' ? ds.growth.keepDays! : 0;
      // the first kept day, from the manifest's head and the declared window (not the derive's own helper)
      const since = new Date(m.head.timestamp - keep * 86_400_000).toISOString().slice(0, 10);
      const rows = await sql(`SELECT DISTINCT CAST("date" AS VARCHAR) AS d FROM raw_transactions WHERE "date" >= '${since}' ORDER BY d`);
      const expected = rows.map((r) => String(r.d));
      const all = await sql('SELECT count(DISTINCT "date") AS n FROM raw_transactions');
      expect(Number(all[0]!.n)).toBeGreaterThan(expected.length); // the lake is longer than the window: days were dropped
      expect(Object.keys(m.tables[ds.name]!.partitions!).sort()).toEqual(expected);
      const onDisk = (await fs.readdir(path.join(lakeDir(), 'versions', m.version, 'derived', ds.name))).map((f) => f.replace('date=', '')).sort();
      expect(onDisk).toEqual(expected);
    });
  }
});

/**
 * Every file under `root`'s day folders is one sorted run by `sortBy`. A row out of order is one whose sort key is below
 * its predecessor's in the same file (keys compared as a struct, which orders field by field; NULLs last, as ORDER BY).
 */
async function expectSorted(root: string, sortBy: readonly string[], rows: number): Promise<void> {
  const key = `(${sortBy.map((c) => `"${c}"`).join(', ')})`;
  const db = await Db.open({ threads: 1 });
  try {
    const [r] = await db.all(
      `SELECT count(*) FILTER (WHERE k < prev) AS unsorted, count(*) AS n FROM (
         SELECT ${key} AS k, lag(${key}) OVER (PARTITION BY filename ORDER BY file_row_number) AS prev
         FROM read_parquet('${root}/*/*.parquet', filename = true, file_row_number = true, hive_partitioning = false))`,
    );
    expect(Number(r!.n)).toBe(rows);
    expect(Number(r!.unsorted)).toBe(0);
  } finally {
    db.close();
  }
}
