/**
 * A batched build continued later (datasets/generate/index.ts resumeAt): the tiny profile shortened to 9 days (same
 * volume per day, as datasets/generate/main.ts --days does) in batches of 3 days, built as 3 batches in one call and
 * as 2 batches then a second call, gives the same fingerprint. The first two
 * batches hold created contracts and NFT mints, the state the third batch continues from (read back from the lake).
 * A batched build has the opening state of a one-batch one (index.ts openingPass, issue 12): its ledgers have no
 * negative row and its head snapshot is the opening plus every flow of the three batches (plain SQL over its files;
 * test/datasets/opening-state.test.ts holds the full checks, which also pass on a lake made with --batch-days 12).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../../datasets/generate/index.ts';
import { PROFILES } from '../../datasets/generate/profiles.ts';
import { SELECTORS } from '../../datasets/generate/reference.ts';
import { Db } from '../../src/duckdb/duck.ts';
import { type Manifest, versionDir } from '../../src/lake/manifest.ts';

let root: string;
let unbroken: Manifest;
let firstTwo: Manifest;
let resumed: Manifest;
let firstTwoHeld: { created: number; mints: number };
const SEED = 5;

beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'tronlake-resume-'));
  const tiny = PROFILES.tiny;
  PROFILES.tiny = { ...tiny, days: 9, targetTxs: Math.round((tiny.targetTxs * 9) / tiny.days) };
  try {
    unbroken = await generate({ profile: 'tiny', seed: SEED, out: path.join(root, 'one'), batchDays: 3, threads: 2 });
    firstTwo = await generate({ profile: 'tiny', seed: SEED, out: path.join(root, 'two'), batchDays: 3, threads: 2, maxBatches: 2 });
    // Read now: the resumed build keeps only its newest version.
    const db = await Db.open({ threads: 1 });
    try {
      const tx = path.join(versionDir(path.join(root, 'two'), firstTwo), 'raw', 'transactions', '*', '*.parquet');
      const [r] = await db.all(
        `SELECT count(*) FILTER (WHERE contract_type = 30) AS created, count(*) FILTER (WHERE method_id = '${SELECTORS.mint}') AS mints FROM read_parquet('${tx}')`,
      );
      firstTwoHeld = { created: Number(r!.created), mints: Number(r!.mints) };
    } finally {
      db.close();
    }
    resumed = await generate({ profile: 'tiny', seed: SEED, out: path.join(root, 'two'), batchDays: 3, threads: 2 });
  } finally {
    PROFILES.tiny = tiny;
  }
}, 300_000);
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('resuming a batched build', () => {
  it('the first call stopped after 2 batches (6 of 9 days) holding created contracts and NFT mints', () => {
    expect(Object.keys(firstTwo.tables.blocks!.partitions!)).toHaveLength(6);
    expect(firstTwoHeld.created).toBeGreaterThan(0);
    expect(firstTwoHeld.mints).toBeGreaterThan(0);
  });

  it('2 batches + resume = 3 batches in one go: same head, same fingerprint', () => {
    expect(Object.keys(resumed.tables.blocks!.partitions!)).toHaveLength(9);
    expect(resumed.head).toEqual(unbroken.head);
    expect(resumed.tables.transactions!.rows).toBe(unbroken.tables.transactions!.rows);
    expect(resumed.fingerprint).toBe(unbroken.fingerprint);
  });
  it('a batched build starts from an opening state: no negative ledger row, head TRX balances = opening + every flow', async () => {
    const v = versionDir(path.join(root, 'one'), unbroken);
    const db = await Db.open({ threads: 1 });
    try {
      for (const l of ['trc20_balances', 'trc10_balances', 'trc1155_balances']) {
        const [r] = await db.all(`SELECT count(*) AS n, count(*) FILTER (WHERE CAST(balance_raw AS HUGEINT) < 0) AS neg FROM read_parquet('${v}/derived/${l}/*.parquet')`);
        expect({ l, n: Number(r!.n) > 0, neg: Number(r!.neg) }).toEqual({ l, n: true, neg: 0 });
      }
      const tx = `read_parquet('${v}/raw/transactions/*/*.parquet')`;
      const itx = `read_parquet('${v}/raw/internal_transactions/*/*.parquet')`;
      const snap = `read_parquet('${v}/snap/account_snapshots.parquet')`;
      const [r] = await db.all(`
        WITH moves AS (
          SELECT owner_address AS a, -fee AS d FROM ${tx} WHERE fee > 0
          UNION ALL SELECT owner_address, -amount FROM ${tx}
            WHERE contract_ret = 'SUCCESS' AND amount > 0 AND (contract_type IN (1, 30, 54) OR (contract_type = 31 AND token_id IS NULL))
          UNION ALL SELECT to_address, amount FROM ${tx}
            WHERE contract_ret = 'SUCCESS' AND amount > 0 AND (contract_type IN (1, 30) OR (contract_type = 31 AND token_id IS NULL))
          UNION ALL SELECT owner_address, amount FROM ${tx} WHERE contract_type IN (12, 13, 56)
          UNION ALL SELECT owner_address, coalesce(withdraw_amount, 0) FROM ${tx} WHERE contract_type IN (55, 59)
          UNION ALL SELECT caller_address, -call_value FROM ${itx} WHERE token_id = '_' AND NOT rejected
          UNION ALL SELECT to_address, call_value FROM ${itx} WHERE token_id = '_' AND NOT rejected
        ), flow AS (SELECT a, sum(d) AS d FROM moves GROUP BY a)
        SELECT count(*) AS n, count(*) FILTER (WHERE h.balance <> o.balance + coalesce(f.d, 0)) AS bad,
               (SELECT count(DISTINCT as_of_block) FROM ${snap}) AS sides
        FROM ${snap} o JOIN ${snap} h ON h.address = o.address AND h.as_of_block = ${unbroken.head.number}
        LEFT JOIN flow f ON f.a = o.address WHERE o.as_of_block = ${unbroken.first.number - 1}`);
      expect(Number(r!.sides)).toBe(2);
      expect(Number(r!.n)).toBeGreaterThan(100);
      expect(Number(r!.bad)).toBe(0);
    } finally {
      db.close();
    }
  });
});
