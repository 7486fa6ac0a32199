/**
 * Test access to the shared test lake of the project: the app under test and an independent DuckDB that reads the
 * published Parquet files directly (its own globs, not the engine's views), for computing expected values.
 *
 * Both are opened once per test worker and lake (vitest.config.ts runs the files of a project in one worker without
 * module isolation), not once per file: opening an app (a DuckDB instance, the views and serving tables of the
 * version, the file check) cost 5-9 s a file under load. Sharing them is honest because the tests only read through
 * them: the app is built with the response cache off, no test changes it (tests that switch versions, damage files or
 * tune guards build an app of their own with `buildApp`, over a private copy of the lake), and nothing publishes into
 * the shared lakes. They live until the worker exits (the version lease of a dead process is ignored, and the test
 * lakes are temp folders removed by the global setup's teardown).
 */
import { linkSync, mkdirSync, mkdtempSync, readdirSync, readlinkSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, inject } from 'vitest';
import { buildApp, type TronlakeApp } from '../../src/http/app.ts';
import { endpoints } from '../../src/endpoints/index.ts';
import { Db, type Row } from '../../src/duckdb/duck.ts';
import { readManifest, type Manifest } from '../../src/lake/manifest.ts';
import { createStablecoinMoves } from './stablecoin-moves.ts';
import { createInputViews } from './input-views.ts';
import { createRuleDayPrices } from './chain-prices.ts';

/** Keyed by lake folder: a worker may run the files of both projects (generated and ingested lakes). */
const apps = new Map<string, Promise<TronlakeApp>>();
const raws = new Map<string, Promise<Db>>();
const manifests = new Map<string, Promise<Manifest>>();

export function lakeDir(): string {
  return inject('lakeDir');
}

/** The app over the project's test lake, shared by every test file the worker runs (read only: see above). */
export function testApp(): Promise<TronlakeApp> {
  return once(apps, lakeDir(), () => buildApp({ dataDir: lakeDir(), endpoints, cacheBytes: 0 }));
}

/**
 * An app of the calling file's own over the project's lake, built like `testApp()` and closed after the file: for a
 * test that changes its app (listens on a socket, adds a listener to its server), which the shared app must never be.
 */
export async function privateApp(): Promise<TronlakeApp> {
  const app = await buildApp({ dataDir: lakeDir(), endpoints, cacheBytes: 0 });
  afterAll(() => app.close());
  return app;
}

/**
 * GET a URL from an app over another lake (a test's own), built for the call and closed after it; the answer must be
 * a 200. E.g. `const { body, text } = await getFrom(myLake, '/api/funds')`.
 */
export async function getFrom(dataDir: string, url: string): Promise<{ body: any; text: string }> {
  const app = await buildApp({ dataDir, endpoints, cacheBytes: 0 });
  try {
    const r = await app.inject({ method: 'GET', url });
    expect(r.statusCode, url).toBe(200);
    return { body: JSON.parse(r.body), text: r.body };
  } finally {
    await app.close();
  }
}

/** The value of `open()` for `key`, opened at the first call; a failed open is forgotten so the next call retries. */
function once<T>(cache: Map<string, Promise<T>>, key: string, open: () => Promise<T>): Promise<T> {
  let p = cache.get(key);
  if (!p) {
    p = open();
    cache.set(key, p);
    p.catch(() => cache.delete(key));
  }
  return p;
}

/**
 * GET a URL from the app and parse the JSON body, e.g. `const { status, body } = await get('/api/block')`. It sends an
 * API key, as a research team's client does, so the generic tests reach the key-protected endpoint (SPEC §5); a test
 * of the 401 injects without it.
 */
export async function get(url: string): Promise<{ status: number; body: any; headers: Record<string, unknown>; text: string }> {
  const a = await testApp();
  const r = await a.inject({ method: 'GET', url, headers: { 'chain-pro-api-key': 'test-suite' } });
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

export function testManifest(): Promise<Manifest> {
  return once(manifests, lakeDir(), async () => (await readManifest(lakeDir()))!);
}

/**
 * Plain SQL over the raw Parquet of the published version, for expectations. Tables are exposed as
 * `raw_<dataset>` (e.g. raw_transactions, raw_blocks, dim_witnesses), and `raw_stablecoin_balance_moves`, the stablecoin
 * balance moves without a Transfer decoded from raw_logs by the test (test/helpers/stablecoin-moves.ts), and
 * `rule_day_prices` (token_id, day, day_ts, price_usd as exact text, priced_by): the price rule per token and day from
 * the inputs and the raw Swap logs (createRuleDayPrices below), and `chain_day_closes` its chain step (USD and TRX).
 */
export async function sql(query: string): Promise<Row[]> {
  const raw = await once(raws, lakeDir(), openRaw);
  return raw.all(query);
}

/** A DuckDB with the version's Parquet files as plain views, for `sql()`. */
async function openRaw(): Promise<Db> {
  const raw = await Db.open({ threads: 1 });
  const m = await createInputViews(raw, lakeDir(), { prefixed: true });
  // The stablecoin balance moves without a Transfer, decoded from the raw logs (test/helpers/stablecoin-moves.ts).
  await createStablecoinMoves(raw, (m.tables.logs?.rows ?? 0) > 0);
  await createRuleDayPrices(raw);
  return raw;
}

/**
 * A private copy of the shared test lake made of hard links (its `leases` left out), e.g. `const copy =
 * linkedLakeCopy('tronlake-no-keys-')`: a test may remove or replace its files (unlink first, never write through a
 * link: the shared lake is read only). Returns the copy's lake folder; the caller removes its parent when done.
 */
export function linkedLakeCopy(prefix: string): string {
  const copy = path.join(mkdtempSync(path.join(os.tmpdir(), prefix)), 'lake');
  const link = (from: string, to: string): void => {
    mkdirSync(to);
    for (const e of readdirSync(from, { withFileTypes: true })) {
      const [a, b] = [path.join(from, e.name), path.join(to, e.name)];
      if (e.isSymbolicLink()) symlinkSync(readlinkSync(a), b);
      else if (e.isDirectory()) {
        if (e.name !== 'leases') link(a, b);
      } else linkSync(a, b);
    }
  };
  link(lakeDir(), copy);
  return copy;
}

/**
 * The time windows a list test asks around `mid` (ms), each with the plain-SQL condition it means: none, each bound
 * alone, and both bounds `span` apart, e.g. `for (const [query, where] of windowCases(mid, 86_400_000))`.
 */
export function windowCases(mid: number, span: number): [string, string][] {
  return [
    ['', 'true'],
    [`&start_timestamp=${mid}`, `timestamp >= ${mid}`],
    [`&end_timestamp=${mid}`, `timestamp <= ${mid}`],
    [`&start_timestamp=${mid - span}&end_timestamp=${mid}`, `timestamp between ${mid - span} and ${mid}`],
  ];
}

/**
 * What a list read from key files is checked over: for each window of `windowCases` around the middle of the rows of
 * `mine` (SQL with a "timestamp" column; at least 60 rows, so deep pages exist), the window's row count and four pages
 * [start, limit]: the first with the default limit, the first 50, a deep one near the 10,000 window's end, an odd one.
 */
export async function keyedPageCases(mine: string): Promise<{ window: string; where: string; total: number; pages: [number, number | undefined][] }[]> {
  const [span] = await sql(`select min(timestamp) lo, max(timestamp) hi, count(*) c from (${mine})`);
  expect(Number(span!.c)).toBeGreaterThan(60);
  const mid = Math.floor((Number(span!.lo) + Number(span!.hi)) / 2);
  const out = [];
  for (const [window, where] of windowCases(mid, 86_400_000)) {
    const [c] = await sql(`select count(*) c from (${mine}) where ${where}`);
    const total = Number(c!.c);
    out.push({ window, where, total, pages: [[0, undefined], [0, 50], [Math.max(0, Math.min(total - 3, 9_980)), 20], [23, 9]] as [number, number | undefined][] });
  }
  return out;
}
