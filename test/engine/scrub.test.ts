/**
 * The scrubber on its own thread (src/engine/scrub.ts), over a folder of files whose hashes the test computes itself
 * (node:crypto over the whole bytes): an intact pass reports nothing and counts every file and byte; a changed, a cut
 * and a missing file are each reported once, with their problem; the read is paced to the rate over the pass; a stop
 * ends a pass in the middle of its pause; the thread runs at nice 19 (read in /proc). The end to end case (a damaged
 * lake answering 503) is test/http/scrub.test.ts.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, truncateSync, unlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { FileHash } from '../../src/lake/manifest.ts';
import { Scrubber, type ScrubPass } from '../../src/engine/scrub.ts';
import { statFields } from '../../bench/proc.ts';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'tronlake-scrubber-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** Writes `sizes.length` files of pseudo-random bytes under a new folder; returns it and their recorded hashes. */
function folder(name: string, sizes: number[]): { dir: string; files: Record<string, FileHash> } {
  const dir = path.join(tmp, name);
  const files: Record<string, FileHash> = {};
  for (const [i, size] of sizes.entries()) {
    const rel = path.join('raw', `part-${i}.parquet`);
    const b = Buffer.alloc(size);
    for (let j = 0; j < size; j++) b[j] = (j * 2654435761 + i * 97) >>> 24;
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), b);
    files[rel] = { bytes: size, sha256: createHash('sha256').update(b).digest('hex') };
  }
  return { dir, files };
}

function run(dir: string, files: Record<string, FileHash>, bytesPerSecond: number) {
  const damaged: [string, string][] = [];
  const passes: ScrubPass[] = [];
  const s = new Scrubber(dir, files, { bytesPerSecond, passIntervalMs: 50, onDamaged: (f, p) => void damaged.push([f, p]), onPass: (p) => void passes.push(p) });
  s.start();
  return { s, damaged, passes };
}

async function until(check: () => boolean, ms = 20_000): Promise<void> {
  const t0 = Date.now();
  while (!check()) {
    if (Date.now() - t0 > ms) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** How many of this process's threads run at nice `n` (/proc/self/task/<tid>/stat). */
function threadsAtNice(n: number): number {
  return readdirSync('/proc/self/task').filter((tid) => Number(statFields(`/proc/self/task/${tid}/stat`)?.[16]) === n).length;
}

describe('Scrubber', () => {
  it('its thread runs at the lowest CPU priority (nice 19); the process keeps its own', async () => {
    const { dir, files } = folder('nice', [3 << 20]);
    const before = threadsAtNice(19);
    const mine = os.getPriority();
    // Slow enough to be mid-pass while the threads are read.
    const { s, passes } = run(dir, files, 1 << 20);
    await until(() => threadsAtNice(19) === before + 1, 10_000);
    expect(passes).toEqual([]);
    expect(os.getPriority()).toBe(mine);
    s.stop();
    await until(() => threadsAtNice(19) === before, 10_000);
  });

  it('an intact folder: passes count every file and byte, nothing reported', async () => {
    const sizes = [0, 1, 5_000, (1 << 20) + 3, 3 << 20];
    const { dir, files } = folder('intact', sizes);
    const { s, damaged, passes } = run(dir, files, 1 << 30);
    await until(() => passes.length >= 2);
    s.stop();
    expect(passes[0]).toMatchObject({ files: sizes.length, bytes: sizes.reduce((a, b) => a + b, 0) });
    expect(damaged).toEqual([]);
  });

  it('a changed, a cut and a missing file are each reported once, with what differs', async () => {
    const { dir, files } = folder('damaged', [4_000, 4_000, 4_000, 4_000]);
    const rels = Object.keys(files);
    const b = Buffer.alloc(1, 0xab);
    writeFileSync(path.join(dir, rels[0]!), b, { flag: 'r+' });
    truncateSync(path.join(dir, rels[1]!), 3_000);
    unlinkSync(path.join(dir, rels[2]!));
    const { s, damaged, passes } = run(dir, files, 1 << 30);
    await until(() => passes.length >= 3);
    s.stop();
    expect(damaged.sort()).toEqual([
      [rels[0], 'content differs from the sha256 recorded at publish'],
      [rels[1], '3000 bytes, 4000 recorded at publish'],
      [rels[2], 'missing'],
    ]);
    // Later passes leave the reported files out: the intact one alone.
    expect(passes.at(-1)).toMatchObject({ files: 1, bytes: 4_000 });
  });

  it('reads at the rate over the whole pass', async () => {
    const { dir, files } = folder('paced', [1 << 20, 1 << 20, 1 << 20, 1 << 20]);
    const { s, passes } = run(dir, files, 8 << 20);
    await until(() => passes.length >= 1);
    s.stop();
    // 4 MiB at 8 MiB/s: the last read may end up to 1 ms before its due time.
    expect(passes[0]!.ms).toBeGreaterThanOrEqual(499 - 1);
    expect(passes[0]!.bytes).toBe(4 << 20);
  });

  it('a stop ends a pass in the middle of its pause: no pass, no report after it', async () => {
    const { dir, files } = folder('stopped', [1 << 20, 1 << 20]);
    // Unstopped, the pass would end at ~500 ms and find the second file gone (it is read from ~250 ms on).
    const { s, damaged, passes } = run(dir, files, 4 << 20);
    await new Promise((r) => setTimeout(r, 100));
    s.stop();
    unlinkSync(path.join(dir, Object.keys(files)[1]!));
    await new Promise((r) => setTimeout(r, 1_000));
    expect(passes).toEqual([]);
    expect(damaged).toEqual([]);
  });
});
