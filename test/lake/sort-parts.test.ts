/**
 * A run too large for one sort in the memory budget is sorted in parts of its address buckets (derive.ts writeRun,
 * bench batch 20 ran out of 8 GiB sorting one part). Over a small ingested lake, `rederive --all` under a memory
 * limit small enough to force several parts writes every bucket file of the by-address copies row for row as the
 * one-part sort does (same rows in the same file order, read back from the files), and says so in the manifest.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestedLake } from '../helpers/ingested-lake.ts';
import { Db } from '../../src/duckdb/duck.ts';
import { derivedDatasets } from '../../src/lake/datasets/index.ts';
import { keysOnly } from '../../src/lake/datasets/growth.ts';
import { memoryBytes, SORT_BYTES_PER_ROW, sortParts } from '../../src/lake/derive/derive.ts';
import { type Manifest, versionDir } from '../../src/lake/manifest.ts';
import { rederive } from '../../src/lake/publish/publish.ts';
import { budget } from '../helpers/budget.ts';

/** The by-address copies with Parquet range files (a keys-only one is its key file: test/helpers/key-files.ts). */
const bucketed = derivedDatasets.filter((d) => d.bucketBy && !keysOnly(d)).map((d) => d.name);
/**
 * Small enough that the lake's largest by-address copy needs several parts: 96 MB / 1,200 bytes = 80,000 rows a part.
 * Not less: every dataset derives under it, and daily_stablecoin_distribution's plan (some twenty joins, aggregates
 * and windows) holds ~64-80 MB of operator blocks whatever its rows (at 48 MB it ran out on this lake's 1,100 moves).
 */
const SMALL = '96MB';

let root: string;
let lake: string;
let db: Db;
let onePart: Manifest;
let inParts: Manifest;
let onePartFiles: Map<string, string>;

/** Every bucket file of the by-address copies → hash of its rows in file order. */
async function orderedFiles(m: Manifest): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const name of bucketed) {
    const dir = path.join(versionDir(lake, m), 'derived', name);
    for (const b of readdirSync(dir).filter((f) => f.startsWith('bucket=')).sort()) {
      for (const f of readdirSync(path.join(dir, b))) {
        const file = path.join(dir, b, f);
        const [r] = await db.all(
          `SELECT count(*) AS n, md5(string_agg(CAST(hash(*COLUMNS(* EXCLUDE (file_row_number))) AS VARCHAR), ',' ORDER BY file_row_number)) AS h
           FROM read_parquet('${file}', file_row_number = true, hive_partitioning = false)`,
        );
        out.set(`${name}/${b}/${f}`, `${r!.n}:${r!.h}`);
      }
    }
  }
  return out;
}

beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'tronlake-sort-parts-'));
  lake = await ingestedLake({ before: 120, after: 120, slotMs: 2 * 3_600_000, rich: true }, root);
  db = await Db.open({ threads: 1 });
  onePart = await rederive(lake, undefined, { all: true });
  onePartFiles = await orderedFiles(onePart);
  inParts = await rederive(lake, undefined, { all: true, memoryLimit: SMALL, tempDirectory: path.join(root, 'spill') });
}, budget(120));
afterAll(() => {
  db?.close();
  rmSync(root, { recursive: true, force: true });
});

describe('runs sorted in parts of the buckets', () => {
  it('the memory limit forces several parts for the largest copy', () => {
    const rows = Math.max(...bucketed.map((n) => onePart.tables[n]!.rows));
    expect(rows).toBeGreaterThan(memoryBytes(SMALL) / SORT_BYTES_PER_ROW);
    expect(Object.values(inParts.tables).some((t) => /sorted in \d+ parts/.test(t.rebuilt?.detail ?? ''))).toBe(true);
    expect(Object.values(onePart.tables).some((t) => /sorted in \d+ parts/.test(t.rebuilt?.detail ?? ''))).toBe(false);
  });

  it('every bucket file holds the same rows in the same order as the one-part sort', async () => {
    const files = await orderedFiles(inParts);
    expect(files.size).toBeGreaterThan(32);
    expect([...files.entries()]).toEqual([...onePartFiles.entries()]);
    expect(inParts.fingerprint).toBe(onePart.fingerprint);
  });
});

describe('sortParts and memoryBytes', () => {
  it('cuts contiguous bucket ranges of at most partRows rows; an oversized bucket is a part alone', () => {
    expect(sortParts([[0, 5], [1, 5], [2, 5]], 10)).toEqual([[0, 1], [2, 2]]);
    expect(sortParts([[0, 3], [3, 20], [4, 1], [7, 1]], 10)).toEqual([[0, 0], [3, 3], [4, 7]]);
    expect(sortParts([[5, 1]], 1)).toEqual([[5, 5]]);
  });
  it("reads DuckDB's memory_limit forms", () => {
    expect(memoryBytes('8GB')).toBe(8e9);
    expect(memoryBytes('7.4 GiB')).toBeCloseTo(7.4 * 2 ** 30);
    expect(memoryBytes('15.2 MiB')).toBeCloseTo(15.2 * 2 ** 20);
  });
});
