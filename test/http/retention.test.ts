/**
 * Retention against in-flight requests (issue 30, defect 3): a version stays leased until the last request that
 * started on it has finished, not only until the server switches away from it. A request held open on version A
 * keeps A's folder across a switch to B and publishes that would otherwise retire A; once it finishes, the next
 * retention removes A. A slow CSV download (an export read slowly) does the same through HTTP.
 */
import http from 'node:http';
import { promises as fs, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/http/app.ts';
import { endpoints } from '../../src/endpoints/index.ts';
import { readManifest, versionDir } from '../../src/lake/manifest.ts';
import { rederive } from '../../src/lake/publish/publish.ts';
import { parseTemplate } from '../../src/lake/sql-files.ts';
import { ingestedLake } from '../helpers/ingested-lake.ts';
import { budget } from '../helpers/budget.ts';

let tmp: string;
let pristine: string;

beforeAll(async () => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'tronlake-retention-'));
  pristine = await ingestedLake({ before: 3, after: 3, slotMs: 8 * 3_600_000, rich: true }, tmp);
}, budget(120));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

async function copyLake(name: string) {
  const dir = path.join(tmp, name);
  await fs.cp(pristine, dir, { recursive: true });
  await fs.rm(path.join(dir, 'leases'), { recursive: true, force: true });
  return { dir, m: (await readManifest(dir))! };
}

/** A gate a held request waits at (`release()` opens it) and the signal that the request has started (`running`). */
function hold(): { release: () => void; gate: Promise<void>; started: () => void; running: Promise<void> } {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  let started!: () => void;
  const running = new Promise<void>((r) => (started = r));
  return { release, gate, started, running };
}

describe('a version stays leased until its last request has finished', () => {
  it('a request started on A keeps A across a switch to B and three retention runs; after it, retention removes A', async () => {
    const { dir, m: a } = await copyLake('held');
    const app = await buildApp({ dataDir: dir, endpoints, cacheBytes: 0, watchMs: 0, scrubRate: 0 });
    try {
      const { release, gate, started, running } = hold();
      const count = parseTemplate('test/retention-count', 'SELECT count(*)::INTEGER AS n FROM transactions');
      const held = app.lake.use(async (engine) => {
        expect(engine.manifest.version).toBe(a.version);
        started();
        await gate;
        // Reads A's files after the switch and the retention runs.
        return (await engine.query(count, {})).rows[0]!.n as number;
      });
      await running;
      await rederive(dir);
      expect(await app.lake.poll()).toBe(true);
      expect(app.lake.current.manifest.version).not.toBe(a.version);
      // Retention keeps the published version and the two before it: A is out of that window after these.
      await rederive(dir);
      await rederive(dir);
      expect(existsSync(versionDir(dir, a))).toBe(true);
      release();
      expect(await held).toBeGreaterThan(0);
      await rederive(dir);
      expect(existsSync(versionDir(dir, a))).toBe(false);
      expect((await app.inject({ method: 'GET', url: '/api/transaction?limit=5' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  }, budget(120));

  it('an export (the CSV lane: rows streamed chunk by chunk) paused after its first chunk keeps A across a switch and retention, then streams every row', async () => {
    const { dir, m: a } = await copyLake('export');
    const app = await buildApp({ dataDir: dir, endpoints, cacheBytes: 0, watchMs: 0, scrubRate: 0 });
    try {
      const { release, gate, started, running } = hold();
      // More rows than one chunk (2,048): the export reads on after the pause.
      const rows = parseTemplate('test/retention-export', 'SELECT t.tx_hash, r.i FROM transactions t CROSS JOIN range(4) r(i) ORDER BY t.block_number, t.tx_index, r.i');
      let streamed = 0;
      let chunks = 0;
      // What app.ts does for a CSV download: the export runs inside lake.use on the engine it started on.
      const held = app.lake.use((engine) => engine.stream(rows, {}, async (_cols, chunk) => {
        streamed += chunk.length;
        if (chunks++ === 0) {
          started();
          await gate;
        }
        return true;
      }));
      await running;
      await rederive(dir);
      expect(await app.lake.poll()).toBe(true);
      await rederive(dir);
      await rederive(dir);
      expect(existsSync(versionDir(dir, a))).toBe(true);
      release();
      const done = await held;
      expect(done.complete).toBe(true);
      expect(chunks).toBeGreaterThan(1);
      const [{ n }] = (await app.lake.current.query(parseTemplate('test/retention-n', 'SELECT (count(*) * 4)::INTEGER AS n FROM transactions'), {})).rows as [{ n: number }];
      expect(streamed).toBe(n);
      await rederive(dir);
      expect(existsSync(versionDir(dir, a))).toBe(false);
    } finally {
      await app.close();
    }
  }, budget(120));
});
