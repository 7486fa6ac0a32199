/**
 * Governance in a batched build (issue 13): the generator draws the governance schedule for the whole window, so the
 * tiny profile made 12 days at a time writes the same governance transactions and energy price as the one-batch test
 * lake (same seed), and its snapshots, written with the first batch, are older than the head. /api/proposal then
 * still lists every proposal the blocks create, with the state the ledger of the raw transactions gives
 * (test/endpoints/witness/expected.ts over this lake's files), and the witness and governance section of the exactness
 * audit (test/exact/governance.ts: proposals and last-cycle votes from the ledgers of the raw transactions) holds on it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../../datasets/generate/index.ts';
import { buildApp, type TronlakeApp } from '../../src/http/app.ts';
import { endpoints } from '../../src/endpoints/index.ts';
import { Db, type Row } from '../../src/duckdb/duck.ts';
import { type Manifest, readManifest, versionDir } from '../../src/lake/manifest.ts';
import { lakeDir } from '../helpers/lake.ts';
import { TEST_SEED } from '../global-setup.ts';
import { rawViewStatements } from '../exact/checks.ts';
import { governanceChecks } from '../exact/governance.ts';
import { budget } from '../helpers/budget.ts';

let root: string;
let batched: Manifest;
let app: TronlakeApp;
let db: Db;

const files = (dir: string, m: Manifest, ds: string, kind: 'raw' | 'snap' | 'dim'): string =>
  kind === 'raw' ? `read_parquet('${versionDir(dir, m)}/raw/${ds}/*/*.parquet', hive_partitioning = false)` : `read_parquet('${versionDir(dir, m)}/${kind}/${ds}.parquet')`;

const GOV = `SELECT tx_hash, contract_type, owner_address, parameter_json, fee FROM {} WHERE contract_type IN (5, 8, 10, 16, 17, 18, 49) ORDER BY tx_hash`;

beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'tronlake-gov-batches-'));
  batched = await generate({ profile: 'tiny', seed: TEST_SEED, out: root, batchDays: 12, threads: 2 });
  app = await buildApp({ dataDir: root, endpoints, cacheBytes: 0 });
  db = await Db.open({ threads: 2 });
}, budget(200));

afterAll(async () => {
  await app?.close();
  db?.close();
  rmSync(root, { recursive: true, force: true });
});

describe('governance in a batched build', () => {
  it('writes the one-batch lake\'s governance transactions and energy prices', async () => {
    const one = (await readManifest(lakeDir()))!;
    if (one.source?.kind !== 'generate') return; // the ingested pass has no one-batch generated lake to compare with
    const mine: Row[] = await db.all(GOV.replace('{}', files(root, batched, 'transactions', 'raw')));
    const theirs: Row[] = await db.all(GOV.replace('{}', files(lakeDir(), one, 'transactions', 'raw')));
    expect(mine.length).toBeGreaterThan(50);
    expect(mine).toEqual(theirs);
    const prices = (dir: string, m: Manifest) => db.all(`SELECT resource, from_ts, price_sun FROM ${files(dir, m, 'resource_prices', 'dim')} ORDER BY ALL`);
    expect(await prices(root, batched)).toEqual(await prices(lakeDir(), one));
  });

  it('lists the proposals created after its older snapshot, in the state their transactions give', async () => {
    const [snap] = await db.all(`SELECT max(as_of_block) AS b, count(*) AS n FROM ${files(root, batched, 'proposals', 'snap')}`);
    expect(Number(snap!.b)).toBeLessThan(batched.head.number);
    const creates = await db.all(`SELECT count(*) AS n FROM ${files(root, batched, 'transactions', 'raw')} WHERE contract_type = 16`);
    expect(Number(creates[0]!.n)).toBeGreaterThan(Number(snap!.n));
    const r = await app.inject({ method: 'GET', url: '/api/proposal?limit=200' });
    const body = JSON.parse(r.body);
    expect(body.total).toBe(Number(creates[0]!.n));
    // Ids continue the snapshot's (100, 101, …); the newest was created 36 h before the end: PENDING at the head.
    expect(body.data.map((p: any) => p.proposalId)).toEqual(Array.from({ length: body.total }, (_, i) => 100 + body.total - 1 - i));
    expect(body.data[0].state).toBe('PENDING');
    for (const p of body.data.filter((x: any) => x.state === 'APPROVED' || x.state === 'DISAPPROVED')) expect(p.state).toBe(p.validVotes >= 18 ? 'APPROVED' : 'DISAPPROVED');
  });

  it('passes the governance section of the exactness audit (proposals from the raw transactions, not the older snapshot)', async () => {
    const raw = await Db.open({ threads: 2 });
    try {
      for (const st of rawViewStatements(versionDir(root, batched), batched.tables)) await raw.run(st);
      const mismatches: string[] = [];
      let checked = 0;
      const check = (endpoint: string, key: string, got: string | undefined, want: string): void => {
        checked++;
        if (got !== want) mismatches.push(`${endpoint} ${key}: got ${got}, want ${want}`);
      };
      const get = async (url: string): Promise<string> => {
        const r = await app.inject({ method: 'GET', url });
        if (r.statusCode !== 200) throw new Error(`${url}: HTTP ${r.statusCode}`);
        return r.body;
      };
      await governanceChecks({
        io: { get: async (url) => { const r = await app.inject({ method: 'GET', url }); return { status: r.statusCode, text: r.body }; }, sql: (q) => raw.all(q), head: batched.head.timestamp },
        get, check, near: (e, k, got, want, d) => check(e, k, got, got !== undefined && Math.abs(Number(got) - want) <= 10 ** -d ? got : want.toFixed(d)),
      });
      expect(checked).toBeGreaterThan(50);
      expect(mismatches).toEqual([]);
    } finally {
      raw.close();
    }
  });
});
