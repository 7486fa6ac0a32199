/**
 * The lake read by an engine other than DuckDB (issue 10, docs/lake.md): hyparquet, a pure-JavaScript Parquet
 * reader, walks `<data>/current` (the stable path to the published version) and finds the manifest's row counts in
 * every table, and decodes the zstd pages of a fact table whose rows sit in their Hive `date=` folder.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { asyncBufferFromFile, parquetMetadataAsync, parquetReadObjects } from 'hyparquet';
import { compressors } from 'hyparquet-compressors';
import { lakeDir, testManifest } from '../helpers/lake.ts';

async function parquetFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const e of await fs.readdir(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...(await parquetFiles(p)));
    else if (e.name.endsWith('.parquet')) out.push(p);
  }
  return out;
}

async function rowsIn(files: string[]): Promise<number> {
  let n = 0;
  for (const f of files) n += Number((await parquetMetadataAsync(await asyncBufferFromFile(f))).num_rows);
  return n;
}

describe('the lake read without DuckDB', () => {
  it('`current` points at the published version, and every table holds the manifest row count', async () => {
    const m = await testManifest();
    const current = path.join(lakeDir(), 'current');
    expect(path.basename(await fs.readlink(current))).toBe(m.version);
    const got: Record<string, number> = {};
    const want: Record<string, number> = {};
    for (const [name, t] of Object.entries(m.tables)) {
      const oneFile = { dimension: 'dim', snapshot: 'snap', reference: 'ref' }[t.kind as string];
      const where = oneFile ? [path.join(current, oneFile, `${name}.parquet`)] : await parquetFiles(path.join(current, t.kind, name)).catch(() => []);
      got[name] = t.rows === 0 && where.length === 0 ? 0 : await rowsIn(where);
      want[name] = t.rows;
    }
    expect(got).toEqual(want);
  });

  it('decodes the transactions of each day folder: the manifest count per day, every row inside its day', async () => {
    const m = await testManifest();
    const parts = m.tables.transactions!.partitions!;
    const days = Object.keys(parts).sort();
    // First, middle and last day (decoding all 80 k rows in JS is not the point).
    for (const day of [days[0]!, days[Math.floor(days.length / 2)]!, days[days.length - 1]!]) {
      const [only] = parts[day]!.files!;
      const file = path.join(lakeDir(), 'current', 'raw', 'transactions', `date=${day}`, `part-${only!.id}.parquet`);
      const rows = await parquetReadObjects({ file: await asyncBufferFromFile(file), columns: ['tx_hash', 'timestamp'], compressors });
      expect(rows.length, day).toBe(parts[day]!.rows);
      const outside = rows.filter((r) => new Date(Number(r.timestamp)).toISOString().slice(0, 10) !== day);
      expect(outside, day).toEqual([]);
      expect(rows.every((r) => /^[0-9a-f]{64}$/.test(String(r.tx_hash)))).toBe(true);
    }
  });
});
