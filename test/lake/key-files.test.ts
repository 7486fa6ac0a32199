/**
 * Key files (growth.ts `keyFile`, src/lake/key-files.ts; issue 32): the format on rows written here, each run's file
 * against its Parquet read with plain SQL, and the pages the server answers from them (no statement) against plain
 * SQL over the raw tables: deep offsets, both ends of a window alone, both sorts, the defaults.
 */
import { closeSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, unlinkSync, writeFileSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { KeyFile, KeyFileWriter, keyBytes, addressBucket } from '../../src/lake/key-files.ts';
import { verifyVersion } from '../../src/lake/verify.ts';
import { expectKeyFilesMatchRuns } from '../helpers/key-files.ts';
import { get, lakeDir, linkedLakeCopy, sql, testManifest } from '../helpers/lake.ts';
import { buildApp } from '../../src/http/app.ts';
import { endpoints } from '../../src/endpoints/index.ts';
import { budget } from '../helpers/budget.ts';

const roots: string[] = [];
afterAll(() => roots.forEach((r) => rmSync(r, { recursive: true, force: true })));
const tmp = (): string => {
  const d = mkdtempSync(path.join(os.tmpdir(), 'tronlake-keys-'));
  roots.push(d);
  return d;
};
const n = (v: unknown): number => Number(v);

describe('the key file format', () => {
  const meta = {
    columns: [{ name: 'address', integer: false }, { name: 'timestamp', integer: true }, { name: 'amount', integer: true }, { name: 'memo', integer: false }],
    key: 'address',
    keyKind: 'address' as const,
    time: 'timestamp',
  };
  // Keys in the order a bucketed run writes them: bucket, then the address text.
  const addresses = Array.from({ length: 300 }, (_, i) => `TA${String(i).padStart(4, '0')}xyz`).sort((a, b) => addressBucket(a) - addressBucket(b) || (a < b ? -1 : 1));

  it('answers the same rows whatever order the keys are read in (blocks and key slices that share a cache slot)', async () => {
    // More row blocks (~940) and sparse key slices (313) than a file keeps decoded (64 and 256), so reads share slots.
    const many = Array.from({ length: 20_000 }, (_, i) => `TB${String(i).padStart(5, '0')}xyz`).sort((a, b) => addressBucket(a) - addressBucket(b) || (a < b ? -1 : 1));
    const file = path.join(tmp(), 'run.keys');
    const w = await KeyFileWriter.create(file, meta);
    const want = new Map<string, unknown[][]>();
    for (const [i, a] of many.entries()) {
      const rows = Array.from({ length: (i % 2) + 1 }, (_, j) => [a, 1_000 * i + j, BigInt(i * 100 + j), `r${i}.${j}`]);
      want.set(a, rows);
      for (const r of rows) w.add(r as never);
    }
    await w.finish();
    const f = KeyFile.open(file);
    try {
      // Forward, backward, then strides that land on blocks (and key slices) a multiple of the cache's slots apart.
      const orders = [many, [...many].reverse(), ...[8, 16, 64, 256].map((stride) => many.map((_, i) => many[(i * stride) % many.length]!))];
      for (const order of orders) {
        for (const a of order) {
          const s = f.span(keyBytes('address', a)!)!;
          expect(f.rows(s.first, s.first + s.count).map((r) => Object.values(r)), a).toEqual(want.get(a));
        }
      }
    } finally {
      f.close();
    }
  });

  it('answers every key with its rows in order, an absent key with nothing, exact integers beyond 2^53, time bounds', async () => {
    const file = path.join(tmp(), 'run.keys');
    const w = await KeyFileWriter.create(file, meta);
    const want = new Map<string, unknown[][]>();
    for (const [i, a] of addresses.entries()) {
      const rows = Array.from({ length: (i % 7) + 1 }, (_, j) => [a, 1_000 * i + 10 * j, 2n ** 70n + BigInt(i * 10 + j), j === 0 ? null : `m${j}`]);
      want.set(a, rows);
      for (const r of rows) w.add(r as never);
    }
    await w.finish();
    const f = KeyFile.open(file);
    try {
      expect(f.keyCount).toBe(addresses.length);
      expect(f.rowCount).toBe([...want.values()].reduce((s, r) => s + r.length, 0));
      for (const [a, rows] of want) {
        const s = f.span(keyBytes('address', a)!)!;
        expect(s.count, a).toBe(rows.length);
        expect(f.rows(s.first, s.first + s.count).map((r) => Object.values(r)), a).toEqual(rows);
        // Both bounds alone: the first row at or after a time, the first row after it.
        const t1 = rows[1]?.[1] as number | undefined;
        if (t1 !== undefined) {
          expect(f.bound(s, t1, false)).toBe(s.first + 1);
          expect(f.bound(s, t1, true)).toBe(s.first + 2);
        }
        expect(f.bound(s, -1, false)).toBe(s.first);
        expect(f.bound(s, Number.MAX_SAFE_INTEGER, true)).toBe(s.first + s.count);
      }
      expect(f.span(keyBytes('address', 'TZZZZnotthere')!)).toBeUndefined();
      expect(f.span(keyBytes('address', 'T1')!)).toBeUndefined();
    } finally {
      f.close();
    }
  });

  it('time bounds on spans wider than one read (sampled times): both bounds alone against a scan of the times', async () => {
    const file = path.join(tmp(), 'wide.keys');
    const w = await KeyFileWriter.create(file, meta);
    // A small key, a key of 5,000 rows (each time three times: a bound can fall inside a run of equal times), a small key.
    const [before, busy, after] = addresses;
    const rowsOf = (a: string, n: number, t0: number) => Array.from({ length: n }, (_, j) => [a, t0 + 10 * Math.floor(j / 3), j, null]);
    const all = [...rowsOf(before!, 700, 0), ...rowsOf(busy!, 5_000, 50_000), ...rowsOf(after!, 1_500, 90_000)];
    for (const r of all) w.add(r as never);
    await w.finish();
    const f = KeyFile.open(file);
    try {
      // The first row of [first, end) whose time is ≥ t (or > t), by a plain scan.
      const scan = (first: number, end: number, t: number, after: boolean) => {
        for (let i = first; i < end; i++) if (after ? times[i]! > t : times[i]! >= t) return i;
        return end;
      };
      const s = f.span(keyBytes('address', busy!)!)!;
      expect(s).toEqual({ first: 700, count: 5_000 });
      const times = all.map((r) => r[1] as number);
      const probes = [-1, 49_999, 50_000, 50_005, 50_010, 53_410, 53_411, 56_660, 66_660, 66_661, 66_670, 1e12];
      for (let t = 50_000; t <= 66_700; t += 137) probes.push(t, t - t % 10);
      // Around each sampled row (every 1,024th of the file): the narrowing's own edges.
      for (let r = 1_024; r < all.length; r += 1_024) for (let d = -2; d <= 2; d++) probes.push(times[r + d]! - 1, times[r + d]!, times[r + d]! + 1);
      for (const t of probes) {
        expect(f.bound(s, t, false), `≥ ${t}`).toBe(scan(s.first, s.first + s.count, t, false));
        expect(f.bound(s, t, true), `> ${t}`).toBe(scan(s.first, s.first + s.count, t, true));
      }
      // The whole file as one span (times ascend over it here, as blocks_by_number's do).
      const whole = { first: 0, count: f.rowCount };
      for (const t of [-1, 0, 2_330, 50_000, 90_000, 94_990, 94_991, 1e12]) {
        expect(f.bound(whole, t, false), `whole ≥ ${t}`).toBe(scan(0, all.length, t, false));
        expect(f.bound(whole, t, true), `whole > ${t}`).toBe(scan(0, all.length, t, true));
      }
    } finally {
      f.close();
    }
  });

  it('refuses rows out of key order and keys its kind cannot hold', async () => {
    const file = path.join(tmp(), 'bad.keys');
    const w = await KeyFileWriter.create(file, { ...meta, keyKind: 'number', key: 'timestamp' });
    w.add(['a', 5, 1, null]);
    expect(() => w.add(['a', 4, 1, null])).toThrow(/out of key order/);
    expect(() => w.add(['a', -1, 1, null])).toThrow(/not a number/);
    await w.finish();
  });

  it('a text key (a run sorted by a VARCHAR, not bucketed) finds its rows; keys in byte order', async () => {
    const file = path.join(tmp(), 'text.keys');
    const w = await KeyFileWriter.create(file, { ...meta, keyKind: 'text' });
    const keys = ['1002000', 'TA1', 'TA10', 'TB', 'Tz'];
    for (const [i, k] of keys.entries()) for (let j = 0; j < i + 1; j++) w.add([k, j, BigInt(j), null]);
    await w.finish();
    const f = KeyFile.open(file);
    try {
      for (const [i, k] of keys.entries()) expect(f.span(keyBytes('text', k)!)?.count, k).toBe(i + 1);
      expect(f.span(keyBytes('text', 'TA')!)).toBeUndefined();
    } finally {
      f.close();
    }
  });

  it('a file that is not a key file does not open', () => {
    const file = path.join(tmp(), 'junk.keys');
    writeFileSync(file, Buffer.alloc(500, 7));
    expect(() => KeyFile.open(file)).toThrow(/not a key file/);
  });
});

describe('the lake writes a key file beside each run', () => {
  it("each run's rows, in its order, full values, hashed in the manifest", async () => {
    await expectKeyFilesMatchRuns(lakeDir(), await testManifest());
  }, budget(40)); // every row of 12 keyed datasets read twice (Parquet, key file): ~36 s at load 4

  it('tronlake verify checks each key file against its hash', async () => {
    const m = await testManifest();
    const report = await verifyVersion(lakeDir(), m, { deep: true });
    expect(report.problems).toEqual([]);
  });
});

describe('pages answered from key files equal plain SQL over the raw tables', () => {
  it('/api/block: newest and oldest first, deep offsets, each window bound alone, both', async () => {
    const [e] = await sql('select min("timestamp") as lo, max("timestamp") as hi, count(*) as c from raw_blocks');
    const [lo, hi] = [n(e!.lo), n(e!.hi)];
    const mid = Math.floor((lo + hi) / 2);
    const cases: [string, string][] = [
      ['', 'true'],
      [`&start_timestamp=${mid}`, `"timestamp" >= ${mid}`],
      [`&end_timestamp=${mid}`, `"timestamp" <= ${mid}`],
      [`&start_timestamp=${mid}&end_timestamp=${mid + 3_600_000}`, `"timestamp" BETWEEN ${mid} AND ${mid + 3_600_000}`],
    ];
    for (const [window, where] of cases) {
      const [c] = await sql(`select count(*) as c from raw_blocks where ${where}`);
      for (const [sort, dir] of [['', 'DESC'], ['&sort=number', 'ASC'], ['&sort=-number', 'DESC']] as const) {
        for (const [start, limit] of [[0, undefined], [0, 50], [9_950, 50], [137, 7]] as const) {
          const url = `/api/block?start=${start}${limit === undefined ? '' : `&limit=${limit}`}${window}${sort}`;
          const r = await get(url);
          expect(r.status, url).toBe(200);
          const want = await sql(`select block_number from raw_blocks where ${where} order by block_number ${dir} limit ${limit ?? 10} offset ${start}`);
          expect(r.body.data.map((b: { number: number }) => b.number), url).toEqual(want.map((w) => n(w.block_number)));
          expect(r.body.rangeTotal, url).toBe(n(c!.c));
          expect(r.body.total, url).toBe(Math.min(10_000, n(c!.c)));
        }
      }
    }
  });

  it('/api/transaction?address=: both sides once, newest first by default, deep pages, windows, the total', async () => {
    const [busy] = await sql(`select a from (select owner_address a from raw_transactions union all select coalesce(to_address, contract_address) from raw_transactions where coalesce(to_address, contract_address) <> owner_address) group by 1 order by count(*) desc, 1 limit 1`);
    const a = String(busy!.a);
    const mine = `select tx_hash, "timestamp", block_number, tx_index from raw_transactions where owner_address = '${a}' or coalesce(to_address, contract_address) = '${a}'`;
    const [span] = await sql(`select min("timestamp") lo, max("timestamp") hi, count(*) c from (${mine})`);
    const mid = Math.floor((n(span!.lo) + n(span!.hi)) / 2);
    expect(n(span!.c)).toBeGreaterThan(60);
    for (const [window, where] of [['', 'true'], [`&start_timestamp=${mid}`, `"timestamp" >= ${mid}`], [`&end_timestamp=${mid}`, `"timestamp" <= ${mid}`]] as const) {
      const [c] = await sql(`select count(*) c from (${mine}) where ${where}`);
      for (const [sort, dir] of [['', 'DESC'], ['&sort=timestamp', 'ASC'], ['&sort=-block', 'DESC']] as const) {
        for (const [start, limit] of [[0, undefined], [0, 50], [Math.min(n(c!.c) - 3, 9_980), 20], [23, 9]] as const) {
          const url = `/api/transaction?address=${a}&start=${start}${limit === undefined ? '' : `&limit=${limit}`}${window}${sort}`;
          const r = await get(url);
          expect(r.status, url).toBe(200);
          const want = await sql(`select tx_hash from (${mine}) where ${where} order by "timestamp" ${dir}, block_number ${dir}, tx_index ${dir} limit ${limit ?? 10} offset ${start}`);
          expect(r.body.data.map((t: { hash: string }) => t.hash), url).toEqual(want.map((w) => w.tx_hash));
          expect(r.body.rangeTotal, url).toBe(n(c!.c));
        }
      }
    }
  });
});

describe('a damaged key file is a 503 naming its dataset, never a wrong page', () => {
  it("row blocks overwritten under a valid footer: the block's answer is 503 DATA_UNAVAILABLE, no path in it", async () => {
    const copy = linkedLakeCopy('tronlake-bad-keys-');
    const m = await testManifest();
    const dir = path.join(copy, 'versions', m.version, 'derived', 'blocks_by_number');
    const [file] = readdirSync(dir).filter((f) => f.endsWith('.keys'));
    // A copy of the file (the link is unlinked first: the shared lake is read only) with its first row blocks zeroed:
    // the footer, key entries and times still read, the rows do not.
    const bytes = readFileSync(path.join(dir, file!));
    unlinkSync(path.join(dir, file!));
    writeFileSync(path.join(dir, file!), bytes);
    const fd = openSync(path.join(dir, file!), 'r+');
    writeSync(fd, Buffer.alloc(64 * 1024, 0x5a), 0, 64 * 1024, 0);
    closeSync(fd);
    const [first] = await sql('select min(block_number) as b from raw_blocks');
    const app = await buildApp({ dataDir: copy, endpoints, cacheBytes: 0 });
    try {
      const r = await app.inject({ method: 'GET', url: `/api/block?number=${n(first!.b)}` });
      expect(r.statusCode).toBe(503);
      expect(r.body).toMatch(/blocks_by_number/);
      expect(r.body).not.toMatch(/\.keys|versions|\/tmp/);
    } finally {
      await app.close();
      rmSync(path.dirname(copy), { recursive: true, force: true });
    }
  }, budget(30));
});
