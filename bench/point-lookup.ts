/**
 * One point lookup, SQL only (no HTTP), on the stores issue 32 asks to measure before choosing: the hash index of a
 * lake (tx_by_hash) as the lake stores it (Parquet, 16,384-row groups), the same rows in Parquet with smaller row
 * groups, in a DuckDB database file attached read-only, and in a DuckDB in-memory table; beside `SELECT 1`, the
 * statement floor. Every variant answers the same keys (drawn from the index) with the same prepared statement shape,
 * interleaved key by key, so load moves them together. One more variant is no SQL at all: the same rows as a sorted
 * key file of fixed-width records, found by a sparse in-memory index (every KEY_BLOCK-th key) and one positioned read
 * (`pread`) of the block that holds the key, binary-searched in Node (the "sorted key file with a known offset" of
 * issue 32), to tell what the DuckDB statement itself costs against the bytes a lookup needs.
 *
 *   npx tsx bench/point-lookup.ts --data DIR [--keys 400] [--out bench/results/point-lookup.md]
 */
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DuckDBInstance } from '@duckdb/node-api';
import { readManifest, versionDir } from '../src/lake/manifest.ts';

const { values: a } = parseArgs({ options: { data: { type: 'string' }, keys: { type: 'string', default: '400' }, out: { type: 'string' } } });
if (!a.data) throw new Error('--data DIR is required');
const keys = Number(a.keys);
const m = await readManifest(a.data);
if (!m) throw new Error(`no lake in ${a.data}`);
const index = path.join(versionDir(a.data, m), 'derived', 'tx_by_hash', '*.parquet');
const tmp = mkdtempSync(path.join(os.tmpdir(), 'point-lookup-'));
const lit = (s: string) => `'${s.replace(/'/g, "''")}'`;
const load = (): string => os.loadavg().map((x) => x.toFixed(1)).join(' ');

try {
  const db = await DuckDBInstance.create(':memory:', { threads: String(os.cpus().length) });
  const c = await db.connect();
  await c.run('SET parquet_metadata_cache = true');
  const loadBefore = load();
  // The variants, each made from the lake's own index file(s).
  await c.run(`CREATE TABLE mem AS SELECT hash_prefix, block_number, "timestamp" FROM read_parquet(${lit(index)}) ORDER BY hash_prefix`);
  const rows = Number((await c.runAndReadAll('SELECT count(*) FROM mem')).getRows()[0]![0]);
  const variants: { name: string; from: string; bytes: number }[] = [];
  const bytesOf = (glob: string) => Number(statSync(glob).size);
  for (const rg of [16_384, 4_096, 1_024]) {
    const f = path.join(tmp, `rg${rg}.parquet`);
    await c.run(`COPY mem TO ${lit(f)} (FORMAT parquet, COMPRESSION zstd, ROW_GROUP_SIZE ${rg})`);
    variants.push({ name: `Parquet, ${rg.toLocaleString('en-US')}-row groups${rg === 16_384 ? ' (as the lake stores it)' : ''}`, from: `read_parquet(${lit(f)})`, bytes: bytesOf(f) });
  }
  const file = path.join(tmp, 'index.duckdb');
  await c.run(`ATTACH ${lit(file)} AS f`);
  await c.run('CREATE TABLE f.idx AS SELECT * FROM mem');
  await c.run('DETACH f');
  await c.run(`ATTACH ${lit(file)} AS f (READ_ONLY)`);
  variants.push({ name: 'DuckDB database file, attached read-only', from: 'f.idx', bytes: bytesOf(file) });
  variants.push({ name: 'DuckDB in-memory table', from: 'mem', bytes: Number.NaN });
  const sample = (await c.runAndReadAll(`SELECT hash_prefix FROM mem USING SAMPLE reservoir(${keys} ROWS) REPEATABLE (7)`)).getRows().map((r) => BigInt(String(r[0])));

  // The sorted key file: records of (hash_prefix, block_number, timestamp) as three little-endian int64, in key order.
  const RECORD = 24;
  const KEY_BLOCK = 256;
  const keyFile = path.join(tmp, 'index.keys');
  const sorted = (await c.runAndReadAll('SELECT hash_prefix, block_number, "timestamp" FROM mem ORDER BY hash_prefix')).getColumns();
  const n = sorted[0]!.length;
  const buf = Buffer.alloc(n * RECORD);
  const sparse = new BigInt64Array(Math.ceil(n / KEY_BLOCK));
  for (let i = 0; i < n; i++) {
    const k = BigInt(String(sorted[0]![i]));
    buf.writeBigInt64LE(k, i * RECORD);
    buf.writeBigInt64LE(BigInt(String(sorted[1]![i])), i * RECORD + 8);
    buf.writeBigInt64LE(BigInt(String(sorted[2]![i])), i * RECORD + 16);
    if (i % KEY_BLOCK === 0) sparse[i / KEY_BLOCK] = k;
  }
  writeFileSync(keyFile, buf);
  const keyHandle = await open(keyFile, 'r');
  const blockBuf = Buffer.alloc(KEY_BLOCK * RECORD);
  /** The record of `key`, or undefined: the last sparse key ≤ key names the block; one pread; a binary search in it. */
  const keyFileLookup = async (key: bigint): Promise<[bigint, bigint] | undefined> => {
    let lo = 0;
    let hi = sparse.length - 1;
    while (lo < hi) { const mid = (lo + hi + 1) >> 1; if (sparse[mid]! <= key) lo = mid; else hi = mid - 1; }
    const { bytesRead } = await keyHandle.read(blockBuf, 0, blockBuf.length, lo * KEY_BLOCK * RECORD);
    let a = 0;
    let b = bytesRead / RECORD - 1;
    while (a <= b) {
      const mid = (a + b) >> 1;
      const k = blockBuf.readBigInt64LE(mid * RECORD);
      if (k === key) return [blockBuf.readBigInt64LE(mid * RECORD + 8), blockBuf.readBigInt64LE(mid * RECORD + 16)];
      if (k < key) a = mid + 1; else b = mid - 1;
    }
    return undefined;
  };

  const statements = await Promise.all(variants.map((v) => c.prepare(`SELECT block_number, "timestamp" FROM ${v.from} WHERE hash_prefix = $1`)));
  const floor = await c.prepare('SELECT 1');
  const times: number[][] = [...variants.map(() => [] as number[]), [], []];
  const KEYFILE = variants.length + 1;
  // Warm: every variant answers a few keys first (metadata caches, page cache).
  for (const k of sample.slice(0, 20)) for (const s of statements) { s.bindBigInt(1, k); await s.runAndReadAll(); }
  for (const [i, k] of sample.entries()) {
    const order = i % 2 === 0 ? statements.map((_, j) => j) : statements.map((_, j) => statements.length - 1 - j);
    for (const j of order) {
      const s = statements[j]!;
      s.bindBigInt(1, k);
      const t0 = performance.now();
      const r = await s.runAndReadAll();
      times[j]!.push(performance.now() - t0);
      if (r.getRows().length === 0) throw new Error(`${variants[j]!.name}: no row for key ${k}`);
    }
    const t0 = performance.now();
    await floor.runAndReadAll();
    times[variants.length]!.push(performance.now() - t0);
    const t1 = performance.now();
    const found = await keyFileLookup(k);
    times[KEYFILE]!.push(performance.now() - t1);
    if (!found) throw new Error(`key file: no row for key ${k}`);
  }
  // The key file answers what DuckDB answers (a wrong fast answer would measure nothing).
  const check = await c.prepare('SELECT block_number, "timestamp" FROM mem WHERE hash_prefix = $1');
  for (const k of sample.slice(0, 50)) {
    check.bindBigInt(1, k);
    const [row] = (await check.runAndReadAll()).getRows();
    const got = await keyFileLookup(k);
    if (!row || !got || BigInt(String(row[0])) !== got[0] || BigInt(String(row[1])) !== got[1]) throw new Error(`key file disagrees with DuckDB on key ${k}`);
  }
  await keyHandle.close();
  const q = (xs: number[], p: number) => [...xs].sort((x, y) => x - y)[Math.min(xs.length - 1, Math.ceil(p * xs.length) - 1)]!;
  const lines = [
    '# Point lookup by key: Parquet against DuckDB storage (issue 32)',
    '',
    `Generated by \`npx tsx bench/point-lookup.ts --data ${a.data} --keys ${keys}\` on ${new Date().toISOString().slice(0, 16)} UTC.`,
    `Lake version \`${m.version}\`: tx_by_hash, ${rows.toLocaleString('en-US')} rows (one key per transaction). SQL only, no HTTP: one`,
    'prepared statement per variant (`SELECT block_number, "timestamp" FROM … WHERE hash_prefix = $1`), the same keys,',
    `variants interleaved key by key (order reversed every other key), ${os.cpus().length} DuckDB threads, Parquet metadata cache on.`,
    `Machine: ${os.cpus().length} cores, load average before ${loadBefore}, after ${load()}.`,
    '',
    '| store | bytes | p50 ms | p90 ms | p99 ms |',
    '|---|---:|---:|---:|---:|',
    ...variants.map((v, j) => `| ${v.name} | ${Number.isNaN(v.bytes) ? '–' : `${(v.bytes / 1e6).toFixed(1)} MB`} | ${q(times[j]!, 0.5).toFixed(2)} | ${q(times[j]!, 0.9).toFixed(2)} | ${q(times[j]!, 0.99).toFixed(2)} |`),
    `| Sorted key file (fixed 24-byte records, sparse index of every ${KEY_BLOCK}th key in memory, one pread), no SQL | ${(statSync(keyFile).size / 1e6).toFixed(1)} MB | ${q(times[KEYFILE]!, 0.5).toFixed(2)} | ${q(times[KEYFILE]!, 0.9).toFixed(2)} | ${q(times[KEYFILE]!, 0.99).toFixed(2)} |`,
    `| \`SELECT 1\` (the statement floor) | – | ${q(times[variants.length]!, 0.5).toFixed(2)} | ${q(times[variants.length]!, 0.9).toFixed(2)} | ${q(times[variants.length]!, 0.99).toFixed(2)} |`,
    '',
  ];
  const text = lines.join('\n');
  console.log(text);
  if (a.out) writeFileSync(a.out, text);
  c.closeSync();
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
