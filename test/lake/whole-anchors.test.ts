/**
 * Whole-chain figures with their anchors present (docs/compat.md "Whole-chain figures"), on an ingested lake of its
 * own: neither shared test lake carries `issued_sun`, `burned_sun` or `max_tps`, and the fake-node one has no
 * pre-window totals nor account anchors, so their anchored paths are checked here. Expected values: the anchors as
 * written + plain SQL over the version's raw Parquet (an independent DuckDB). Then anchors dated before the block
 * just before the first one (they would miss the blocks in between) give null, as do absent ones. /api/top10's
 * contract_whole_balance is served only once an account_count anchor says the lake holds every account.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sqlOver } from '../helpers/raw-sql.ts';
import { readManifest, versionDir } from '../../src/lake/manifest.ts';
import { loadReferences } from '../../src/lake/publish/reference.ts';
import { buildApp } from '../../src/http/app.ts';
import { endpoints } from '../../src/endpoints/index.ts';
import { expectedLiteral, numberLiterals } from '../endpoints/token/supply-ledger.ts';
import { budget } from '../helpers/budget.ts';

// Above 2^53, so a double would round them.
const ISSUED = 9_007_199_254_740_993_123n;
const BURNED = 9_007_199_254_740_995_777n;
const PRE_TX = 9_007_199_254_740_997n;
const ACCOUNTS = 1_000n;
const WITH_TRX = 600n;
const MAX_TPS = 987_654;
const TRC10 = 4_321;

let root: string;
let lake: string;
let first: number;

type Call = (url: string) => Promise<{ body: any; text: string }>;

/** Runs `fn` with one app over the lake's current version (opening one costs seconds), closed after. */
async function withApp(fn: (call: Call) => Promise<void>): Promise<void> {
  const app = await buildApp({ dataDir: lake, endpoints, cacheBytes: 0 });
  try {
    await fn(async (url) => {
      const r = await app.inject({ method: 'GET', url });
      expect(r.statusCode, url).toBe(200);
      return { body: JSON.parse(r.body), text: r.body };
    });
  } finally {
    await app.close();
  }
}

/** A chain_anchors CSV of the given rows, loaded as the lake's reference data. */
async function loadAnchors(rows: [string, bigint | number, number][]): Promise<void> {
  const dir = mkdtempSync(path.join(root, 'ref-'));
  writeFileSync(path.join(dir, 'chain_anchors.csv'), `name,value_raw,as_of_block,source\n${rows.map(([n, v, b]) => `${n},${v},${b},test`).join('\n')}\n`);
  await loadReferences(lake, dir);
}

async function raw(query: string): Promise<Record<string, unknown>> {
  const m = (await readManifest(lake))!;
  const v = versionDir(lake, m);
  const q = query.replaceAll('raw_blocks', `read_parquet('${v}/raw/blocks/*/*.parquet')`).replaceAll('raw_transactions', `read_parquet('${v}/raw/transactions/*/*.parquet')`);
  return (await sqlOver(v, q))[0]!;
}

beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'tronlake-whole-'));
  const { runIngest } = await import('../../datasets/ingest/index.ts');
  const { startFakeNode, REAL_BLOCK } = await import('../datasets/ingest/fake-node.ts');
  first = REAL_BLOCK - 2;
  const pre = path.join(root, 'pre.json');
  writeFileSync(pre, JSON.stringify({ as_of_block: first - 1, tx_count: String(PRE_TX), blockchain_size_bytes: '123456789' }));
  mkdirSync(path.join(root, 'lake'));
  lake = path.join(root, 'lake');
  const node = await startFakeNode({ low: first, head: REAL_BLOCK + 2, solid: REAL_BLOCK + 2, slotMs: 3_000, rich: false, staking: false, record: false });
  try {
    await runIngest({ node: node.url, out: lake, from: first, to: REAL_BLOCK + 2, progress: false, log: () => undefined, preWindow: pre });
  } finally {
    await node.close();
  }
  await loadAnchors([
    ['issued_sun', ISSUED, first - 1],
    ['burned_sun', BURNED, first - 1],
    ['account_count', ACCOUNTS, first - 1],
    ['accounts_with_trx', WITH_TRX, first - 1],
    ['max_tps', MAX_TPS, first - 1],
    ['trc10_count', TRC10, first - 1],
  ]);
}, budget(60));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('whole-chain figures with anchors', () => {
  it('block/statistic, wholeChainTxCount, tps and the account totals start from the anchors, exactly', async () => {
    const b = await raw(`SELECT max(block_number) AS top, count(*) AS n, CAST(coalesce(sum(fee), 0) AS VARCHAR) AS fee FROM raw_blocks`);
    const t = await raw(`SELECT count(*) AS n FROM raw_transactions`);
    await withApp(async (call) => {
      const stat = await call('/api/block/statistic');
      expect(stat.body.whole_block_count).toBe(Number(b.top) + 1);
      expect(numberLiterals(stat.text, 'whole_pay')[0]).toBe(expectedLiteral(String(ISSUED + BigInt(Number(b.n)) * 136_000_000n), 6));
      expect(numberLiterals(stat.text, 'last_day_total_burn')[0]).toBe(expectedLiteral(String(BURNED + BigInt(String(b.fee))), 6));
      const tx = await call('/api/transaction?limit=1');
      expect(numberLiterals(tx.text, 'wholeChainTxCount')[0]).toBe(String(PRE_TX + BigInt(Number(t.n))));
      expect(numberLiterals((await call('/api/block?limit=1')).text, 'wholeChainTxCount')[0]).toBe(String(PRE_TX + BigInt(Number(t.n))));
      expect((await call('/api/system/tps')).body.data.maxTps).toBe(MAX_TPS);
      // Accounts created since the first block, from the snapshots' creation times.
      const m = (await readManifest(lake))!;
      const [c] = await sqlOver('', `SELECT count(*) AS n FROM (SELECT * FROM read_parquet('${versionDir(lake, m)}/snap/account_snapshots.parquet')
          QUALIFY row_number() OVER (PARTITION BY address ORDER BY as_of_block DESC) = 1) WHERE create_time >= ${m.first.timestamp}`);
      const list = await call('/api/account/list');
      expect(list.body.account_number).toBe(Number(ACCOUNTS) + Number(c!.n));
      const overview = await call('/api/stats/overview?days=1');
      expect(overview.body.data.at(-1).totalAddress).toBe(Number(ACCOUNTS) + Number(c!.n));
      expect(overview.body.data.at(-1).accountWithTrx).not.toBeNull();
      const issued = await raw(`SELECT count(*) AS n FROM raw_transactions WHERE contract_type = 6 AND contract_ret = 'SUCCESS'`);
      expect(overview.body.data.at(-1).totalTrc10).toBe(TRC10 + Number(issued.n));
      // /api/top10 type 0 counts TRC10 tokens from the same anchor; /api/transaction/statistics txCount from the
      // pre-window total, its per-kind figures stay null (no per-kind anchor) on this lake that is not from genesis.
      expect((await call('/api/top10?type=0')).body.trc10_all).toBe(TRC10 + Number(issued.n));
      const stats = await call('/api/transaction/statistics');
      expect(numberLiterals(stats.text, 'txCount')[0]).toBe(String(PRE_TX + BigInt(Number(t.n))));
      expect([stats.body.trxTransferCount, stats.body.trc20Top10]).toEqual([null, null]);
    });
  }, budget(100));

  it('/api/top10 state totals: the node\'s stake weights, and contract balances only once the lake holds every account', async () => {
    const m = (await readManifest(lake))!;
    const v = versionDir(lake, m);
    const snap = (name: string) => (m.tables[name]?.rows ? `read_parquet('${v}/snap/${name}.parquet')` : null);
    const net = snap('network_snapshots');
    const [w] = net ? await sqlOver('', `SELECT CAST(CAST(total_net_weight AS HUGEINT) + total_energy_weight + total_tron_power_weight AS VARCHAR) AS w
      FROM ${net} ORDER BY as_of_block DESC LIMIT 1`) : [];
    const accounts = snap('account_snapshots');
    expect(accounts).not.toBeNull();
    const [a] = await sqlOver('', `WITH newest AS (SELECT * FROM ${accounts} QUALIFY row_number() OVER (PARTITION BY address ORDER BY as_of_block DESC) = 1)
      SELECT count(*) FILTER (WHERE create_time < ${m.first.timestamp}) AS before, count(*) AS n,
             CAST(coalesce(sum(balance) FILTER (WHERE address IN (SELECT address FROM read_parquet('${v}/dim/contracts.parquet'))), 0) AS VARCHAR) AS contracts
      FROM newest WHERE create_time > 0 OR balance > 0`); // an account: the chain activated it (an empty getaccount is none)
    // The ACCOUNTS anchor (1,000) says the chain had more accounts than this lake holds: no contract total.
    expect(Number(a!.n)).toBeLessThan(Number(ACCOUNTS));
    await withApp(async (call) => {
      const o = await call('/api/top10?type=0');
      expect(o.body.whole_freeze).toBe(w ? Number(w.w) : null);
      expect(o.body.contract_whole_balance).toBeNull();
    });
    // An anchor equal to the accounts the lake holds from before its first block: it holds every account.
    await loadAnchors([['account_count', BigInt(Number(a!.before)), first - 1]]);
    await withApp(async (call) => {
      const o = await call('/api/top10?type=0');
      expect(numberLiterals(o.text, 'contract_whole_balance')[0]).toBe(expectedLiteral(String(a!.contracts), 6));
    });
    // One account more on the chain than in the lake: null again.
    await loadAnchors([['account_count', BigInt(Number(a!.before)) + 1n, first - 1]]);
    await withApp(async (call) => expect((await call('/api/top10?type=0')).body.contract_whole_balance).toBeNull());
  }, budget(100));

  it('an anchor dated before the block just before the first one, or none, gives null', async () => {
    await loadAnchors([
      ['issued_sun', ISSUED, first - 2],
      ['burned_sun', BURNED, first - 2],
    ]);
    await withApp(async (call) => {
      const stat = await call('/api/block/statistic');
      expect([stat.body.whole_pay, stat.body.last_day_total_burn]).toEqual([null, null]);
      expect(stat.body.whole_block_count).toBeGreaterThan(first);
      expect((await call('/api/system/tps')).body.data.maxTps).toBeNull();
      expect((await call('/api/account/list')).body.account_number).toBeNull();
      const row = (await call('/api/stats/overview?days=1')).body.data.at(-1);
      expect([row.totalAddress, row.accountWithTrx, row.totalTrc10]).toEqual([null, null, null]);
      expect((await call('/api/top10?type=0')).body.trc10_all).toBeNull();
    });
  }, budget(100));
});
