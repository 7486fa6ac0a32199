/**
 * A batched build continued later (datasets/generate/index.ts resumeAt): the tiny profile shortened to 9 days (same
 * volume per day, as datasets/generate/main.ts --days does) in batches of 3 days, built as 3 batches in one call and
 * as 2 batches then a second call, gives the same fingerprint. The first two
 * batches hold created contracts and NFT mints, the state the third batch continues from (read back from the lake).
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
});
