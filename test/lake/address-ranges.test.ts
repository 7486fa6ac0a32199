/**
 * Address-range files of the bucketed runs datasets (src/lake/derive/address-ranges.ts): what the manifest lists is what the
 * files hold, a run's files of one bucket hold disjoint ranges in address order (one address never spans two), no
 * file passes the bound unless it holds one address, the copies hold the raw rows, and the files the engine names for
 * an address hold every row of it. The test lakes are published with a small bound (vitest.config.ts sets
 * TRONLAKE_RANGE_ROWS), so their buckets are cut into several files. Facts are read from the files here (filename,
 * address, count), independently of the manifest and of the derive code.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Db } from '../../src/duckdb/duck.ts';
import { AddressFiles, addressBucket, compareAddresses, cutRanges, rangeRowsOf } from '../../src/lake/derive/address-ranges.ts';
import { derivedDatasets } from '../../src/lake/datasets/index.ts';
import { keysOnly } from '../../src/lake/datasets/growth.ts';
import { versionDir } from '../../src/lake/manifest.ts';
import { hexToBase58 } from '../../src/chain/address.ts';
import { get, lakeDir, sql, testManifest } from '../helpers/lake.ts';

/** A valid address no lake holds (20 bytes of 0x7a): asked for, it must read as empty. */
const UNSEEN = hexToBase58('41' + '7a'.repeat(20));

/** Bucketed runs with address-range files: a keys-only one (growth keysOnly) has none, only its key file. */
const RANGED = derivedDatasets.filter((d) => d.bucketBy && d.growth.rule === 'runs' && !keysOnly(d));

/** Per file of `name`: its bucket folder, name, rows and address span, and its rows per address. */
async function filesOf(name: string): Promise<{ files: Map<string, { bucket: number; rows: number; min: string; max: string }>; perAddress: Map<string, Map<string, number>> }> {
  const m = await testManifest();
  const dir = versionDir(lakeDir(), m);
  const key = RANGED.find((d) => d.name === name)!.bucketBy!;
  const db = await Db.open({ threads: 1 });
  try {
    const rows = await db.all(`SELECT filename AS f, ${key} AS a, count(*) AS n FROM read_parquet('${path.join(dir, 'derived', name, '*', '*.parquet')}', filename = true, hive_partitioning = false) GROUP BY ALL`);
    const files = new Map<string, { bucket: number; rows: number; min: string; max: string }>();
    const perAddress = new Map<string, Map<string, number>>();
    for (const r of rows) {
      const rel = path.relative(path.join(dir, 'derived', name), String(r.f));
      const a = String(r.a);
      const n = Number(r.n);
      const f = files.get(rel) ?? { bucket: Number(/^bucket=(\d+)\//.exec(rel)![1]), rows: 0, min: a, max: a };
      f.rows += n;
      if (compareAddresses(a, f.min) < 0) f.min = a;
      if (compareAddresses(a, f.max) > 0) f.max = a;
      files.set(rel, f);
      perAddress.set(a, (perAddress.get(a) ?? new Map()).set(rel, n));
    }
    return { files, perAddress };
  } finally {
    db.close();
  }
}

describe('address ranges', () => {
  it('cutRanges: greedy cuts at address boundaries, an address above the bound alone', () => {
    expect(cutRanges([['a', 2], ['b', 2], ['c', 1]], 3)).toEqual([{ min: 'a', max: 'a', rows: 2 }, { min: 'b', max: 'c', rows: 3 }]);
    expect(cutRanges([['a', 1], ['b', 9], ['c', 1], ['d', 1]], 3)).toEqual([
      { min: 'a', max: 'a', rows: 1 },
      { min: 'b', max: 'b', rows: 9 },
      { min: 'c', max: 'd', rows: 2 },
    ]);
    expect(cutRanges([], 3)).toEqual([]);
  });

  it('addressBucket agrees with the SQL macro on every address of the lake', async () => {
    const rows = await sql(`SELECT DISTINCT address FROM read_parquet('${path.join(versionDir(lakeDir(), await testManifest()), 'derived', 'address_transactions', '*', '*.parquet')}', hive_partitioning = false) LIMIT 3000`);
    const db = await Db.open({ threads: 1 });
    try {
      const last2 = (a: string): number => (a.charCodeAt(a.length - 1) * 58 + a.charCodeAt(a.length - 2)) % 32;
      for (const r of rows) expect(addressBucket(String(r.address))).toBe(last2(String(r.address)));
    } finally {
      db.close();
    }
  });

  for (const ds of RANGED) {
    it(`${ds.name}: the manifest lists the files as they are; disjoint ordered ranges per run and bucket; bounded`, async () => {
      const m = await testManifest();
      const entry = m.tables[ds.name]!;
      const { files } = await filesOf(ds.name);
      const listed = entry.runs!.flatMap((r) => r.files!.map((f) => ({ ...f, run: r.id })));
      expect(listed.map((f) => `bucket=${f.bucket}/${f.name}`).sort()).toEqual([...files.keys()].sort());
      for (const f of listed) {
        const onDisk = files.get(`bucket=${f.bucket}/${f.name}`)!;
        expect({ bucket: f.bucket, rows: f.rows, min: f.min, max: f.max }).toEqual(onDisk);
        expect(addressBucket(f.min)).toBe(f.bucket);
      }
      for (const r of entry.runs!) expect(r.files!.reduce((a, f) => a + f.rows, 0)).toBe(r.rows);
      const bound = rangeRowsOf(ds.growth.rule === 'runs' ? ds.growth.rangeRows : undefined)!;
      let cutBuckets = 0;
      for (const r of entry.runs!) {
        for (let b = 0; b < 32; b++) {
          const inBucket = r.files!.filter((f) => f.bucket === b);
          // Manifest order is address order, and each next file starts after the previous one ends: no shared address.
          for (let i = 1; i < inBucket.length; i++) expect(compareAddresses(inBucket[i - 1]!.max, inBucket[i]!.min)).toBeLessThan(0);
          for (const f of inBucket) if (f.rows > bound) expect(f.min).toBe(f.max);
          if (inBucket.length > 1) cutBuckets++;
        }
      }
      // The test lakes exercise cut buckets (the bound is small there), at least in the largest copy.
      if (ds.name === 'address_transactions') expect(cutBuckets).toBeGreaterThan(0);
    });

    it(`${ds.name}: the files named for an address hold every row of it, one file per run at most`, async () => {
      const m = await testManifest();
      const { perAddress } = await filesOf(ds.name);
      const named = new AddressFiles(versionDir(lakeDir(), m), m);
      const base = path.join(versionDir(lakeDir(), m), 'derived', ds.name) + path.sep;
      for (const [address, byFile] of perAddress) {
        const chosen = named.of(ds.name, address).map((p) => p.slice(base.length));
        expect(chosen.length).toBeLessThanOrEqual(m.tables[ds.name]!.runs!.length);
        expect([...byFile.keys()].filter((f) => !chosen.includes(f))).toEqual([]);
      }
      // An address never seen: one file, holding none of its rows.
      expect(named.of(ds.name, UNSEEN)).toHaveLength(1);
      expect(perAddress.get(UNSEEN)).toBeUndefined();
    });
  }

  it('address_transactions holds each side of every raw transaction once (content, not only counts)', async () => {
    const m = await testManifest();
    const glob = path.join(versionDir(lakeDir(), m), 'derived', 'address_transactions', '*', '*.parquet');
    const [copy] = await sql(`SELECT count(*) AS n, sum(hash(address, direction, tx_hash)::HUGEINT)::VARCHAR AS h FROM read_parquet('${glob}', hive_partitioning = false)`);
    const [raw] = await sql(`WITH s AS (
        SELECT owner_address AS a, coalesce(to_address, contract_address) AS b, tx_hash FROM raw_transactions)
      SELECT count(*) AS n, sum(hash(address, direction, tx_hash)::HUGEINT)::VARCHAR AS h FROM (
        SELECT a AS address, CASE WHEN a = b THEN 'self' ELSE 'out' END AS direction, tx_hash FROM s
        UNION ALL SELECT b, 'in', tx_hash FROM s WHERE b IS NOT NULL AND b <> a)`);
    expect(copy).toEqual(raw);
  });

  it('an address never seen is an empty, correctly shaped page on every by-address list', async () => {
    const unseen = UNSEEN;
    for (const url of [`/api/transaction?address=${unseen}`, `/api/transfer?address=${unseen}`, `/api/internal-transaction?address=${unseen}`, `/api/token_trc20/transfers?relatedAddress=${unseen}`]) {
      const r = await get(url);
      expect(r.status, url).toBe(200);
      expect(r.body.data ?? r.body.token_transfers, url).toEqual([]);
    }
  });
});
