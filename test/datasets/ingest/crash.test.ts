/**
 * Crash safety: the ingester runs as a child process (`tronlake ingest`, src/cli.ts) against a slow fake node and
 * is killed with SIGKILL mid-run. The manifest must still point to a complete published version, and re-running
 * must end with the fingerprint of an uninterrupted run.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, promises as fs } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readManifest, versionDir, type Manifest } from '../../../src/lake/manifest.ts';
import { runIngest } from '../../../datasets/ingest/index.ts';
import { type FakeNode, REAL_BLOCK, startFakeNode } from './fake-node.ts';
import { openLake, tempLake } from './lake-read.ts';
import { budget } from '../../helpers/budget.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const FROM = REAL_BLOCK - 5;
const TO = REAL_BLOCK + 6;

let node: FakeNode;
const cleanups: (() => void)[] = [];
beforeAll(async () => {
  node = await startFakeNode({ low: FROM, head: TO, solid: TO });
});
afterAll(async () => {
  await node.close();
  for (const c of cleanups) c();
});

/** `entry`: the product CLI (src/cli.ts ingest …) or the ingester's own entry (datasets/ingest/main.ts …). */
function spawnIngest(out: string, extra: string[] = [], entry: 'cli' | 'main' = 'cli'): ChildProcess {
  const cmd = entry === 'cli' ? ['src/cli.ts', 'ingest'] : ['datasets/ingest/main.ts'];
  const args = ['--import', 'tsx', ...cmd, '--node', node.url, '--out', out, '--from', String(FROM), '--to', String(TO), '--batch', '2', '--publish-blocks', '2', '--no-progress', ...extra];
  return spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
}

/**
 * The fingerprint of one uninterrupted run of the range, ingested once and compared with by both tests (the same
 * command on the same node, delay 0: one reference, not two identical ones).
 */
let reference: Promise<string> | undefined;
function uninterruptedFingerprint(): Promise<string> {
  reference ??= (async () => {
    const t = tempLake();
    cleanups.push(t.cleanup);
    const whole = await runIngest({ node: node.url, out: t.dir, from: FROM, to: TO, progress: false, log: () => undefined });
    return whole.manifest!.fingerprint;
  })();
  return reference;
}

const exited = (p: ChildProcess): Promise<number | null> => new Promise((r) => p.once('exit', (code) => r(code)));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitFor<T>(fn: () => Promise<T | null>, ms: number): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error('timed out');
    await sleep(20);
  }
}

/** Every file the manifest names exists, and the data it describes reads back with its row counts. */
async function assertComplete(dir: string, m: Manifest): Promise<void> {
  const v = versionDir(dir, m);
  expect(existsSync(v)).toBe(true);
  for (const [name, t] of Object.entries(m.tables)) {
    for (const day of Object.keys(t.partitions ?? {})) expect(existsSync(path.join(v, t.kind === 'derived' ? 'derived' : 'raw', name, `date=${day}`)), `${name} ${day}`).toBe(true);
  }
  const l = await openLake(dir);
  try {
    const [b] = await l.q('SELECT count(*) AS n, min(block_number) AS lo, max(block_number) AS hi FROM blocks');
    expect(b).toEqual({ n: m.tables.blocks!.rows, lo: FROM, hi: m.head.number });
    expect(Number(b!.hi) - Number(b!.lo) + 1).toBe(b!.n);
    const [t] = await l.q('SELECT count(*) AS n FROM transactions');
    expect(t!.n).toBe(m.tables.transactions!.rows);
    expect(t!.n).toBe(198 * Number(b!.n));
  } finally {
    l.close();
  }
}

describe('kill -9 mid-run', { timeout: budget(60) }, () => {
  it('leaves the last published version served; the re-run matches an uninterrupted run', async () => {
    const whole = await uninterruptedFingerprint();

    const t = tempLake();
    cleanups.push(t.cleanup);
    node.state.delayMs = 60; // slow node: the run takes a few seconds, publishing every 2 blocks
    const child = spawnIngest(t.dir);
    let stderr = '';
    child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
    const exit = exited(child);
    // Let it publish at least one version, then kill it at a random moment of the next steps.
    const first = await waitFor(() => readManifest(t.dir), 60_000);
    await sleep(Math.floor(Math.random() * 400));
    child.kill('SIGKILL');
    expect(await exit, stderr).toBeNull();
    node.state.delayMs = 0;

    const after = (await readManifest(t.dir))!;
    expect(after.head.number).toBeGreaterThanOrEqual(first.head.number);
    expect(after.head.number, `the run was expected to be interrupted: ${stderr}`).toBeLessThan(TO);
    await assertComplete(t.dir, after);

    // Re-run the same command: it replaces what is there and completes.
    const rerun = spawnIngest(t.dir, ['--resume']);
    let err2 = '';
    rerun.stderr!.on('data', (d: Buffer) => (err2 += d.toString()));
    expect(await exited(rerun), err2).toBe(0);
    const final = (await readManifest(t.dir))!;
    await assertComplete(t.dir, final);
    expect(final.fingerprint).toBe(whole);
    expect(err2).toMatch(/resume: the lake holds blocks/);
    // The killed run's leftovers (temp version folder, publish lock of a dead pid) were cleaned up by the re-run.
    const versions = await fs.readdir(path.join(t.dir, 'versions'));
    expect(versions.filter((n) => n.startsWith('.tmp-'))).toEqual([]);
  });

  it('a plain re-run of the whole range after a kill gives the same fingerprint too', async () => {
    const t = tempLake();
    cleanups.push(t.cleanup);
    node.state.delayMs = 60;
    const child = spawnIngest(t.dir, [], 'main');
    const exit = exited(child);
    await waitFor(() => readManifest(t.dir), 60_000);
    child.kill('SIGKILL');
    await exit;
    node.state.delayMs = 0;
    const rerun = spawnIngest(t.dir, [], 'main');
    let err = '';
    rerun.stderr!.on('data', (d: Buffer) => (err += d.toString()));
    expect(await exited(rerun), err).toBe(0);
    expect((await readManifest(t.dir))!.fingerprint).toBe(await uninterruptedFingerprint());
  });
});
