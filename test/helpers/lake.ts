/**
 * Test access to the tiny lake: the app under test (one per test file) and an independent DuckDB that reads the
 * published Parquet files directly (its own globs, not the engine's views), for computing expected values.
 */
import path from 'node:path';
import { inject, afterAll } from 'vitest';
import { buildApp, type TronlakeApp } from '../../src/http/app.ts';
import { endpoints } from '../../src/endpoints/index.ts';
import { Db, type Row } from '../../src/duckdb/duck.ts';
import { readManifest, type Manifest } from '../../src/lake/manifest.ts';
import { allDatasets } from '../../src/lake/registry.ts';
import { emptyColumnsDDL } from '../../src/lake/views.ts';

let app: TronlakeApp | undefined;
let raw: Db | undefined;
let manifest: Manifest | undefined;

export function lakeDir(): string {
  return inject('lakeDir');
}

/** The app over the tiny lake, shared by the tests of one file and closed after them. */
export async function testApp(): Promise<TronlakeApp> {
  if (!app) {
    app = await buildApp({ dataDir: lakeDir(), endpoints, cacheBytes: 0 });
    afterAll(async () => {
      await app?.close();
      app = undefined;
    });
  }
  return app;
}

/** GET a URL from the app and parse the JSON body, e.g. `const { status, body } = await get('/api/block')`. */
export async function get(url: string): Promise<{ status: number; body: any; headers: Record<string, unknown>; text: string }> {
  const a = await testApp();
  const r = await a.inject({ method: 'GET', url });
  let body: unknown;
  try {
    body = JSON.parse(r.body);
  } catch {
    body = undefined;
  }
  return { status: r.statusCode, body, headers: r.headers, text: r.body };
}

/**
 * Every item of a paged list: GETs `url` (which has a query string) with start = 0, 50, 100, … and limit 50 until
 * a short page, and concatenates `body[key]`. For finding a row in a block or a filter wider than one page.
 */
export async function listAll<T = any>(url: string, key = 'data'): Promise<T[]> {
  const out: T[] = [];
  for (let start = 0; ; start += 50) {
    const { status, body } = await get(`${url}&start=${start}&limit=50`);
    if (status !== 200) throw new Error(`${url}: HTTP ${status}`);
    const page = body[key] as T[];
    out.push(...page);
    if (page.length < 50) return out;
  }
}

/** The first item of a paged list matching `match`, and the body of the page holding it (for its maps). */
export async function findInPages<T = any>(url: string, match: (item: T) => boolean, key = 'data'): Promise<{ item: T | undefined; body: any }> {
  for (let start = 0; ; start += 50) {
    const { status, body } = await get(`${url}&start=${start}&limit=50`);
    if (status !== 200) throw new Error(`${url}: HTTP ${status}`);
    const page = body[key] as T[];
    const item = page.find(match);
    if (item || page.length < 50) return { item, body };
  }
}

export async function testManifest(): Promise<Manifest> {
  manifest ??= (await readManifest(lakeDir()))!;
  return manifest;
}

/**
 * Plain SQL over the raw Parquet of the published version, for expectations. Tables are exposed as
 * `raw_<dataset>` (e.g. raw_transactions, raw_blocks, dim_witnesses).
 */
export async function sql(query: string): Promise<Row[]> {
  if (!raw) {
    const m = await testManifest();
    const v = path.join(lakeDir(), 'versions', m.version);
    raw = await Db.open({ threads: 1 });
    for (const [name, t] of Object.entries(m.tables)) {
      if (t.kind === 'raw' && t.rows > 0) {
        await raw.run(`CREATE VIEW raw_${name} AS SELECT * FROM read_parquet('${v}/raw/${name}/*/*.parquet', hive_partitioning = true)`);
      } else if (t.kind === 'dimension' && t.rows > 0) {
        await raw.run(`CREATE VIEW dim_${name} AS SELECT * FROM read_parquet('${v}/dim/${name}.parquet')`);
      } else if ((t.kind === 'snapshot' || t.kind === 'reference') && t.rows > 0) {
        await raw.run(`CREATE VIEW ${t.kind === 'snapshot' ? 'snap' : 'ref'}_${name} AS SELECT * FROM read_parquet('${v}/${t.kind === 'snapshot' ? 'snap' : 'ref'}/${name}.parquet')`);
      } else if (t.rows === 0 && t.kind !== 'derived') {
        // A valid lake may hold no rows of a dataset (an ingested range without approvals): an empty table, same columns.
        const ds = allDatasets.find((d) => d.name === name);
        const prefix = { raw: 'raw', dimension: 'dim', snapshot: 'snap', reference: 'ref' }[t.kind];
        if (ds) await raw.run(`CREATE TABLE ${prefix}_${name} (${emptyColumnsDDL(ds)})`);
      }
    }
    // Snapshot and reference datasets the lake lacks read as empty tables (as the server's views do).
    for (const ds of allDatasets) {
      if ((ds.kind === 'snapshot' || ds.kind === 'reference') && !m.tables[ds.name]) {
        await raw.run(`CREATE TABLE ${ds.kind === 'snapshot' ? 'snap' : 'ref'}_${ds.name} (${emptyColumnsDDL(ds)})`);
      }
    }
    afterAll(() => {
      raw?.close();
      raw = undefined;
    });
  }
  return raw.all(query);
}
