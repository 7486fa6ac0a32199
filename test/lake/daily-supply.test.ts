/**
 * daily_supply (issue 33): every day's blocks, rewards and burns by kind against test/helpers/supply.ts, plain SQL over
 * the raw blocks, transactions and the chain_parameters / proposals snapshots written apart from the derive SELECT
 * (a join and arg_max in place of ASOF joins over chain_parameter_history). The kinds add up to the fees; the
 * generated lake has memo, account-creation, SR-application and other burns, so each path is met. Incremental = full
 * is test/lake/incremental-derive.test.ts (every derived dataset). An ingested lake mints too: its parameters are read at
 * the head with the node's proposal listing (no approved change in the window), so every block pays the node's rewards.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { budget } from '../helpers/budget.ts';
import { ingestedLake } from '../helpers/ingested-lake.ts';
import { lakeDir, sql, testManifest } from '../helpers/lake.ts';
import { supplyDays } from '../helpers/supply.ts';
import { CHAIN_PARAMETERS } from '../datasets/ingest/fake-node.ts';
import { Db } from '../../src/duckdb/duck.ts';
import { readManifest, versionDir } from '../../src/lake/manifest.ts';

describe('daily_supply', () => {
  it('every day: blocks, rewards at the parameters in force, burns by kind, from the raw tables', async () => {
    const m = await testManifest();
    const file = `read_parquet('${path.join(lakeDir(), 'versions', m.version, 'derived', 'daily_supply')}/*/*.parquet', hive_partitioning = true)`;
    const got = await sql(`SELECT * FROM ${file} ORDER BY day`);
    const want = await supplyDays();
    expect(got.map((r) => String(r.day))).toEqual(want.map((w) => w.day));
    const b = (v: unknown) => BigInt(String(v));
    got.forEach((r, i) => {
      const w = want[i]!;
      expect({
        blocks: b(r.block_count), unknown: b(r.reward_unknown_blocks), blockPay: b(r.block_pay), nodePay: b(r.node_pay),
        energy: b(r.burn_energy), bandwidth: b(r.burn_bandwidth), memo: b(r.burn_memo), accountCreation: b(r.burn_account_creation),
        srApplication: b(r.burn_sr_application), trc10Issue: b(r.burn_trc10_issue), other: b(r.burn_other), burn: b(r.burn_total),
      }, w.day).toEqual({ ...w, day: undefined });
      expect(b(r.burn_energy) + b(r.burn_bandwidth) + b(r.burn_memo) + b(r.burn_account_creation) + b(r.burn_sr_application) + b(r.burn_trc10_issue) + b(r.burn_other)).toBe(b(r.burn_total));
      expect(Number(r.day_ts)).toBe(Date.parse(`${String(r.day)}T00:00:00Z`));
    });
    const total = (k: keyof (typeof want)[number]) => want.reduce((a, w) => a + (w[k] as bigint), 0n);
    // The generated chain: known rewards (its opening parameter snapshot) and each burn kind it writes.
    expect(total('unknown')).toBe(0n);
    expect(total('blockPay')).toBe(total('blocks') * 8_000_000n);
    expect(total('nodePay')).toBe(total('blocks') * 128_000_000n);
    for (const k of ['memo', 'accountCreation', 'srApplication', 'other'] as const) expect(total(k), k).toBeGreaterThan(0n);
    const [fees] = await sql('SELECT sum(fee)::HUGEINT AS fee FROM raw_blocks');
    expect(total('burn')).toBe(b(fees!.fee));
  });
});

describe('daily_supply on an ingested lake', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'tronlake-supply-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("every block mints the fake node's getWitnessPayPerBlock + getWitness127PayPerBlock (read at the head), none unknown", async () => {
    const lake = await ingestedLake({ before: 3, after: 6, slotMs: 8 * 3_600_000 }, root);
    const dir = versionDir(lake, (await readManifest(lake))!);
    const pay = new Map(CHAIN_PARAMETERS);
    const [block, vote] = [BigInt(pay.get('getWitnessPayPerBlock')!), BigInt(pay.get('getWitness127PayPerBlock')!)];
    const db = await Db.open({ threads: 1 });
    try {
      const want = await db.all(`SELECT strftime(epoch_ms("timestamp"), '%Y-%m-%d') AS day, count(*) FILTER (WHERE block_number > 0) AS paid, count(*) AS n
        FROM read_parquet('${dir}/raw/blocks/**/*.parquet') GROUP BY 1 ORDER BY 1`);
      const got = await db.all(`SELECT day, block_count, reward_unknown_blocks, block_pay, node_pay
        FROM read_parquet('${dir}/derived/daily_supply/*/*.parquet', hive_partitioning = true) ORDER BY day`);
      expect(want.length).toBeGreaterThan(1);
      expect(got.map((r) => [String(r.day), BigInt(String(r.block_count)), BigInt(String(r.reward_unknown_blocks)), BigInt(String(r.block_pay)), BigInt(String(r.node_pay))]))
        .toEqual(want.map((w) => [String(w.day), BigInt(String(w.n)), 0n, BigInt(String(w.paid)) * block, BigInt(String(w.paid)) * vote]));
    } finally {
      db.close();
    }
  }, budget(60));
});
