/**
 * The engine's settings hold on the pool's connections (the ones requests use), not only on the connection that set
 * them up: Parquet footers cached, no file access outside the published version, configuration locked.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Engine } from '../../src/engine/engine.ts';
import { parseTemplate } from '../../src/lake/sql-files.ts';
import { lakeDir, testManifest } from '../helpers/lake.ts';

let engine: Engine;
beforeAll(async () => {
  engine = await Engine.open({ dataDir: lakeDir(), manifest: await testManifest(), poolSize: 2, threads: 1, memoryLimit: '1GB', timeoutMs: 10_000 });
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
