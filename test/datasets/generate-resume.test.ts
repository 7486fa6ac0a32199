/**
 * A batched build continued later (datasets/generate/index.ts resumeAt): the tiny profile shortened to 9 days (same
 * volume per day, as datasets/generate/main.ts --days does) in batches of 3 days, built as 3 batches in one call and
 * as 2 batches then a second call, gives the same fingerprint. The first two
 * batches hold created contracts and NFT mints, the state the third batch continues from (read back from the lake).
 * A batched build has the opening state of a one-batch one (index.ts openingPass, issue 12): its ledgers have no
 * negative row and its head snapshot is the opening plus every flow of the three batches (plain SQL over its files;
 * test/datasets/opening-state.test.ts holds the full checks, which also pass on a lake made with --batch-days 12).
 * The opening pass's results are kept in the build folder `<out>.build` (index.ts markReady / reuseBuild): a resumed
 * call reuses them (no opening pass: index.ts openingPasses() counts them), stages a kept batch that went missing
 * afresh, and a folder of another key or without its ready marker is rebuilt; every path ends with the unbroken
 * build's fingerprint and no build folder.
 */
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate, generateOpening, openingPasses } from '../../datasets/generate/index.ts';
import { PROFILES } from '../../datasets/generate/profiles.ts';
import { SELECTORS } from '../../datasets/generate/reference.ts';
import { Db } from '../../src/duckdb/duck.ts';
import { type Manifest, readManifest, versionDir } from '../../src/lake/manifest.ts';
import { budget } from '../helpers/budget.ts';

let root: string;
let unbroken: Manifest;
let firstTwo: Manifest;
let resumed: Manifest;
let firstTwoHeld: { created: number; mints: number };
const SEED = 5;
/** What the build folder held, and how many opening passes ran, at each step (read when the step ended). */
const steps: Record<string, { passes: number; ready: boolean; kept: string[]; manifest?: Manifest | null }> = {};

/** Runs one call and records its opening passes and what `<out>.build` holds after it. */
async function step(name: string, out: string, call: () => Promise<Manifest | undefined>): Promise<Manifest | undefined> {
  const before = openingPasses();
  const m = await call();
  const build = `${out}.build`;
  steps[name] = {
    passes: openingPasses() - before,
    ready: existsSync(path.join(build, 'ready.json')),
    kept: existsSync(build) ? readdirSync(build).filter((f) => f.startsWith('staged-')).sort() : [],
    manifest: m,
  };
  return m;
}
const keyOf = (out: string): string => (JSON.parse(readFileSync(path.join(`${out}.build`, 'ready.json'), 'utf8')) as { key: string }).key;
let keyBefore: string;
let keyRebuilt: string;
let three: Manifest;
let openingReused: boolean;

beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'tronlake-resume-'));
  const tiny = PROFILES.tiny;
  PROFILES.tiny = { ...tiny, days: 9, targetTxs: Math.round((tiny.targetTxs * 9) / tiny.days) };
  try {
    const opts = { profile: 'tiny' as const, seed: SEED, batchDays: 3, threads: 2 };
    const one = path.join(root, 'one');
    unbroken = (await step('unbroken', one, () => generate({ ...opts, out: one })))!;
    const two = path.join(root, 'two');
    firstTwo = (await step('firstTwo', two, () => generate({ ...opts, out: two, maxBatches: 2 })))!;
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
    // The third batch's kept folder is lost (as if its deletion ran after a publish that did not end): staged afresh.
    rmSync(path.join(`${two}.build`, 'staged-2'), { recursive: true });
    resumed = (await step('resumed', two, () => generate({ ...opts, out: two })))!;

    // The opening pass alone, then batch by batch, through a changed key and a folder without its marker.
    const t = path.join(root, 'three');
    await step('opening', t, async () => (await generateOpening({ ...opts, out: t })).manifest);
    steps.opening!.manifest = await readManifest(t);
    await step('openingAgain', t, async () => {
      const r = await generateOpening({ ...opts, out: t });
      openingReused = r.reused;
      return r.manifest;
    });
    await step('batch1', t, () => generate({ ...opts, out: t, maxBatches: 1 }));
    keyBefore = keyOf(t);
    const ready = path.join(`${t}.build`, 'ready.json');
    writeFileSync(ready, readFileSync(ready, 'utf8').replace(keyBefore, 'f'.repeat(64)));
    await step('batch2AfterKeyChange', t, () => generate({ ...opts, out: t, maxBatches: 1 }));
    keyRebuilt = keyOf(t);
    rmSync(ready);
    three = (await step('batch3WithoutMarker', t, () => generate({ ...opts, out: t })))!;
  } finally {
    PROFILES.tiny = tiny;
  }
}, budget(200));
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
  it('an unbroken build runs one opening pass and leaves no build folder', () => {
    expect(steps.unbroken).toMatchObject({ passes: 1, ready: false, kept: [] });
  });

  it('a stopped build keeps its build folder, marked ready, with the batch not yet published', () => {
    expect(steps.firstTwo).toMatchObject({ passes: 1, ready: true, kept: ['staged-2'] });
  });

  it('the resumed call runs no opening pass, restages the lost kept batch, and removes the folder at its last publish', () => {
    expect(steps.resumed).toMatchObject({ passes: 0, ready: false, kept: [] });
    expect(resumed.fingerprint).toBe(unbroken.fingerprint);
  });

  it('the opening pass alone (maxBatches 0) publishes nothing and leaves every batch kept; a second call reuses it', () => {
    expect(steps.opening).toMatchObject({ passes: 1, ready: true, kept: ['staged-0', 'staged-1', 'staged-2'], manifest: null });
    expect(steps.openingAgain).toMatchObject({ passes: 0, ready: true, kept: ['staged-0', 'staged-1', 'staged-2'] });
    expect(openingReused).toBe(true);
  });

  it('a batch published after the opening pass alone reuses it', () => {
    expect(steps.batch1).toMatchObject({ passes: 0, ready: true, kept: ['staged-1', 'staged-2'] });
    expect(Object.keys(steps.batch1!.manifest!.tables.blocks!.partitions!)).toHaveLength(3);
  });

  it('a folder marked under another key is rebuilt: the pass runs again and marks it under the real key', () => {
    expect(steps.batch2AfterKeyChange).toMatchObject({ passes: 1, ready: true, kept: ['staged-2'] });
    expect(keyRebuilt).toBe(keyBefore);
    expect(keyBefore).toMatch(/^[0-9a-f]{64}$/);
  });

  it('a folder without its ready marker is not used: the pass runs, and the build ends as an unbroken one', () => {
    expect(steps.batch3WithoutMarker).toMatchObject({ passes: 1, ready: false, kept: [] });
    expect(existsSync(path.join(root, 'three.build'))).toBe(false);
    expect(three.fingerprint).toBe(unbroken.fingerprint);
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
