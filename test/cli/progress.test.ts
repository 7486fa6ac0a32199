/**
 * Progress off a terminal (src/progress.ts): a line at a steady interval with the step, done/total, rows, elapsed
 * time and an estimate; and the real long commands (ingest, verify) printing those lines into a pipe.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { formatDuration, Progress, progressInterval } from '../../src/progress.ts';
import { budget } from '../helpers/budget.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BIN = path.join(ROOT, 'bin', 'tronlake.js');

/** A non-terminal stream that records each line with the time it was written. */
function recorder(): { stream: Writable & { isTTY?: boolean }; lines: { at: number; text: string }[] } {
  const lines: { at: number; text: string }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const text of chunk.toString().split('\n').filter(Boolean)) lines.push({ at: performance.now(), text });
      done();
    },
  }) as Writable & { isTTY?: boolean };
  stream.isTTY = false;
  return { stream, lines };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** `[label] d/t unit (p%) · step · n rowsUnit · elapsed E · left L`, the fields parsed. */
const LINE = /^\[(?<label>[^\]]+)\] (?<done>\d+)(?:\/(?<total>\d+) (?<unit>\S+) \((?<pct>\d+)%\)| (?<unit2>\S+)) · (?<step>.*) · (?<rows>[\d,]+|\?) (?<rowsUnit>[^·]+) · elapsed (?<elapsed>[\dhms]+) · left (?<left>~[\dhms]+|unknown)$/;

describe('progress lines off a terminal', () => {
  it('writes one line per interval with step, done/total, rows, elapsed and an estimate; a last line on stop', async () => {
    const { stream, lines } = recorder();
    const interval = 100;
    const p = new Progress({ label: 'test', unit: 'steps', rowsUnit: 'rows', stream, intervalMs: interval }).start(10, 'first');
    expect(p.kind).toBe('lines');
    const t0 = performance.now();
    for (let i = 1; i <= 5; i++) {
      await sleep(interval);
      p.update(i, { step: `step ${i}`, rows: i * 1000 });
    }
    await sleep(interval * 1.5);
    p.stop();
    const elapsed = performance.now() - t0;
    const lastLines = lines.length;
    await sleep(interval * 2);
    expect(lines.length, 'no line after stop').toBe(lastLines);

    // steady: never two lines closer than the interval (less timer jitter), and about one per interval (a loaded
    // machine delays timers, so at least a third of the expected count)
    const ticks = lines.slice(0, -1);
    for (let i = 1; i < ticks.length; i++) expect(ticks[i]!.at - ticks[i - 1]!.at).toBeGreaterThanOrEqual(interval * 0.8);
    expect(ticks.length).toBeGreaterThanOrEqual(Math.floor(elapsed / interval / 3));
    expect(ticks.length).toBeLessThanOrEqual(Math.ceil(elapsed / interval) + 1);

    for (const l of lines) {
      const m = LINE.exec(l.text);
      expect(m, l.text).not.toBeNull();
      expect(m!.groups!.label).toBe('test');
      expect(m!.groups!.total).toBe('10');
      expect(m!.groups!.unit).toBe('steps');
    }
    // the last line: where it stopped, with an estimate from 5 of 10 done in the elapsed time
    const last = LINE.exec(lines.at(-1)!.text)!.groups!;
    expect(last.done).toBe('5');
    expect(last.pct).toBe('50');
    expect(last.step).toBe('step 5');
    expect(last.rows).toBe('5,000');
    expect(last.left).toMatch(/^~\d/);
  });

  it('says what is unknown instead of inventing it: no total, no rows, no estimate', () => {
    const { stream } = recorder();
    const p = new Progress({ label: 'ingest', unit: 'blocks', stream, intervalMs: 1000 }).start(undefined, 'fetching');
    p.update(7);
    const m = LINE.exec(p.line())!.groups!;
    p.stop();
    expect(m.done).toBe('7');
    expect(m.unit2).toBe('blocks');
    expect(m.rows).toBe('?');
    expect(m.left).toBe('unknown');
  });

  it('the interval comes from TRONLAKE_PROGRESS_MS (default 10 s); a bad value names the variable', () => {
    expect(progressInterval({})).toBe(10_000);
    expect(progressInterval({ TRONLAKE_PROGRESS_MS: '250' })).toBe(250);
    expect(() => progressInterval({ TRONLAKE_PROGRESS_MS: 'soon' })).toThrow(/TRONLAKE_PROGRESS_MS/);
    expect(formatDuration(65_000)).toBe('1m05s');
    expect(formatDuration(3_723_000)).toBe('1h02m03s');
    expect(formatDuration(400)).toBe('0s');
  });

  it('mode off writes nothing', async () => {
    const { stream, lines } = recorder();
    const p = new Progress({ label: 'x', unit: 'steps', stream, intervalMs: 10, mode: 'off' }).start(3);
    p.update(1);
    p.log('a line');
    await sleep(50);
    p.stop();
    expect(lines).toEqual([]);
  });
});

/** Runs `tronlake …args` with stderr a pipe (not a terminal) and a short interval. */
function run(args: string[], cwd: string): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd, env: { ...process.env, TRONLAKE_PROGRESS_MS: '200' }, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

describe('the long commands print progress lines into a log', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'tronlake-progress-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('tronlake ingest and tronlake verify, stderr a pipe', async () => {
    const { startFakeNode, REAL_BLOCK } = await import('../datasets/ingest/fake-node.ts');
    const from = REAL_BLOCK - 3;
    const to = REAL_BLOCK + 3;
    const node = await startFakeNode({ low: from, head: to, solid: to, slotMs: 3_000, rich: false, staking: false, record: false });
    const lake = path.join(root, 'lake');
    let ingest: { code: number | null; stderr: string };
    try {
      ingest = await run(['ingest', '--node', node.url, '--out', lake, '--from', String(from), '--to', String(to)], root);
    } finally {
      await node.close();
    }
    expect(ingest.code, ingest.stderr).toBe(0);
    const ingestLines = ingest.stderr.split('\n').filter((l) => l.startsWith('[ingest] '));
    // at least the last line (written on stop); more when the run outlasts 200 ms, as it does
    expect(ingestLines.length, ingest.stderr).toBeGreaterThanOrEqual(2);
    for (const l of ingestLines) expect(l).toMatch(LINE);
    const lastIngest = LINE.exec(ingestLines.at(-1)!)!.groups!;
    expect([lastIngest.done, lastIngest.total, lastIngest.unit]).toEqual(['7', '7', 'blocks']);
    expect(lastIngest.rowsUnit?.trim()).toBe('transactions');

    const verify = await run(['verify', '--data', lake], root);
    expect(verify.code, verify.stderr).toBe(0);
    const verifyLines = verify.stderr.split('\n').filter((l) => l.startsWith('[verify] '));
    expect(verifyLines.length, verify.stderr).toBeGreaterThanOrEqual(2);
    for (const l of verifyLines) expect(l).toMatch(LINE);
    const lastVerify = LINE.exec(verifyLines.at(-1)!)!.groups!;
    expect(lastVerify.done).toBe(lastVerify.total);
    expect(lastVerify.step).toBe('done');
    // the rows read are the rows verify reports in its summary; a lake just published records content hashes (issue 30)
    const summary = /(\d+) rows, every content hash matches, no problem/.exec(verify.stderr);
    expect(lastVerify.rows?.replace(/,/g, '')).toBe(summary![1]);
  }, budget(100));
});
