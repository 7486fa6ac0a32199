/**
 * Raw day files (issue 10, point 2): each day partition of every fact table is one file written by its own COPY,
 * and that file is one sorted run in the dataset's order (a one-hour window then reads only its own row groups).
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { promises as fs } from 'node:fs';
import { Db } from '../../src/duckdb/duck.ts';
import { sourceDatasets } from '../../src/lake/catalog.ts';
import { lakeDir, testManifest } from '../helpers/lake.ts';

describe('raw day files', () => {
  for (const ds of sourceDatasets.filter((d) => d.kind === 'raw')) {
    it(`${ds.name}: one file per day, sorted by ${ds.sortBy.join(', ')}`, async () => {
      const m = await testManifest();
      const root = path.join(lakeDir(), 'versions', m.version, 'raw', ds.name);
      const days = Object.keys(m.tables[ds.name]?.partitions ?? {});
      expect(days.length).toBeGreaterThan(0);
      for (const d of days) expect(await fs.readdir(path.join(root, `date=${d}`)), d).toEqual(['part-0.parquet']);
      // A row out of order is one whose sort key is below its predecessor's in the same file (keys compared as a
      // struct, which orders field by field).
      const key = `(${ds.sortBy.map((c) => `"${c}"`).join(', ')})`;
      const db = await Db.open({ threads: 1 });
      try {
        const [r] = await db.all(
          `SELECT count(*) FILTER (WHERE k < prev) AS unsorted, count(*) AS n FROM (
             SELECT ${key} AS k, lag(${key}) OVER (PARTITION BY filename ORDER BY file_row_number) AS prev
             FROM read_parquet('${root}/*/*.parquet', filename = true, file_row_number = true, hive_partitioning = false))`,
        );
        expect(Number(r!.n)).toBe(m.tables[ds.name]!.rows);
        expect(Number(r!.unsorted)).toBe(0);
      } finally {
        db.close();
      }
    });
  }
});
