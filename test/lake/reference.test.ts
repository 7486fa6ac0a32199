/**
 * Reference datasets: `tronlake reference load` validates every file against the catalog, rejects a bad one with
 * the file, row and column, loses nothing already loaded, records a content hash in the manifest (fingerprint), and
 * /health lists what is absent. Over a one-block ingested lake of its own (no synthetic references).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { ingestedLake } from '../helpers/ingested-lake.ts';
import { sqlOver } from '../helpers/raw-sql.ts';
import { loadReferences } from '../../src/lake/publish/reference.ts';
import { readManifest, versionDir } from '../../src/lake/manifest.ts';
import { rederive } from '../../src/lake/publish/publish.ts';
import { buildApp } from '../../src/http/app.ts';
import { endpoints } from '../../src/endpoints/index.ts';
import { budget } from '../helpers/budget.ts';

const SAMPLE = new URL('../../datasets/reference/', import.meta.url).pathname;
let root: string;
let lake: string;

/** A folder holding the given files (name → text). */
function folder(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(root, 'ref-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  return dir;
}

async function health(): Promise<{ absentReference: string[] }> {
  const app = await buildApp({ dataDir: lake, endpoints, cacheBytes: 0 });
  try {
    return JSON.parse((await app.inject({ method: 'GET', url: '/health' })).body);
  } finally {
    await app.close();
  }
}

const sampleCsv = readFileSync(path.join(SAMPLE, 'address_labels.csv'), 'utf8');
const sampleRows = sampleCsv.trim().split('\n').length - 1;

beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'tronlake-ref-'));
  lake = await ingestedLake({ before: 0, after: 0 }, root);
}, budget(40));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('reference datasets', () => {
  it('an ingested lake has none: /health lists every one as absent', async () => {
    const m = (await readManifest(lake))!;
    expect(m.tables.address_labels).toBeUndefined();
    expect((await health()).absentReference).toEqual(['address_labels', 'chain_anchors', 'node_geo', 'price_candles', 'dex_pools', 'projects', 'project_contracts', 'multichain_addresses', 'risk_addresses', 'risk_urls']);
  });

  it('loads the shipped sample: rows, file hash and content hash in the manifest, a new fingerprint, facts untouched', async () => {
    const before = (await readManifest(lake))!;
    const m = await loadReferences(lake, SAMPLE);
    const t = m.tables.address_labels!;
    expect(t.kind).toBe('reference');
    expect(t.rows).toBe(sampleRows);
    expect(t.loadedFrom).toEqual({ file: 'address_labels.csv', sha256: createHash('sha256').update(sampleCsv).digest('hex') });
    expect(m.fingerprint).not.toBe(before.fingerprint);
    expect(m.tables.blocks).toEqual(before.tables.blocks);
    expect(m.tables.transactions).toEqual(before.tables.transactions);
    const [usdt] = await sqlOver('', `SELECT * FROM read_parquet('${versionDir(lake, m)}/ref/address_labels.parquet') WHERE address = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'`);
    expect(usdt).toMatchObject({ public_tag: 'Tether USD (USDT)', category: 'token', entity: 'Tether' });
    expect((await health()).absentReference).toEqual(['chain_anchors', 'node_geo', 'price_candles', 'dex_pools', 'multichain_addresses', 'risk_addresses', 'risk_urls']);
  }, budget(20));

  const bad: [string, Record<string, string>, RegExp][] = [
    ['an invalid address (pattern), naming row and column', { 'address_labels.csv': 'address,public_tag,category\nT9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb,a,burn\nTR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t,b,token\n0xdead,c,other\n' }, /^address_labels\.csv: row 3, column address: does not match/],
    ['a missing required column', { 'address_labels.csv': 'address,category\nT9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb,burn\n' }, /^address_labels\.csv, column public_tag: required column missing/],
    ['an unknown column', { 'address_labels.csv': 'address,public_tag,category,colour\nT9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb,a,burn,red\n' }, /^address_labels\.csv, column colour: not a column of address_labels/],
    ['an empty required value', { 'address_labels.jsonl': '{"address":"T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb","public_tag":"a","category":"burn"}\n{"address":"TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t","public_tag":"","category":"token"}\n' }, /^address_labels\.jsonl: row 2, column public_tag: empty, but the column is required/],
    ['a duplicate key', { 'address_labels.json': JSON.stringify([{ address: 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb', public_tag: 'a', category: 'burn' }, { address: 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb', public_tag: 'b', category: 'burn' }]) }, /^address_labels\.json: row 2, column address: duplicate key \(address\) of row 1/],
    ['a value of the wrong type', { 'chain_anchors.csv': 'name,value_raw,as_of_block\ntx_count,100,5\naccount_count,7,five\n' }, /^chain_anchors\.csv: row 2, column as_of_block: not a BIGINT: five/],
    ['a price that is not an exact decimal', { 'price_candles.csv': `asset,quote,source,time,open,high,low,close\n_,USD,cmc,1790380800000,0.2893,0.29,0.28,0.2893\n_,USD,cmc,1790467200000,0.2893,0.29,0.28,2.9e-1\n` }, /^price_candles\.csv: row 2, column close: does not match/],
    ['a quote other than USD, EUR, ETH', { 'price_candles.csv': `asset,quote,source,time,open,high,low,close\n_,BTC,cmc,1790380800000,0.1,0.1,0.1,0.1\n` }, /^price_candles\.csv: row 1, column quote: does not match/],
    ['a file of no dataset', { 'labels.csv': 'a\n1\n' }, /^labels\.csv: no reference dataset of that name/],
    ['a ragged CSV line', { 'address_labels.csv': 'address,public_tag,category\nT9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb,a,burn,extra,more\n' }, /^address_labels\.csv: cannot be read/],
  ];
  for (const [what, files, message] of bad) {
    it(`rejects ${what}, and the published version stays as it was`, async () => {
      const before = (await readManifest(lake))!;
      // A good file beside the bad one is not loaded either.
      const dir = folder({ ...(files['chain_anchors.csv'] ? {} : { 'chain_anchors.csv': 'name,value_raw,as_of_block\ntx_count,1,1\n' }), ...files });
      await expect(loadReferences(lake, dir)).rejects.toThrow(message);
      const after = (await readManifest(lake))!;
      expect(after.version).toBe(before.version);
      expect(after.tables.address_labels?.rows).toBe(sampleRows);
      expect(after.tables.chain_anchors).toBeUndefined();
    }, budget(20));
  }

  it('a load of one dataset keeps the others; JSON, JSON lines and Parquet give the same content as CSV', async () => {
    const csv = 'name,value_raw,as_of_block,source\ntx_count,123456789012345678901234567890,43811921,test\nmax_tps,2200,43811921,\n';
    const m1 = await loadReferences(lake, folder({ 'chain_anchors.csv': csv }));
    expect(m1.tables.address_labels?.rows).toBe(sampleRows); // nothing already loaded is lost
    expect(m1.tables.chain_anchors?.rows).toBe(2);
    const [big] = await sqlOver('', `SELECT value_raw FROM read_parquet('${versionDir(lake, m1)}/ref/chain_anchors.parquet') WHERE name = 'tx_count'`);
    expect(big!.value_raw).toBe('123456789012345678901234567890');
    const json = JSON.stringify([
      { name: 'tx_count', value_raw: '123456789012345678901234567890', as_of_block: 43811921, source: 'test' },
      { name: 'max_tps', value_raw: '2200', as_of_block: 43811921, source: null },
    ]);
    const m2 = await loadReferences(lake, folder({ 'chain_anchors.json': json }));
    expect(m2.tables.chain_anchors!.hash).toBe(m1.tables.chain_anchors!.hash);
    expect(m2.fingerprint).toBe(m1.fingerprint);
    const jsonl = json.slice(1, -1).replace('},{', '}\n{');
    const m3 = await loadReferences(lake, folder({ 'chain_anchors.jsonl': jsonl }));
    expect(m3.tables.chain_anchors!.hash).toBe(m1.tables.chain_anchors!.hash);
    const pq = folder({});
    copyFileSync(path.join(versionDir(lake, m1), 'ref', 'chain_anchors.parquet'), path.join(pq, 'chain_anchors.parquet'));
    const m4 = await loadReferences(lake, pq);
    expect(m4.tables.chain_anchors!.hash).toBe(m1.tables.chain_anchors!.hash);
    expect(m4.tables.chain_anchors!.loadedFrom!.file).toBe('chain_anchors.parquet');
  }, budget(40));

  it('price_candles: loaded with its prices as the exact text of the file (no rounding through a double)', async () => {
    const csv = 'asset,quote,source,time,open,high,low,close,volume,market_cap\n'
      + '_,USD,cmc,1790380800000,0.28931181,0.29036890,0.28825471,0.2893118100000000000001,77525879.35,27397828044.92\n'
      + '_,EUR,cmc,1790380800000,0.26491114,0.26961957,0.26020270,0.26491114,,\n';
    const m = await loadReferences(lake, folder({ 'price_candles.csv': csv }));
    expect(m.tables.price_candles?.rows).toBe(2);
    const rows = await sqlOver('', `SELECT quote, close, volume FROM read_parquet('${versionDir(lake, m)}/ref/price_candles.parquet') ORDER BY quote`);
    expect(rows).toEqual([{ quote: 'EUR', close: '0.26491114', volume: null }, { quote: 'USD', close: '0.2893118100000000000001', volume: '77525879.35' }]);
  }, budget(20));

  it('a later publish (rederive) carries the reference datasets over with their origin', async () => {
    const before = (await readManifest(lake))!;
    const m = await rederive(lake);
    expect(m.tables.address_labels).toEqual(before.tables.address_labels);
    expect(m.tables.chain_anchors).toEqual(before.tables.chain_anchors);
    expect(m.tables.price_candles).toEqual(before.tables.price_candles);
    expect(m.fingerprint).toBe(before.fingerprint);
    expect((await health()).absentReference).toEqual(['node_geo', 'dex_pools', 'multichain_addresses', 'risk_addresses', 'risk_urls']); // the references this test loads no file for
  }, budget(40));
});
