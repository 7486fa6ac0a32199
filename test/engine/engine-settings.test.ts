/**
 * The engine's settings hold on the pool's connections (the ones requests use), not only on the connection that set
 * them up: Parquet footers cached, no file access outside the published version, configuration locked.
 * Serving connections never write: a COPY TO inside the served version folder or elsewhere is refused (issue 30).
 * The serve defaults open one DuckDB thread per query over a pool of max(2, cores) connections (issue 32).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Engine } from '../../src/engine/engine.ts';
import { parseTemplate } from '../../src/lake/sql-files.ts';
import { lakeDir, testManifest } from '../helpers/lake.ts';
import { readManifest } from '../../src/lake/manifest.ts';
import { ingestedLake } from '../helpers/ingested-lake.ts';
import { budget } from '../helpers/budget.ts';
import { serveConfig } from '../../src/config.ts';

let engine: Engine;
beforeAll(async () => {
  engine = await Engine.open({ dataDir: lakeDir(), manifest: await testManifest(), poolSize: 2, threads: 2, memoryLimit: '1GB', timeoutMs: 10_000 });
});
afterAll(async () => engine?.close());

// Prepared statements are cached per template id: one id per statement text.
const run = (sql: string) => engine.query(parseTemplate(`test/${sql}`, sql), {});

describe('engine settings on pooled connections', () => {
  it('every pooled connection caches Parquet metadata, refuses outside files and locks its configuration', async () => {
    // Two queries at once take both pooled connections.
    const rows = await Promise.all([0, 1].map(() => run(`SELECT current_setting('parquet_metadata_cache') AS cache, current_setting('enable_external_access') AS ext, current_setting('lock_configuration') AS locked`)));
    for (const r of rows) expect(r.rows[0]).toEqual({ cache: true, ext: false, locked: true });
    await expect(run(`SELECT * FROM read_csv('${path.resolve('package.json')}')`)).rejects.toThrow();
    await expect(run(`SET enable_external_access = true`)).rejects.toThrow();
  });
});

describe('serve defaults (issue 32, src/engine/README.md "Sizing")', () => {
  it('are one DuckDB thread per query and a pool of max(2, cores) connections, each running with that one thread', async () => {
    const cfg = serveConfig({}, {});
    expect(cfg.threads).toBe(1);
    expect(cfg.poolSize).toBe(Math.max(2, os.cpus().length));
    const own = await Engine.open({ dataDir: lakeDir(), manifest: await testManifest(), poolSize: cfg.poolSize, threads: cfg.threads, memoryLimit: '1GB', timeoutMs: 10_000 });
    try {
      const q = (sql: string) => own.query(parseTemplate('test/threads', sql), {});
      // As many queries at once as the pool holds: every pooled connection reports the instance's one thread.
      const rows = await Promise.all(Array.from({ length: cfg.poolSize }, () => q(`SELECT current_setting('threads') AS threads`)));
      for (const r of rows) expect(Number(r.rows[0]!.threads)).toBe(1);
    } finally {
      await own.close();
    }
  });
});

describe('serving connections cannot write (issue 30, defect 8)', () => {
  // A lake of its own (the real block alone, ingested into a temp folder): a write that got through must never land in
  // a shared test lake.
  let tmp: string;
  let own: Engine;
  let dir: string;
  beforeAll(async () => {
    tmp = mkdtempSync(path.join(os.tmpdir(), 'tronlake-nowrite-'));
    dir = await ingestedLake({ before: 0, after: 0 }, tmp);
    // Threads > 1 and the pool's connections: what requests use.
    own = await Engine.open({ dataDir: dir, manifest: (await readManifest(dir))!, poolSize: 2, threads: 2, memoryLimit: '1GB', timeoutMs: 10_000 });
  }, budget(60));
  afterAll(async () => {
    await own?.close();
    rmSync(tmp, { recursive: true, force: true });
  });
  const runOwn = (sql: string) => own.query(parseTemplate(`test/${sql}`, sql), {});

  it('COPY TO inside the served version folder, to /tmp, or any statement other than a query is refused; queries still answer', async () => {
    const inside = path.join(own.dir, 'written-by-a-serving-connection.parquet');
    const outside = path.join(tmp, 'x.parquet');
    // DuckDB adds its temp directory (./.tmp of the working folder) to the allowed folders.
    const spill = path.resolve('.tmp', `written-${process.pid}.csv`);
    await expect(runOwn(`COPY (SELECT 1 AS a) TO '${inside}' (FORMAT parquet)`)).rejects.toThrow();
    await expect(runOwn(`COPY (SELECT 1 AS a) TO '${outside}' (FORMAT parquet)`)).rejects.toThrow();
    await expect(runOwn(`COPY (SELECT 1 AS a) TO '${spill}'`)).rejects.toThrow();
    await expect(runOwn(`CREATE TABLE written AS SELECT 1 AS a`)).rejects.toThrow();
    await expect(runOwn(`ATTACH '${path.join(tmp, 'x.duckdb')}' AS x`)).rejects.toThrow();
    await expect(runOwn(`EXPORT DATABASE '${tmp}/export'`)).rejects.toThrow();
    expect(existsSync(inside)).toBe(false);
    expect(existsSync(outside)).toBe(false);
    expect(existsSync(spill)).toBe(false);
    expect(existsSync(path.join(tmp, 'x.duckdb'))).toBe(false);
    expect(existsSync(path.join(tmp, 'export'))).toBe(false);
    expect((await runOwn(`SELECT count(*)::INTEGER AS n FROM blocks`)).rows[0]!.n).toBeGreaterThan(0);
  });
});
