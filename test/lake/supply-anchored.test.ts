/**
 * The supply endpoints (issue 33) with reference data neither shared test lake carries, on an ingested lake of its
 * own: the issued / burned anchors (docs/compat.md "TRX supply and staking") and a foundation label. The fake node
 * reports the reward parameters (getWitnessPayPerBlock, getWitness127PayPerBlock) as a real node does, so with the
 * anchors the supply answers: genesis + the issued anchor + the lake's blocks × those rewards − the burned anchor − the
 * lake's fees. A foundation address with an account snapshot and no TRX flow after it has its snapshot balance; one
 * more label with neither makes every fund figure null. Expected values: the anchors as written + plain SQL over the
 * version's raw Parquet (blocks, transactions, the chain_parameters snapshot).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sqlOver } from '../helpers/raw-sql.ts';
import { readManifest, versionDir } from '../../src/lake/manifest.ts';
import { loadReferences } from '../../src/lake/publish/reference.ts';
import { budget } from '../helpers/budget.ts';
import { field } from '../exact/json-text.ts';
import { getFrom } from '../helpers/lake.ts';

// Above 2^53, so a double would round them.
const ISSUED = 9_007_199_254_740_993_123n;
const BURNED = 9_007_199_254_740_995_777n;

let root: string;
let lake: string;
let first: number;

const call = (url: string) => getFrom(lake, url);

async function load(files: Record<string, string>): Promise<void> {
  const dir = mkdtempSync(path.join(root, 'ref-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  await loadReferences(lake, dir);
}

async function raw(query: string) {
  const m = (await readManifest(lake))!;
  const v = versionDir(lake, m);
  return sqlOver('', query.replaceAll('{v}', v));
}

beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'tronlake-supply-'));
  const { runIngest } = await import('../../datasets/ingest/index.ts');
  const { startFakeNode, REAL_BLOCK } = await import('../datasets/ingest/fake-node.ts');
  first = REAL_BLOCK - 2;
  lake = path.join(root, 'lake');
  mkdirSync(lake);
  const node = await startFakeNode({ low: first, head: REAL_BLOCK + 4, solid: REAL_BLOCK + 4, slotMs: 3_000, rich: false, staking: true, record: false });
  try {
    await runIngest({ node: node.url, out: lake, from: first, to: REAL_BLOCK + 4, progress: false, log: () => undefined });
  } finally {
    await node.close();
  }
}, budget(60));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('supply endpoints with anchors and a foundation label', () => {
  it('supply and burn from their anchors, rewards at the snapshot parameters; a foundation balance from its snapshot', async () => {
    // An address with an account snapshot that no transaction or internal transaction touches after it.
    const [quiet] = await raw(`
      WITH s AS (SELECT address, arg_max(balance, as_of_block) AS balance, max(as_of_block) AS b FROM read_parquet('{v}/snap/account_snapshots.parquet') GROUP BY address)
      SELECT s.address, CAST(s.balance AS VARCHAR) AS balance FROM s
      WHERE NOT EXISTS (SELECT 1 FROM read_parquet('{v}/raw/transactions/*/*.parquet') t
                        WHERE t.block_number > s.b AND s.address IN (t.owner_address, t.to_address, t.contract_address))
        AND NOT EXISTS (SELECT 1 FROM read_parquet('{v}/raw/internal_transactions/*/*.parquet') i
                        WHERE i.block_number > s.b AND s.address IN (i.caller_address, i.to_address))
        AND s.balance > 1000000
      ORDER BY s.address LIMIT 1`);
    expect(quiet, 'a snapshot address without later flows').toBeDefined();
    await load({
      'chain_anchors.csv': `name,value_raw,as_of_block,source\nissued_sun,${ISSUED},${first - 1},test\nburned_sun,${BURNED},${first - 1},test\n`,
      'address_labels.csv': `address,public_tag,category,entity,source\n${String(quiet!.address)},Foundation A,foundation,F,test\n`,
    });
    const [fees] = await raw(`SELECT CAST(coalesce(sum(fee), 0) AS VARCHAR) AS fee FROM read_parquet('{v}/raw/transactions/*/*.parquet')`);
    const burned = BURNED + BigInt(String(fees!.fee));
    // Rewards: every block of the lake (none is genesis) × the snapshot's two reward parameters, in sun.
    const [minted] = await raw(`
      SELECT CAST(count(*) * (SELECT sum(value) FROM read_parquet('{v}/snap/chain_parameters.parquet')
                              WHERE key IN ('getWitnessPayPerBlock', 'getWitness127PayPerBlock')) AS VARCHAR) AS sun,
             (SELECT count(DISTINCT key) FROM read_parquet('{v}/snap/chain_parameters.parquet')
              WHERE key IN ('getWitnessPayPerBlock', 'getWitness127PayPerBlock')) AS known
      FROM read_parquet('{v}/raw/blocks/*/*.parquet')`);
    expect(Number(minted!.known), 'both reward parameters in the snapshot').toBe(2);
    const supply = 100_000_000_000_000_000n + ISSUED + BigInt(String(minted!.sun)) - burned;
    const trx = (sun: bigint) => `${sun / 1_000_000n}${sun % 1_000_000n ? `.${String(sun % 1_000_000n).padStart(6, '0').replace(/0+$/, '')}` : ''}`;
    const balance = BigInt(String(quiet!.balance));

    const f = await call('/api/funds');
    expect(field(f.text, 'burnByCharge')).toBe(trx(burned));
    expect(field(f.text, 'totalTurnOver')).toBe(trx(supply));
    expect(field(f.text, 'turnOver')).toBe(trx(supply - BigInt(String(quiet!.balance))));
    expect(field(f.text, 'fundTrx')).toBe(trx(balance));
    expect(f.body.fundSumBalance).toBe(Number(balance / 1_000_000n));
    expect(f.body.totalFundBalance).toBe(Number(balance / 1_000_000n));

    const t = await call('/api/turnover');
    expect(t.body.data.length).toBeGreaterThan(0);
    // The last day's supply is the supply at the head (the lake's last block is in its last day).
    const supplies = [...t.text.matchAll(/"total_turn_over":(-?[0-9.]+|null)/g)].map((m) => m[1]);
    expect(supplies.length).toBe(t.body.data.length);
    expect(supplies.at(-1)).toBe(trx(supply));

    // One more foundation label with neither a snapshot nor a flow: the sum is unknown.
    await load({
      'chain_anchors.csv': `name,value_raw,as_of_block,source\nissued_sun,${ISSUED},${first - 1},test\nburned_sun,${BURNED},${first - 1},test\n`,
      'address_labels.csv': `address,public_tag,category,entity,source\n${String(quiet!.address)},Foundation A,foundation,F,test\nTLLM21wteSPs4hKjbxgmH1L6poyMjeTbHm,Zion,foundation,F,test\n`,
    });
    const g = await call('/api/funds');
    expect([g.body.fundTrx, g.body.fundSumBalance, g.body.totalFundBalance]).toEqual([null, null, null]);
    expect(field(g.text, 'burnByCharge')).toBe(trx(burned));
  }, budget(120));
});
