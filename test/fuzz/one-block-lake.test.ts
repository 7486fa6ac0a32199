/**
 * A lake ingested from the real mainnet block alone: most datasets are empty or hold one row. Every registered
 * endpoint, with its plain defaults and with the samples the block itself holds (a transaction hash, the block
 * number, an address, a contract), answers without a 5xx: an empty dataset exposes the same columns as a full one.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type TronlakeApp } from '../../src/http/app.ts';
import { endpoints } from '../../src/endpoints/index.ts';
import { ingestedLake } from '../helpers/ingested-lake.ts';
import { REAL_BLOCK, USDT_HEX, realBlock } from '../datasets/ingest/fake-node.ts';
import { hexToBase58 } from '../../src/chain/address.ts';
import { schemaKeys } from '../helpers/schema.ts';
import { Db } from '../../src/duckdb/duck.ts';
import { readManifest, versionDir } from '../../src/lake/manifest.ts';
import { allDatasets } from '../../src/lake/datasets/index.ts';
import { createDatasetView } from '../../src/lake/views.ts';
import { keysOnly } from '../../src/lake/datasets/growth.ts';

let app: TronlakeApp;
let lakeDir: string;

beforeAll(async () => {
  lakeDir = await ingestedLake({ before: 0, after: 0 });
  app = await buildApp({ dataDir: lakeDir, endpoints, cacheBytes: 0 });
});
afterAll(async () => {
  await app?.close();
  if (lakeDir) rmSync(path.dirname(lakeDir), { recursive: true, force: true });
});

describe('one-block ingested lake', () => {
  it('answers every registered endpoint without a 5xx, with defaults and with the block\'s own samples', async () => {
    const tx = realBlock.transactions![0]!;
    const from = hexToBase58(String((tx.raw_data.contract[0]!.parameter.value as { owner_address: string }).owner_address));
    const usdt = hexToBase58(USDT_HEX);
    // Every parameter name a declaration reads gets the sample that fits its name (unknown names stay unset).
    const sample = (name: string): string | undefined => {
      if (/hash/i.test(name)) return tx.txID;
      if (/^(block|number)$/.test(name)) return String(REAL_BLOCK);
      if (/contract|trc20Id|^token$|tokenId|^address$/i.test(name) && /contract|trc20/i.test(name)) return usdt;
      if (/address$/i.test(name) || /^(owner|producer|holder)/i.test(name)) return from;
      return undefined;
    };
    const failures: string[] = [];
    let calls = 0;
    for (const ep of endpoints) {
      const keys = schemaKeys(ep.params) ?? [];
      const withSamples = new URLSearchParams();
      for (const k of keys) {
        const v = sample(k);
        if (v !== undefined) withSamples.set(k, v);
      }
      const queries = ['', withSamples.toString(), ...keys.filter((k) => sample(k) !== undefined).map((k) => `${k}=${encodeURIComponent(sample(k)!)}`)];
      for (const q of queries) {
        const url = q ? `${ep.path}?${q}` : ep.path;
        const headers = ep.requiresKey ? { 'chain-pro-api-key': 'k' } : undefined;
        const r = ep.method === 'POST'
          ? await app.inject({ method: 'POST', url: ep.path, payload: Object.fromEntries(withSamples), headers })
          : await app.inject({ method: 'GET', url, headers });
        calls++;
        if (r.statusCode >= 500) failures.push(`${ep.method} ${url} → ${r.statusCode} ${r.body.slice(0, 200)}`);
      }
    }
    expect(calls).toBeGreaterThan(endpoints.length * 2);
    expect(failures).toEqual([]);
  });

  it('exposes the same columns for an empty dataset as for a populated one, partition columns included', async () => {
    const m = (await readManifest(lakeDir))!;
    const dir = versionDir(lakeDir, m);
    const db = await Db.open({ threads: 1 });
    const emptyDb = await Db.open({ threads: 1 });
    try {
      // A keys-only copy has no view at all (no Parquet: src/lake/README.md), empty or not.
      const populated = allDatasets.filter((ds) => (m.tables[ds.name]?.rows ?? 0) > 0 && !keysOnly(ds));
      expect(populated.some((ds) => ds.kind === 'raw')).toBe(true);
      const names = async (d: Db, table: string) => (await d.all(`DESCRIBE ${table}`)).map((r) => String(r.column_name)).sort();
      for (const ds of populated) {
        await createDatasetView(db, dir, ds, m.tables[ds.name]!.rows);
        await createDatasetView(emptyDb, dir, ds, 0);
        expect(await names(emptyDb, ds.name), ds.name).toEqual(await names(db, ds.name));
      }
    } finally {
      db.close();
      emptyDb.close();
    }
  });

  it('finds the real transaction and its internal transactions (the issue-8 report)', async () => {
    const hash = 'd057c8aa75c5267a6d723be4c28bf8e2b486d363d70713508a50c57c829313de';
    expect(realBlock.transactions!.some((t) => t.txID === hash)).toBe(true);
    const info = await app.inject({ method: 'GET', url: `/api/transaction-info?hash=${hash}` });
    expect(info.statusCode).toBe(200);
    expect(JSON.parse(info.body).hash).toBe(hash);
    const internal = await app.inject({ method: 'GET', url: `/api/internal-transaction?block=${REAL_BLOCK}` });
    expect(internal.statusCode).toBe(200);
  });
});
