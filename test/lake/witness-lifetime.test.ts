/**
 * Witness lifetime counts on a lake without witness snapshots (docs/compat.md "Whole-chain figures"): ingested from a
 * fake node whose /wallet/listwitnesses fails, so the witnesses are the block producers and nothing tells their
 * production before the lake's first block. `producedTotal`, `missedTotal`, `producedTrx`, `producePercentage`
 * (pagewitness, proposal), `producedEfficiency` / `blockReward` (vote/witness) and the SR picks of general-info are
 * then null, never the window's counts, and sorting by them keeps the rank order. Expected from plain SQL over the
 * version's raw Parquet and its witnesses dimension (an independent DuckDB).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sqlOver } from '../helpers/raw-sql.ts';
import { readManifest, versionDir } from '../../src/lake/manifest.ts';
import { buildApp } from '../../src/http/app.ts';
import { endpoints } from '../../src/endpoints/index.ts';
import { budget } from '../helpers/budget.ts';

let root: string;
let lake: string;

beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'tronlake-wlife-'));
  const { runIngest } = await import('../../datasets/ingest/index.ts');
  const { startFakeNode, REAL_BLOCK } = await import('../datasets/ingest/fake-node.ts');
  lake = path.join(root, 'lake');
  mkdirSync(lake);
  const node = await startFakeNode({ low: REAL_BLOCK - 2, head: REAL_BLOCK + 2, solid: REAL_BLOCK + 2, slotMs: 3_000, rich: false, staking: false, record: false, noWitnesses: true });
  try {
    await runIngest({ node: node.url, out: lake, from: REAL_BLOCK - 2, to: REAL_BLOCK + 2, progress: false, log: () => undefined });
  } finally {
    await node.close();
  }
}, budget(60));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('witness lifetime counts without witness snapshots', () => {
  it('are null (the window is not their lifetime) and sort last in rank order', async () => {
    const m = (await readManifest(lake))!;
    const v = versionDir(lake, m);
    expect(m.tables.witness_snapshots?.rows ?? 0).toBe(0);
    // Every witness applied before the lake's first block (or its application time is unknown: 0).
    const dim = await sqlOver(v, `SELECT address, rank, created_ts FROM read_parquet('${v}/dim/witnesses.parquet') ORDER BY rank`);
    const [first] = await sqlOver(v, `SELECT min("timestamp") AS ts FROM read_parquet('${v}/raw/blocks/*/*.parquet')`);
    expect(dim.length).toBeGreaterThan(0);
    for (const w of dim) expect(Number(w.created_ts) === 0 || Number(w.created_ts) < Number(first!.ts)).toBe(true);
    const producers = await sqlOver(v, `SELECT DISTINCT witness_address AS a FROM read_parquet('${v}/raw/blocks/*/*.parquet')`);
    expect(producers.length).toBeGreaterThan(0);
    const app = await buildApp({ dataDir: lake, endpoints, cacheBytes: 0 });
    try {
      const call = async (url: string) => {
        const r = await app.inject({ method: 'GET', url });
        expect(r.statusCode, url).toBe(200);
        return JSON.parse(r.body);
      };
      const page = await call('/api/pagewitness');
      expect(page.data.map((w: any) => w.address)).toEqual(dim.map((w) => w.address));
      for (const w of page.data) {
        expect([w.producedTotal, w.missedTotal, w.producedTrx, w.producePercentage], w.address).toEqual([null, null, null, null]);
      }
      // The producers' blocks are in the lake, yet no count is served as their lifetime.
      for (const field of ['producedTotal', 'missedTotal', 'producePercentage']) {
        for (const sort of [0, 1]) {
          const sorted = await call(`/api/pagewitness?sortField=${field}&sort=${sort}`);
          expect(sorted.data.map((w: any) => w.ranking)).toEqual(dim.map((w) => Number(w.rank)));
        }
      }
      const all = await call('/api/vote/witness');
      for (const w of all.data) expect([w.producedTotal, w.producedEfficiency, w.blockReward], w.address).toEqual([null, null, null]);
      const one = await call(`/api/vote/witness?address=${dim[0]!.address}`);
      expect([one.data.producedTotal, one.data.blockReward]).toEqual([null, null]);
      const info = await call('/api/witness/general-info');
      expect([info.highestEfficiency, info.lowestEfficiency, info.maxBlocksCount, info.minBlocksCount]).toEqual([null, null, null, null]);
    } finally {
      await app.close();
    }
  }, budget(60));
});
