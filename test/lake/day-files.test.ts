/**
 * Raw day files (issue 10, point 2): a day partition of a fact table published in one go is one file written by its
 * own COPY, and every day file is one sorted run in the dataset's order (a one-hour window then reads only its own
 * row groups). The files of a day are the ones the manifest lists (`partitions.<day>.files`).
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { promises as fs } from 'node:fs';
import { Db } from '../../src/duckdb/duck.ts';
import { sourceDatasets } from '../../src/lake/catalog.ts';
import { lakeDir, testManifest } from '../helpers/lake.ts';

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
