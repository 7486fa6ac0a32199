import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { get, lakeDir, sql, testApp, testManifest } from '../helpers/lake.ts';
import { buildApp } from '../../src/http/app.ts';
import { endpoints } from '../../src/endpoints/index.ts';
import { isBuilt } from '../../src/endpoints/kit/per-version.ts';
import { Db } from '../../src/duckdb/duck.ts';
import { columnDDL, sourceDatasets } from '../../src/lake/datasets/index.ts';
import { datasetGlob } from '../../src/lake/views.ts';
import { publishVersion, rederive } from '../../src/lake/publish/publish.ts';
import { layoutIds } from '../../src/lake/derive/layout.ts';
import { readManifest, versionDir } from '../../src/lake/manifest.ts';
import { budget } from '../helpers/budget.ts';

describe('app', () => {
  it('/health reports the published version and fingerprint', async () => {
    const m = await testManifest();
    const { status, body } = await get('/health');
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: 'ok', version: m.version, fingerprint: m.fingerprint, head: m.head });
  });

  it("/health counts the process's GC pauses, as performance entries report them", async () => {
    const { PerformanceObserver } = await import('node:perf_hooks');
    const gcOf = async () => (await get('/health')).body.gc as { minor: { count: number; ms: number }; major: { count: number; ms: number } };
    const before = await gcOf();
    // An independent ledger of the collections from here on, and garbage until it has seen three.
    let entries = 0;
    const ledger = new PerformanceObserver((list) => void (entries += list.getEntries().length));
    ledger.observe({ entryTypes: ['gc'] });
    let junk: number[][] = [];
    for (let i = 0; i < 2_000 && entries < 3; i++) {
      junk = Array.from({ length: 2_000 }, (_, j) => [i, j]);
      await new Promise((r) => setImmediate(r));
    }
    const seen = entries;
    const after = await gcOf();
    ledger.disconnect();
    expect(junk.length).toBe(2_000);
    expect(seen).toBeGreaterThanOrEqual(3);
    for (const g of [before, after]) for (const k of [g.minor, g.major]) expect(k.ms).toBeGreaterThanOrEqual(0);
    // Every collection the ledger saw was delivered to the app's observer in the same task: /health counts it too.
    expect(after.minor.count + after.major.count - before.minor.count - before.major.count).toBeGreaterThanOrEqual(seen);
    expect(after.minor.ms + after.major.ms).toBeGreaterThan(before.minor.ms + before.major.ms);
  });

  it("/health gives the process's CPU time, as process.cpuUsage counts it", async () => {
    const cpu = async () => (await get('/health')).body.cpuMs as number;
    const u0 = process.cpuUsage();
    const before = await cpu();
    // Busy for at least 200 ms of CPU (a loop, not a sleep).
    const t0 = process.cpuUsage();
    let x = 0;
    while (process.cpuUsage(t0).user < 200_000) x += Math.sqrt(x + 1);
    const after = await cpu();
    const u1 = process.cpuUsage(u0);
    expect(x).toBeGreaterThan(0);
    expect(after - before).toBeGreaterThanOrEqual(200);
    // Never more than the CPU this test's process spent around the two reads (0.1 ms rounding each side).
    expect(after - before).toBeLessThanOrEqual((u1.user + u1.system) / 1000 + 0.2);
  });

  it('unknown paths are JSON 404s from the catalog', async () => {
    const r = await get('/api/no-such-thing?x=1');
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ message: 'No endpoint GET /api/no-such-thing.', error: 'NOT_FOUND' });
  });

  it('answers If-None-Match with 304 and labels the dataset version', async () => {
    const app = await testApp();
    const first = await app.inject({ url: '/api/block?limit=3' });
    expect(first.headers.etag).toMatch(/^"[0-9a-f]{16}"$/);
    expect(first.headers['x-dataset-version']).toBe((await testManifest()).version);
    const again = await app.inject({ url: '/api/block?limit=3', headers: { 'if-none-match': String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });

  it('the ETag is the SHA-256 of the bytes sent, with the cache off and from the cache alike', async () => {
    const sha = (b: Buffer) => `"${createHash('sha256').update(b).digest('hex').slice(0, 16)}"`;
    // Hashed independently over the received bytes; the second answer of the cached app comes from its cache.
    for (const app of [await testApp(), await buildApp({ dataDir: lakeDir(), endpoints, cacheBytes: 1 << 20 })]) {
      const a = await app.inject({ url: '/api/tokens/overview?limit=50' });
      const b = await app.inject({ url: '/api/tokens/overview?limit=50' });
      expect(a.statusCode).toBe(200);
      expect(a.headers.etag).toBe(sha(a.rawPayload));
      expect(Number(a.headers['content-length'])).toBe(a.rawPayload.length);
      expect(b.rawPayload.equals(a.rawPayload)).toBe(true);
      expect(b.headers.etag).toBe(a.headers.etag);
    }
  });

  it("every endpoint's warm-up requests are requests it accepts", () => {
    const warming = endpoints.filter((ep) => (ep.warm ?? []).length > 0);
    expect(warming.map((ep) => ep.path)).toContain('/api/deep/stableCoin/liquidity/transaction');
    for (const ep of warming) for (const q of ep.warm!) expect(ep.params.safeParse({ ...q }).success, `${ep.path} ${JSON.stringify(q)}`).toBe(true);
  });

  it('switches to a newly published version atomically and keeps answering', async () => {
    // A private copy of the lake, republished from its own Parquet as an ingester's publish does (its last day
    // rewritten, the other days linked, derived incrementally): a new version with the same content. A full derive of
    // the tiny lake is what its generation (global setup) and the derive tests check; here the switch is the subject.
    const root = mkdtempSync(path.join(os.tmpdir(), 'tronlake-switch-'));
    try {
      const dir = path.join(root, 'lake');
      cpSync(lakeDir(), dir, { recursive: true });
      const app = await buildApp({ dataDir: dir, endpoints, cacheBytes: 1 << 20 });
      // The same lake served as `tronlake serve` does: a new version's warm-up requests answered before the switch.
      const warmed = await buildApp({ dataDir: dir, endpoints, cacheBytes: 0, warmMaxMs: 60_000 });
      const before = JSON.parse((await app.inject({ url: '/health' })).body);
      const cached = (await app.inject({ url: '/api/block?limit=2' })).body;
      // A by-address page names its range files from the served version's manifest (src/lake/derive/address-ranges.ts): after
      // the switch they must be the new version's files (the engine may read only its own version folder).
      const [busy] = await sql('SELECT owner_address AS a FROM raw_transactions GROUP BY 1 ORDER BY count(*) DESC LIMIT 1');
      const byAddress = `/api/transaction?address=${String(busy!.a)}&limit=5`;
      const pageBefore = await app.inject({ url: byAddress });
      expect(pageBefore.statusCode).toBe(200);

      const m = (await readManifest(dir))!;
      const db = await Db.open({ threads: 2 });
      for (const ds of sourceDatasets) {
        const glob = datasetGlob(versionDir(dir, m), ds);
        if (!(m.tables[ds.name]?.rows ?? 0)) {
          await db.run(`CREATE TABLE ${ds.name} (${columnDDL(ds)})`);
          continue;
        }
        await db.run(`CREATE TABLE ${ds.name} AS SELECT ${ds.columns.map((c) => `"${c.name}"`).join(', ')} FROM read_parquet('${glob}')`);
      }
      const lastDay = Object.keys(m.tables.blocks!.partitions!).sort().at(-1)!;
      const next = await publishVersion(db, { dataDir: dir, source: m.source, solidBlock: m.solidBlock, days: [lastDay] });
      db.close();

      expect(next.version).not.toBe(before.version);
      expect(next.fingerprint).toBe(before.fingerprint);
      expect(await app.lake.poll()).toBe(true);
      const after = JSON.parse((await app.inject({ url: '/health' })).body);
      expect(after.version).toBe(next.version);
      // Same content, new version: same answer (the cache key includes the version, so this one ran its SQL).
      expect((await app.inject({ url: '/api/block?limit=2' })).body).toBe(cached);
      const pageAfter = await app.inject({ url: byAddress });
      expect(pageAfter.statusCode).toBe(200);
      expect(pageAfter.body).toBe(pageBefore.body);

      // The warm-up: on the app that warms, the new version's kept liquidity events were built before it switched, so
      // the first answer runs no statement; the app that does not warm runs it for its first client. Same answer.
      expect(await warmed.lake.poll()).toBe(true);
      // What the warm-up started in the background (bigAmount's kept index, relatedAccount's rankings) was finished
      // before the switch too, and /health says the warm-up is over (off where there is none).
      expect(isBuilt(warmed.lake.current.manifest, 'big-amount:stable-index')).toBe(true);
      expect(JSON.parse((await warmed.inject({ url: '/health' })).body).warmUp).toBe('done');
      expect(after.warmUp).toBe('off');
      const statements = (r: { headers: Record<string, unknown> }) => String(r.headers['server-timing'] ?? '').split(', ').filter(Boolean).map((t) => t.split(';')[0]);
      const liquidity = '/api/deep/stableCoin/liquidity/transaction?minValue=0';
      const cold = await app.inject({ url: liquidity });
      const warm = await warmed.inject({ url: liquidity });
      expect(cold.statusCode).toBe(200);
      expect(JSON.parse(cold.body).total).toBeGreaterThan(0);
      expect(statements(cold)).toContain('deep_liquidity-transaction');
      expect(statements(warm)).toEqual([]);
      expect(warm.body).toBe(cold.body);
      // The first stablecoin list reads the kept index, no statement; the app that does not warm answers its first
      // client with the statement. Same answer.
      const bigAmount = '/api/deep/stableCoin/bigAmount?types=0&limit=5';
      const bigCold = await app.inject({ url: bigAmount });
      const bigWarm = await warmed.inject({ url: bigAmount });
      expect(bigCold.statusCode).toBe(200);
      expect(statements(bigCold)).toContain('deep_stablecoin-big-amount');
      expect(statements(bigWarm)).not.toContain('deep_stablecoin-big-amount');
      expect(bigWarm.body).toBe(bigCold.body);
      await warmed.close();
      await app.close();
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  }, budget(45)); // a copy of the tiny lake, two apps over it (one warming) and a publish: ~30-45 quiet seconds

  it('refuses a lake derived by another release and names the fix; rederive rebuilds it from the same raw files', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'tronlake-rederive-'));
    try {
      const dir = path.join(root, 'lake');
      cpSync(lakeDir(), dir, { recursive: true });
      const file = path.join(dir, 'manifest.json');
      const m = JSON.parse(readFileSync(file, 'utf8'));
      // A lake from before per-dataset layout ids, with an unknown single id: every derived dataset is stale.
      writeFileSync(file, JSON.stringify({ ...m, layout: 'from-an-older-release', layouts: undefined }));
      await expect(buildApp({ dataDir: dir, endpoints, cacheBytes: 0 })).rejects.toThrow(`run \`tronlake rederive --data ${dir}\``);

      const next = await rederive(dir);
      expect(next.version).not.toBe(m.version);
      expect(next.fingerprint).toBe(m.fingerprint);
      expect(next.layouts).toEqual(layoutIds());
      for (const t of Object.values(next.tables)) if (t.kind === 'derived') expect(t.rebuilt?.how).not.toBe('linked');
      for (const [name, t] of Object.entries(m.tables as Record<string, { rows: number }>)) expect(next.tables[name]?.rows, name).toBe(t.rows);
      // Raw day files are hard links to the previous version's, not copies.
      const day = readdirSync(path.join(versionDir(dir, m), 'raw', 'transactions'))[0]!;
      const inode = (v: { version: string }) => statSync(path.join(versionDir(dir, v), 'raw', 'transactions', day, readdirSync(path.join(versionDir(dir, v), 'raw', 'transactions', day))[0]!)).ino;
      expect(inode(next)).toBe(inode(m));
      const app = await buildApp({ dataDir: dir, endpoints, cacheBytes: 0 });
      const [busy] = (await get('/api/transaction?limit=1')).body.data;
      const url = `/api/transaction?address=${busy.ownerAddress}&limit=20`;
      expect(JSON.parse((await app.inject({ url })).body)).toEqual((await get(url)).body);
      await app.close();
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  }, budget(30)); // a copy of the tiny lake rederived in full, an app over it: ~20 quiet seconds
});
