/**
 * `rederive` rebuilds only the stale derived datasets (src/lake/derive/layout.ts): over a small ingested lake of its own
 * whose manifest says trc20_balances was derived with another layout, the server refuses it naming the stale
 * datasets; rederive rebuilds trc20_balances and the datasets reading it, links every other dataset's files (same
 * inodes), keeps the fingerprint, and its content equals `rederive --all` table by table (count and sum of row
 * hashes read here from the Parquet files, not from the manifest). An ordinary publish onto a version with a stale
 * dataset (a reference load: no new blocks) derives that one in full and the others by their growth rules.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestedLake } from '../helpers/ingested-lake.ts';
import { contentOf as tableContent } from '../helpers/lake-content.ts';
import { Db } from '../../src/duckdb/duck.ts';
import { derivedDatasets } from '../../src/lake/datasets/index.ts';
import { layoutIds, staleDatasets } from '../../src/lake/derive/layout.ts';
import { type Manifest, readManifest, versionDir } from '../../src/lake/manifest.ts';
import { rederive } from '../../src/lake/publish/publish.ts';
import { loadReferences } from '../../src/lake/publish/reference.ts';
import { buildApp } from '../../src/http/app.ts';
import { endpoints } from '../../src/endpoints/index.ts';
import { budget } from '../helpers/budget.ts';

let root: string;
let lake: string;
let db: Db;
let original: Manifest;
let partial: Manifest;
let full: Manifest;
/** What the tampered manifest has stale: trc20_balances and the datasets reading it. */
let stale: string[];

/** Every file under a version's derived/<name> folder → its inode. */
function inodes(m: Manifest, name: string): Map<string, number> {
  const out = new Map<string, number>();
  const walk = (dir: string, rel: string): void => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (e.isDirectory()) walk(path.join(dir, e.name), path.join(rel, e.name));
      else out.set(path.join(rel, e.name), statSync(path.join(dir, e.name)).ino);
    }
  };
  walk(path.join(versionDir(lake, m), 'derived', name), '');
  return out;
}

/** Per derived dataset: row count and the sum of row hashes over its files (test/helpers/lake-content.ts). */
const contentOf = (m: Manifest) => tableContent(db, versionDir(lake, m), m, derivedDatasets);

beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'tronlake-layout-'));
  lake = await ingestedLake({ before: 3, after: 3, slotMs: 8 * 3_600_000, rich: true }, root);
  db = await Db.open({ threads: 2 });
  original = (await readManifest(lake))!;
}, budget(40));
afterAll(() => {
  db?.close();
  rmSync(root, { recursive: true, force: true });
});

describe('rederive of stale datasets only', () => {
  it('a publish records every derived dataset with its current id', () => {
    expect(original.layouts).toEqual(layoutIds());
    expect(staleDatasets(original)).toEqual([]);
    expect(original.tables.trc20_balances!.rows).toBeGreaterThan(0);
  });

  it('the server refuses a version with a stale dataset, naming it, its readers and the command', async () => {
    const file = path.join(lake, 'manifest.json');
    const m = JSON.parse(readFileSync(file, 'utf8')) as Manifest;
    writeFileSync(file, JSON.stringify({ ...m, layouts: { ...m.layouts, trc20_balances: 'an-older-layout' } }));
    stale = staleDatasets((await readManifest(lake))!);
    for (const n of ['trc20_balances', 'trc20_balances_by_holder', 'token_stats', 'token_position_bands']) expect(stale).toContain(n);
    for (const n of ['trc10_balances', 'address_transactions', 'daily_block_stats', 'token_flows']) expect(stale).not.toContain(n);
    const refused = buildApp({ dataDir: lake, endpoints, cacheBytes: 0, watchMs: 0 });
    await expect(refused).rejects.toThrow(`run \`tronlake rederive --data ${lake}\``);
    await expect(buildApp({ dataDir: lake, endpoints, cacheBytes: 0, watchMs: 0 })).rejects.toThrow(stale.join(', '));
  });

  it('rederive rebuilds the stale datasets alone; the others are the same files (inodes), the fingerprint the same', async () => {
    partial = await rederive(lake);
    expect(partial.fingerprint).toBe(original.fingerprint);
    expect(partial.layouts).toEqual(layoutIds());
    expect(staleDatasets(partial)).toEqual([]);
    for (const ds of derivedDatasets) {
      const how = partial.tables[ds.name]!.rebuilt!.how;
      const before = inodes(original, ds.name);
      const after = inodes(partial, ds.name);
      if (stale.includes(ds.name)) {
        expect(how, ds.name).not.toBe('linked');
        for (const [f, ino] of after) expect(before.get(f), `${ds.name}/${f}`).not.toBe(ino);
      } else {
        expect(how, ds.name).toBe('linked');
        expect(after, ds.name).toEqual(before);
        expect(partial.tables[ds.name]!.rows, ds.name).toBe(original.tables[ds.name]!.rows);
      }
    }
    // The server serves it.
    const app = await buildApp({ dataDir: lake, endpoints, cacheBytes: 0, watchMs: 0 });
    expect(JSON.parse((await app.inject({ url: '/health' })).body).version).toBe(partial.version);
    await app.close();
  });

  it('equals a full rederive: fingerprint and every derived dataset\'s content', async () => {
    full = await rederive(lake, undefined, { all: true });
    expect(full.fingerprint).toBe(partial.fingerprint);
    for (const ds of derivedDatasets) expect(full.tables[ds.name]!.rebuilt!.how, ds.name).not.toBe('linked');
    const [a, b, o] = [await contentOf(partial), await contentOf(full), await contentOf(original)];
    expect(a).toEqual(b);
    expect(b).toEqual(o);
    expect(Object.values(b).filter((v) => v !== 'empty').length).toBeGreaterThan(10);
  });

  it('an ordinary publish onto a version with a stale dataset derives it in full, the others by their rules', async () => {
    const file = path.join(lake, 'manifest.json');
    const m = JSON.parse(readFileSync(file, 'utf8')) as Manifest;
    writeFileSync(file, JSON.stringify({ ...m, layouts: { ...m.layouts, trc20_balances: 'an-older-layout' } }));
    const next = await loadReferences(lake, new URL('../../datasets/reference/', import.meta.url).pathname);
    expect(next.layouts).toEqual(layoutIds());
    expect(next.tables.trc20_balances!.rebuilt).toEqual({ how: 'full', detail: 'from every raw row' });
    // The ledgers that are current add the (no) new rows to their previous rows.
    expect(next.tables.trc10_balances!.rebuilt!.how).toBe('deltas');
    expect(next.tables.address_transactions!.rebuilt!.how).toBe('runs');
    // Compared with a full rederive of the same inputs: the load changed a reference that stale datasets read
    // (issue 34: daily_contract_balances reads project_contracts, which the shipped sample now fills).
    const a = await contentOf(next);
    const b = await contentOf(await rederive(lake, undefined, { all: true }));
    for (const n of stale) expect(a[n], n).toBe(b[n]);
    expect(stale.some((n) => a[n] !== 'empty')).toBe(true);
  });
});
