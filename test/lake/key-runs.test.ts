/**
 * Keys-only runs (growth keysOnly, src/lake/derive/key-runs.ts): a merge of key files and the cut of a replaced tail,
 * on files written here, read back with the format's reader and compared with the rows written (the lake-level checks
 * are test/lake/incremental-derive.test.ts and test/helpers/key-files.ts, against the raw tables).
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { KeyFile, KeyFileWriter, splitRows, type KeyFileMeta } from '../../src/lake/key-files.ts';
import { cutKeyRun, mergeKeyRuns } from '../../src/lake/derive/key-runs.ts';

const roots: string[] = [];
afterAll(() => roots.forEach((r) => rmSync(r, { recursive: true, force: true })));
const tmp = (): string => {
  const d = mkdtempSync(path.join(os.tmpdir(), 'tronlake-key-runs-'));
  roots.push(d);
  return d;
};

/** Rows [contract, block_number, timestamp, amount, memo] keyed by contract (text), time = the block's. */
const meta: KeyFileMeta = {
  columns: [{ name: 'contract', integer: false }, { name: 'block_number', integer: true }, { name: 'timestamp', integer: true }, { name: 'amount', integer: true }, { name: 'memo', integer: false }],
  key: 'contract',
  keyKind: 'text',
  time: 'timestamp',
};
type Cells = [string, number, number, bigint, string | null];
const sorted = (rows: Cells[]): Cells[] => [...rows].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[2] - b[2]));

async function write(file: string, rows: Cells[]): Promise<void> {
  const w = await KeyFileWriter.create(file, meta);
  for (const r of sorted(rows)) w.add(r);
  await w.finish();
}

function read(file: string): unknown[][] {
  const f = KeyFile.open(file);
  try {
    return f.rows(0, f.rowCount).map((r) => Object.values(r));
  } finally {
    f.close();
  }
}

/** `n` rows of blocks [from, from + n): three contracts, amounts beyond 2^53, memos with brackets, quotes and escapes. */
function blockRows(from: number, n: number): Cells[] {
  const memos = [null, 'plain', 'a [bracket] and {brace}', 'a "quoted ]" one', 'back\\slash \\"]', 'ünï ✓'];
  return Array.from({ length: n }, (_, i) => {
    const b = from + i;
    return [`TC${b % 3}xxxxxxxxxx`, b, 1_000_000 + b * 3_000, 2n ** 64n + BigInt(b), memos[b % memos.length]!];
  });
}

describe('keys-only runs', () => {
  it('splitRows gives each row of a block as its own JSON text, whatever its strings hold', () => {
    const rows = [[1, 'a]b', null], ['x"],[y', { k: [1, 2] }, '\\'], [[], [[3]], 'ü']];
    const texts = splitRows(JSON.stringify(rows));
    expect(texts).toEqual(rows.map((r) => JSON.stringify(r)));
    expect(splitRows('[]')).toEqual([]);
  });

  it('a merge holds every row of its runs in key then time order, unchanged, and scan reads them as stored', async () => {
    const dir = tmp();
    // Three runs of consecutive block ranges (the older first), 100 + 37 + 1 rows: several row blocks each.
    const runs = [blockRows(10, 100), blockRows(110, 37), blockRows(147, 1)];
    const files = runs.map((_, i) => path.join(dir, `in-${i}.keys`));
    for (const [i, r] of runs.entries()) await write(files[i]!, r);
    const out = path.join(dir, 'merged.keys');
    expect(await mergeKeyRuns(out, meta, files)).toBe(138);
    expect(read(out)).toEqual(sorted(runs.flat()));
    const f = KeyFile.open(out);
    try {
      const scanned = [...f.scan()];
      expect(scanned.map((r) => JSON.parse(r.json) as unknown)).toEqual(sorted(runs.flat()).map((r) => JSON.parse(JSON.stringify(r, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)))));
      expect(scanned.map((r) => r.time)).toEqual(sorted(runs.flat()).map((r) => r[2]));
    } finally {
      f.close();
    }
  });

  it('a merge refuses inputs whose columns are not the dataset\'s, and leaves no file', async () => {
    const dir = tmp();
    const a = path.join(dir, 'a.keys');
    await write(a, blockRows(1, 5));
    const other = path.join(dir, 'b.keys');
    const w = await KeyFileWriter.create(other, { ...meta, columns: meta.columns.slice(0, 3) });
    w.add(['TC0xxxxxxxxxx', 7, 1_021_000]);
    await w.finish();
    const out = path.join(dir, 'out.keys');
    await expect(mergeKeyRuns(out, meta, [a, other])).rejects.toThrow(/other columns/);
    expect(existsSync(out)).toBe(false);
  });

  it('a cut keeps the rows below its block as a run named by their block range; nothing left leaves no file', async () => {
    const dir = tmp();
    const input = path.join(dir, 'run.keys');
    const rows = blockRows(100, 50);
    await write(input, rows);
    const fileOf = (id: string): string => path.join(dir, `run-${id}.keys`);
    const kept = await cutKeyRun(input, meta, 130, fileOf);
    expect(kept).toEqual({ id: '000000000100-000000000129', rows: 30, fromBlock: 100, toBlock: 129 });
    expect(read(fileOf(kept!.id))).toEqual(sorted(rows.filter((r) => r[1] < 130)));
    // The lower bound alone: a cut at the first block keeps nothing.
    expect(await cutKeyRun(input, meta, 100, fileOf)).toBeNull();
    expect(readdirSync(dir).sort()).toEqual(['run-000000000100-000000000129.keys', 'run.keys']);
    // The upper bound alone: a cut past the last block keeps every row.
    const all = await cutKeyRun(input, meta, 150, fileOf);
    expect(all).toEqual({ id: '000000000100-000000000149', rows: 50, fromBlock: 100, toBlock: 149 });
  });
});
