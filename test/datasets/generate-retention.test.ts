/**
 * What a generator build keeps of older lake versions (datasets/generate/index.ts generateBatch, docs/generator.md
 * "Old versions"): every publish keeps only the version it publishes and the versions a live server leases
 * (src/lake/leases.ts), single-batch and batched builds alike. Checked on the folder itself: which version folders
 * exist after each build. The tiny profile is shortened to 6 days (same volume per day, as main.ts --days does).
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../../datasets/generate/index.ts';
import { PROFILES } from '../../datasets/generate/profiles.ts';
import { Lease } from '../../src/lake/leases.ts';
import { type Manifest, readManifest } from '../../src/lake/manifest.ts';
import { budget } from '../helpers/budget.ts';

let root: string;
let out: string;
const tiny = PROFILES.tiny;
const versions = (): string[] => readdirSync(path.join(out, 'versions')).filter((n) => n.startsWith('v')).sort();

beforeAll(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'tronlake-retention-'));
  out = path.join(root, 'lake');
  PROFILES.tiny = { ...tiny, days: 6, targetTxs: Math.round((tiny.targetTxs * 6) / tiny.days) };
});
afterAll(() => {
  PROFILES.tiny = tiny;
  rmSync(root, { recursive: true, force: true });
});

describe('a generator build keeps only its own version and the leased ones', () => {
  let first: Manifest;
  let leased: Manifest;

  it('a batched build (2 batches) leaves one version: the first batch\'s version is gone', async () => {
    first = await generate({ profile: 'tiny', seed: 11, out, batchDays: 3, threads: 2 });
    expect(Object.keys(first.tables.blocks!.partitions!)).toHaveLength(6);
    expect(versions()).toEqual([first.version]);
  }, budget(40));

  it('a single-batch build over it, with no lease, drops the older version at once', async () => {
    leased = await generate({ profile: 'tiny', seed: 12, out, threads: 2 });
    expect(leased.fingerprint).not.toBe(first.fingerprint);
    expect(versions()).toEqual([leased.version]);
  }, budget(40));

  it('a leased version survives a batched build over it; released, the next build drops it', async () => {
    const lease = await Lease.take(out, leased.version);
    let built: Manifest;
    try {
      built = await generate({ profile: 'tiny', seed: 13, out, batchDays: 3, threads: 2 });
      expect(versions()).toEqual([leased.version, built.version].sort());
      expect((await readManifest(out))!.version).toBe(built.version);
    } finally {
      await lease.release();
    }
    const after = await generate({ profile: 'tiny', seed: 14, out, threads: 2 });
    expect(versions()).toEqual([after.version]);
  }, budget(80));
});
