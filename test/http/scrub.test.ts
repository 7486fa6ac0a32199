/**
 * Content hashes and the background scrub (issue 30, defect 1): 4 KB of garbage inside a data page of a transactions
 * file, its footer intact, passes the start-up check (magic bytes, footers, row counts) and may decode into wrong
 * numbers; the scrub finds it within a pass and the interval: the dataset answers 503 DATA_UNAVAILABLE naming it,
 * /health is degraded naming it (never a path), `tronlake verify` exits 1 naming the file. An undamaged lake stays
 * ok; a lake published before the hashes serves, and verify says it records none (exit 0).
 * Each case damages its own copy of a small ingested lake in a temp folder.
 */
import { execFile } from 'node:child_process';
import { promises as fs, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp, type TronlakeApp } from '../../src/http/app.ts';
import { endpoints } from '../../src/endpoints/index.ts';
import { MANIFEST_FILE, readManifest, versionDir } from '../../src/lake/manifest.ts';
import { listDataFiles } from '../../src/lake/content-hash.ts';
import { ingestedLake } from '../helpers/ingested-lake.ts';
import { budget } from '../helpers/budget.ts';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');
/** Small in the test: the scrub reads the copy's few MB at once and starts a pass every 200 ms. */
const SCRUB = { scrubRate: 512 * 1024 * 1024, scrubIntervalMs: 200 };

let tmp: string;
let pristine: string;

beforeAll(async () => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'tronlake-scrub-'));
  pristine = await ingestedLake({ before: 3, after: 3, slotMs: 8 * 3_600_000, rich: true, unconfirmed: 2 }, tmp);
}, budget(120));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

async function copyLake(name: string) {
  const dir = path.join(tmp, name);
  await fs.cp(pristine, dir, { recursive: true });
  const m = (await readManifest(dir))!;
  return { dir, m, v: versionDir(dir, m) };
}

async function verifyCli(dir: string): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const r = await run(process.execPath, [path.join(ROOT, 'bin/tronlake.js'), 'verify', '--data', dir], { cwd: ROOT });
    return { code: 0, stdout: r.stdout, stderr: r.stderr };
  } catch (e) {
    const x = e as { code: number; stdout: string; stderr: string };
    return { code: x.code, stdout: x.stdout, stderr: x.stderr };
  }
}

async function health(app: TronlakeApp) {
  return JSON.parse((await app.inject({ method: 'GET', url: '/health' })).body) as { status: string; unavailable?: { dataset: string; reason: string }[] };
}

/** Overwrites 4 KB (at most the data pages' bytes) in the middle of the data pages: magic bytes and footer untouched. */
async function garbageInPage(file: string): Promise<void> {
  const b = await fs.readFile(file);
  const footer = b.readUInt32LE(b.length - 8);
  const dataEnd = b.length - 8 - footer;
  const n = Math.min(4096, dataEnd - 4 - 16);
  expect(n).toBeGreaterThan(256);
  const at = 4 + Math.floor((dataEnd - 4 - n) / 2);
  for (let i = 0; i < n; i++) b[at + i] = (i * 131 + 17) & 0xff;
  await fs.writeFile(file, b);
}

describe('content hashes and the scrub', () => {
  it('every data file of a published version has its size and sha256 in the manifest', async () => {
    const m = (await readManifest(pristine))!;
    const files = await listDataFiles(versionDir(pristine, m));
    expect(files.length).toBeGreaterThan(10);
    expect(Object.keys(m.files ?? {})).toEqual(files);
    for (const rel of files.slice(0, 5)) {
      const { bytes, sha256 } = m.files![rel]!;
      const b = await fs.readFile(path.join(versionDir(pristine, m), rel));
      expect(bytes).toBe(b.length);
      expect(sha256).toBe((await import('node:crypto')).createHash('sha256').update(b).digest('hex'));
    }
  });

  it('garbage in a data page of a transactions file (footer intact): 503 naming transactions and /health degraded within the scrub interval; verify exits 1 naming the file', async () => {
    const { dir, v } = await copyLake('page');
    // The largest transactions file: the garbage lands in data pages, not in the footer.
    const txFiles = (await listDataFiles(v)).filter((f) => f.startsWith('raw/transactions/'));
    const sizes = await Promise.all(txFiles.map(async (f) => (await fs.stat(path.join(v, f))).size));
    const target = txFiles[sizes.indexOf(Math.max(...sizes))]!;
    await garbageInPage(path.join(v, target));

    const app = await buildApp({ dataDir: dir, endpoints, cacheBytes: 1 << 20, ...SCRUB });
    try {
      // The start-up check reads footers only: nothing is found before the scrub.
      await vi.waitFor(async () => {
        expect((await health(app)).status).toBe('degraded');
      }, { timeout: budget(20), interval: 100 });
      const h = await health(app);
      expect(h.unavailable!.map((u) => u.dataset)).toContain('transactions');
      expect(JSON.stringify(h)).not.toContain(tmp);
      expect(JSON.stringify(h)).not.toMatch(/\.parquet|versions\//);
      await vi.waitFor(async () => {
        const r = await app.inject({ method: 'GET', url: '/api/transaction?limit=20&tokens=_' });
        expect(r.statusCode, r.body).toBe(503);
        const body = JSON.parse(r.body) as { error: string; dataset: string };
        expect(body.error).toBe('DATA_UNAVAILABLE');
        expect(body.dataset.split(', ')).toContain('transactions');
        expect(r.body).not.toMatch(/\.parquet|versions\//);
      }, { timeout: budget(20), interval: 100 });
      // What does not read transactions is still answered.
      expect((await app.inject({ method: 'GET', url: '/api/block?limit=5' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
    const cli = await verifyCli(dir);
    expect(cli.code).toBe(1);
    expect(cli.stdout).toContain(target);
  }, budget(90));

  it('two datasets damaged at once (found within one pass): both answer 503 and /health names both', async () => {
    const { dir, v } = await copyLake('two');
    const all = await listDataFiles(v);
    const largest = async (prefix: string) => {
      const fs2 = all.filter((f) => f.startsWith(prefix));
      const sizes = await Promise.all(fs2.map(async (f) => (await fs.stat(path.join(v, f))).size));
      return fs2[sizes.indexOf(Math.max(...sizes))]!;
    };
    await garbageInPage(path.join(v, await largest('raw/transactions/')));
    await garbageInPage(path.join(v, await largest('raw/token_transfers/')));
    const app = await buildApp({ dataDir: dir, endpoints, cacheBytes: 0, ...SCRUB });
    try {
      await vi.waitFor(async () => {
        expect((await health(app)).unavailable!.map((u) => u.dataset).sort()).toEqual(['token_transfers', 'transactions']);
        // Requests that read the two raw datasets (with no filter or only a window the token list reads the copy by
        // block's key files, which are whole: a value filter is one they cannot apply).
        for (const [url, dataset] of [['/api/transaction?limit=20&tokens=_', 'transactions'], ['/api/token_trc20/transfers?limit=20&filterTokenValue=0', 'token_transfers']] as const) {
          const r = await app.inject({ method: 'GET', url });
          expect(r.statusCode, `${url} ${r.body.slice(0, 300)}`).toBe(503);
          expect((JSON.parse(r.body) as { dataset: string }).dataset.split(', ')).toContain(dataset);
        }
      }, { timeout: budget(20), interval: 100 });
    } finally {
      await app.close();
    }
  }, budget(60));

  it('an undamaged lake stays ok through scrub passes; verify checks every hash (exit 0)', async () => {
    const { dir } = await copyLake('whole');
    const app = await buildApp({ dataDir: dir, endpoints, cacheBytes: 0, ...SCRUB });
    try {
      await vi.waitFor(() => expect(app.lake.scrubPass).toBeDefined(), { timeout: budget(20), interval: 100 });
      const pass = app.lake.scrubPass!;
      expect(pass.files).toBe(Object.keys(app.lake.current.manifest.files!).length);
      expect((await health(app)).status).toBe('ok');
      expect((await app.inject({ method: 'GET', url: '/api/transaction?limit=20' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
    const cli = await verifyCli(dir);
    expect(cli.code).toBe(0);
    expect(cli.stderr).toMatch(/every content hash matches/);
  }, budget(60));

  it('a lake published before content hashes keeps serving; verify says it records none and exits 0', async () => {
    const { dir } = await copyLake('old');
    const raw = JSON.parse(await fs.readFile(path.join(dir, MANIFEST_FILE), 'utf8')) as Record<string, unknown>;
    delete raw.files;
    await fs.writeFile(path.join(dir, MANIFEST_FILE), JSON.stringify(raw));
    const app = await buildApp({ dataDir: dir, endpoints, cacheBytes: 0, ...SCRUB });
    try {
      expect((await app.inject({ method: 'GET', url: '/api/transaction?limit=20' })).statusCode).toBe(200);
      expect((await health(app)).status).toBe('ok');
    } finally {
      await app.close();
    }
    const cli = await verifyCli(dir);
    expect(cli.code).toBe(0);
    expect(cli.stderr).toMatch(/records no content hashes/);
  }, budget(60));
});
