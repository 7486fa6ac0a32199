/**
 * Runs kept as key files alone (growth `keysOnly`): the merge of runs and the cut of a replaced tail read key files
 * and write one, with no SQL and no Parquet. Rows are copied as stored (key bytes, time, JSON text), never parsed,
 * except a cut's rows whose block is not their key.
 *
 * The merged order is the runs' own: a run holds its rows in key order and time order inside a key; runs cover
 * disjoint block ranges, oldest first, and a time is one block's, so two runs never hold the same (key, time) and the
 * rows of equal key are ordered by time alone (ties, which cannot happen, would go to the older run). The writer
 * refuses a row out of order, so a wrong assumption fails the publish instead of answering wrongly.
 */
import fs from 'node:fs/promises';
import { KeyFile, KeyFileWriter, type KeyFileMeta, type ScannedRow } from '../key-files.ts';
import { runId } from './runs.ts';

/** What a written run holds: its rows and block range (the manifest's run entry). */
export interface KeyRun {
  id: string;
  rows: number;
  fromBlock: number;
  toBlock: number;
}

/** Opens `files`, checks each holds rows of `meta` (the dataset's columns and key now), and closes them after `f`. */
async function withOpen<T>(files: readonly string[], meta: KeyFileMeta, f: (open: KeyFile[]) => Promise<T>): Promise<T> {
  const open: KeyFile[] = [];
  try {
    for (const file of files) {
      const k = KeyFile.open(file);
      open.push(k);
      if (JSON.stringify(k.meta) !== JSON.stringify(meta)) throw new Error(`key runs: ${file} holds other columns or another key than its dataset declares`);
    }
    return await f(open);
  } finally {
    for (const k of open) k.close();
  }
}

/** Writes `rows` into a new key file `out`; a failed write leaves no file. Returns the rows written. */
async function writeRows(out: string, meta: KeyFileMeta, rows: Iterable<ScannedRow>): Promise<number> {
  const w = await KeyFileWriter.create(out, meta);
  try {
    for (const r of rows) w.addRow(r);
    await w.finish();
    return w.rows;
  } catch (e) {
    await w.abort();
    throw e;
  }
}

/** The rows of `inputs` (each in key and time order) in one key and time order; an equal (key, time) keeps input order. */
export function* mergedRows(inputs: readonly Iterator<ScannedRow>[]): Generator<ScannedRow> {
  const heads = inputs.map((it) => it.next());
  for (;;) {
    let best = -1;
    for (let i = 0; i < heads.length; i++) {
      const h = heads[i]!;
      if (h.done) continue;
      if (best < 0) {
        best = i;
        continue;
      }
      const b = heads[best]!.value as ScannedRow;
      const c = Buffer.compare(h.value.key, b.key);
      if (c < 0 || (c === 0 && h.value.time < b.time)) best = i;
    }
    if (best < 0) return;
    yield heads[best]!.value as ScannedRow;
    heads[best] = inputs[best]!.next();
  }
}

/** Merges the key files `inputs` (runs oldest first) into `out`; returns its rows, which must be the inputs' sum. */
export async function mergeKeyRuns(out: string, meta: KeyFileMeta, inputs: readonly string[]): Promise<number> {
  return withOpen(inputs, meta, async (open) => {
    const want = open.reduce((a, k) => a + k.rowCount, 0);
    const got = await writeRows(out, meta, mergedRows(open.map((k) => k.scan())));
    if (got !== want) throw new Error(`key runs: merged ${out} holds ${got} rows, its runs ${want}`);
    return got;
  });
}

/**
 * The rows of key file `input` below block `fromBlock` written as a run of its own in `dir` (named by `name(id)`),
 * the cut of a replaced tail; null when no row is below it (no file is left).
 */
export async function cutKeyRun(input: string, meta: KeyFileMeta, fromBlock: number, fileOf: (id: string) => string): Promise<KeyRun | null> {
  const at = meta.columns.findIndex((c) => c.name === 'block_number');
  if (at < 0) throw new Error(`key runs: ${input} has no block_number column`);
  const byKey = meta.key === 'block_number' && meta.keyKind === 'number';
  const blockOf = (r: ScannedRow): number => (byKey ? Number(r.key.readBigUInt64BE(0)) : Number((JSON.parse(r.json) as unknown[])[at]));
  return withOpen([input], meta, async ([k]) => {
    let lo = Infinity;
    let hi = -Infinity;
    const kept = function* (): Generator<ScannedRow> {
      for (const r of k!.scan()) {
        const b = blockOf(r);
        if (!(b < fromBlock)) continue;
        if (b < lo) lo = b;
        if (b > hi) hi = b;
        yield r;
      }
    };
    // Written under a temporary name: the run's name is its block range, known only at the end.
    const tmp = fileOf('cut');
    const rows = await writeRows(tmp, meta, kept());
    if (rows === 0) {
      await fs.rm(tmp, { force: true });
      return null;
    }
    const id = runId(lo, hi);
    await fs.rename(tmp, fileOf(id));
    return { id, rows, fromBlock: lo, toBlock: hi };
  });
}
