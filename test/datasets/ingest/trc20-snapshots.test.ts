/**
 * TRC20 snapshots of an ingested lake (issue 14): at each publish reaching the node's solid head the ingester reads
 * `balanceOf` of the tracked tokens' holders the new blocks touched, and `totalSupply` (datasets/ingest/
 * trc20-snapshots.ts), and the TRC20 ledger starts each of those positions from the node's balance. The fake node
 * answers from an opening balance of every address plus its own blocks' Transfer events (fake-node-trc20.ts), so a
 * ledger of the lake's transfers alone would miss the openings: the served balances must equal the node's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runIngest } from '../../../datasets/ingest/index.ts';
import { DEFAULT_TRACKED_TRC20, SUPPLY_HOLDER, uint256 } from '../../../datasets/ingest/trc20-snapshots.ts';
import { base58ToHex, hexToBase58 } from '../../../src/chain/address.ts';
import { buildApp, type TronlakeApp } from '../../../src/http/app.ts';
import { endpoints } from '../../../src/endpoints/index.ts';
import { rederive } from '../../../src/lake/publish/publish.ts';
import { readManifest } from '../../../src/lake/manifest.ts';
import { openLake, tempLake, type LakeView } from './lake-read.ts';
import { handle, infosAt, JTOKEN_HEX, OTHER_TRC20_HEX, REAL_BLOCK, startFakeNode, USDT_HEX, type FakeNode } from './fake-node.ts';
import { balanceOf, openingTrc20, totalSupply, trc20Ledger } from './fake-node-trc20.ts';
import { budget } from '../../helpers/budget.ts';

const LOW = REAL_BLOCK - 10;
const A = REAL_BLOCK + 5;
const B = REAL_BLOCK + 24;
const SLOT = 2 * 3_600_000;
const USDT = hexToBase58(USDT_HEX);
const quiet = { progress: false as const, log: () => undefined };

let node: FakeNode;
let lake: LakeView;
let app: TronlakeApp;
const tmp = tempLake();

/** The fake node's USDT state at block `solid`, computed here from its blocks (not through the ingester). */
function nodeLedger(solid: number) {
  const infos = [];
  for (let n = LOW; n <= solid; n++) infos.push(infosAt(n, 0, SLOT, true, true));
  return trc20Ledger(infos);
}

beforeAll(async () => {
  // Two ingests: up to A while A is the node's solid head, then up to B once the node has solidified it.
  node = await startFakeNode({ low: LOW, head: B, solid: A, slotMs: SLOT, rich: true, staking: true, record: false });
  await runIngest({ node: node.url, out: tmp.dir, from: LOW, to: A, ...quiet });
  node.state.solid = B;
  await runIngest({ node: node.url, out: tmp.dir, ...quiet });
  lake = await openLake(tmp.dir);
  app = await buildApp({ dataDir: tmp.dir, endpoints, cacheBytes: 0 });
}, budget(40));

afterAll(async () => {
  await app?.close();
  lake?.close();
  await node?.close();
  tmp.cleanup();
});

describe('TRC20 snapshots read by the ingester', () => {
  it('USDT is tracked by default, with the mainnet addresses of the five stablecoins', () => {
    expect(DEFAULT_TRACKED_TRC20).toContain(USDT);
    expect(DEFAULT_TRACKED_TRC20).toHaveLength(5);
    expect(uint256('00'.repeat(31) + 'ff')).toBe('255');
  });

  it('holds balanceOf as of each published solid head for every holder the final blocks touched, equal to the node', async () => {
    const touched = async (lo: number, hi: number) =>
      (await lake.q(`
        SELECT DISTINCT h FROM (SELECT unnest([from_address, to_address]) AS h FROM token_transfers
        WHERE token_standard = 'trc20' AND contract_address = '${USDT}' AND block_number BETWEEN ${lo} AND ${hi})
        WHERE h <> '${SUPPLY_HOLDER}' ORDER BY h`)).map((r) => String(r.h));
    for (const [asOf, lo] of [[A, LOW], [B, A + 1]] as const) {
      const rows = await lake.q(`SELECT holder_address, balance_raw FROM trc20_snapshots WHERE contract_address = '${USDT}' AND as_of_block = ${asOf} AND holder_address <> '${SUPPLY_HOLDER}' ORDER BY 1`);
      const holders = await touched(lo, asOf);
      expect(holders.length).toBeGreaterThan(5);
      expect(rows.map((r) => String(r.holder_address))).toEqual(holders);
      const l = nodeLedger(asOf);
      for (const r of rows) expect(String(r.balance_raw), String(r.holder_address)).toBe(balanceOf(l, USDT_HEX, base58ToHex(String(r.holder_address))).toString());
      // totalSupply under the zero address, as the node answers it (its static supply plus net mints).
      const [supply] = await lake.q(`SELECT balance_raw FROM trc20_snapshots WHERE contract_address = '${USDT}' AND as_of_block = ${asOf} AND holder_address = '${SUPPLY_HOLDER}'`);
      expect(String(supply!.balance_raw)).toBe(totalSupply(l, USDT_HEX, 39823315858124538n).toString());
    }
    // Untracked tokens are not read.
    const [other] = await lake.q(`SELECT count(*) AS n FROM trc20_snapshots WHERE contract_address = '${hexToBase58(OTHER_TRC20_HEX)}'`);
    expect(Number(other!.n)).toBe(0);
  });

  it('the served USDT holders equal the node balanceOf at the head (an independent ledger), not the lake transfers alone', async () => {
    const l = nodeLedger(B);
    const served = new Map<string, string>();
    for (let start = 0; ; start += 50) {
      const r = await app.inject({ method: 'GET', url: `/api/token_trc20/holders?contract_address=${USDT}&start=${start}&limit=50` });
      expect(r.statusCode).toBe(200);
      const page = r.json().trc20_tokens as { holder_address: string; balance: string }[];
      for (const h of page) served.set(h.holder_address, h.balance);
      if (page.length < 50) break;
    }
    const holders = (await lake.q(`
      SELECT DISTINCT h FROM (SELECT unnest([from_address, to_address]) AS h FROM token_transfers WHERE token_standard = 'trc20' AND contract_address = '${USDT}')
      WHERE h <> '${SUPPLY_HOLDER}'`)).map((r) => String(r.h));
    expect(holders.length).toBeGreaterThan(10);
    expect(served.size).toBe(holders.length);
    let openings = 0n;
    for (const h of holders) {
      const hex = base58ToHex(h);
      expect(served.get(h), h).toBe(balanceOf(l, USDT_HEX, hex).toString());
      openings += openingTrc20(USDT_HEX, hex);
    }
    expect(openings).toBeGreaterThan(0n); // the node's history before the lake, which the transfers alone miss
    // The same holder through /api/account/tokens.
    const one = holders[0]!;
    const t = await app.inject({ method: 'GET', url: `/api/account/tokens?address=${one}&limit=200` });
    const usdt = (t.json().data as { tokenId: string; balance: string }[]).find((x) => x.tokenId === USDT);
    expect(usdt?.balance).toBe(balanceOf(l, USDT_HEX, base58ToHex(one)).toString());
  });

  it('the incremental ledger (two publishes) equals a full rederive', async () => {
    const before = (await readManifest(tmp.dir))!.tables.trc20_balances!;
    const after = await rederive(tmp.dir, undefined, { all: true });
    expect(after.tables.trc20_balances!.hash).toBe(before.hash);
    expect(after.tables.trc20_balances!.rows).toBe(before.rows);
  });
});

describe('tracking settings', () => {
  it('an empty tracked list and snapshots: false read no balance; a tracked contract that does not answer is skipped with a warning', async () => {
    for (const opts of [{ trc20Tracked: [] as string[] }, { snapshots: false }]) {
      const t = tempLake();
      const n = await startFakeNode({ low: LOW, head: A, solid: A, slotMs: SLOT, rich: true, staking: true, record: true });
      try {
        await runIngest({ node: n.url, out: t.dir, from: LOW, to: A, ...quiet, ...opts });
        const v = await openLake(t.dir);
        expect(Number((await v.q(`SELECT count(*) AS n FROM trc20_snapshots`))[0]!.n)).toBe(0);
        v.close();
        expect(n.state.requests.some((r) => String(r.body.function_selector) === 'balanceOf(address)')).toBe(false);
      } finally {
        await n.close();
        t.cleanup();
      }
    }
    const t = tempLake();
    const n = await startFakeNode({ low: LOW, head: A, solid: A, slotMs: SLOT, rich: true, staking: true, record: false });
    const lines: string[] = [];
    try {
      await runIngest({ node: n.url, out: t.dir, from: LOW, to: A, progress: false, log: (l) => lines.push(l), trc20Tracked: [hexToBase58(JTOKEN_HEX), USDT] });
      const v = await openLake(t.dir);
      const rows = await v.q(`SELECT contract_address, count(*) AS n FROM trc20_snapshots GROUP BY 1`);
      v.close();
      expect(rows.map((r) => String(r.contract_address))).toEqual([USDT]);
      expect(lines.some((l) => l.includes(hexToBase58(JTOKEN_HEX)) && l.includes('did not answer'))).toBe(true);
    } finally {
      await n.close();
      t.cleanup();
    }
  });

  it('the fake node answers balanceOf on the solid state, and 404 on /walletsolidity without the solidity API', () => {
    const s = { low: LOW, head: A, solid: A, slotMs: SLOT, rich: true, staking: true } as const;
    const holder = '41' + 'ab'.repeat(20);
    const body = { contract_address: USDT_HEX, function_selector: 'balanceOf(address)', parameter: '0'.repeat(24) + holder.slice(2) };
    const fake = (over: object) => ({ ...s, delayMs: 0, rateLimitNext: 0, lite: false, noSolidity: false, noWitnesses: false, noNodeLists: false, unconfirmedFork: 0, requests: [], record: false, noStateApis: false, moveSolidAfter: 0, moveSolidBy: 0, ...over });
    const r = handle(fake({}), '/walletsolidity/triggerconstantcontract', body);
    expect(uint256(JSON.parse(r.text).constant_result[0])).toBe(openingTrc20(USDT_HEX, holder).toString());
    expect(handle(fake({ noSolidity: true }), '/walletsolidity/triggerconstantcontract', body).status).toBe(404);
  });
});
