/**
 * Serving processes (src/http/workers.ts), through the real bin over the test lake: two processes share one port and
 * answer the same bytes; each runs with its V8 settings; one that ends is replaced while the other answers; SIGTERM
 * stops them all; a lake that cannot be served is reported once and exits 1. Which process answered is read from
 * /health's `worker` on the same connection (a connection stays with the process the port handed it to); the
 * processes, and their command lines, are found by their parent in /proc, not through the server.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lakeDir } from '../helpers/lake.ts';
import { statFields } from '../../bench/proc.ts';

const BIN = fileURLToPath(new URL('../../bin/tronlake.js', import.meta.url));
const T = 180_000;

interface Served {
  child: ChildProcess;
  stderr: () => string;
  exited: Promise<number | null>;
}

function serve(args: string[]): Served {
  const child = spawn(process.execPath, [BIN, 'serve', '--host', '127.0.0.1', '--scrub-rate', '0', '--watch-ms', '0', '--warm-max-ms', '0', '--quiet', ...args], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let err = '';
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  return { child, stderr: () => err, exited };
}

async function until<T>(what: string, f: () => T | undefined | Promise<T | undefined>, ms = 90_000): Promise<T> {
  const t0 = Date.now();
  for (;;) {
    const v = await f();
    if (v !== undefined) return v;
    if (Date.now() - t0 > ms) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The pids whose parent is `pid` (from /proc/<p>/stat: field 4, after the command in parentheses). */
function childrenOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d) && Number(statFields(path.join('/proc', d, 'stat'))?.[1]) === pid)
    .map(Number);
}

/** GETs on one connection of their own, in order: each answer's status and body. */
async function onOneConnection(port: number, paths: string[]): Promise<{ status: number; body: string }[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const out: { status: number; body: string }[] = [];
    for (const p of paths) {
      out.push(
        await new Promise((resolve, reject) => {
          http
            .get({ host: '127.0.0.1', port, path: p, agent }, (res) => {
              let body = '';
              res.setEncoding('utf8');
              res.on('data', (c: string) => (body += c));
              res.on('end', () => resolve({ status: res.statusCode!, body }));
            })
            .on('error', reject);
        }),
      );
    }
    return out;
  } finally {
    agent.destroy();
  }
}

/** Which process (1-based) answers a new connection: /health's `worker.index` on it. */
async function whoAnswers(port: number): Promise<number> {
  const [h] = await onOneConnection(port, ['/health']);
  return (JSON.parse(h!.body) as { worker: { index: number } }).worker.index;
}

describe('two serving processes on one port', () => {
  let s: Served;
  let port: number;

  beforeAll(async () => {
    s = serve(['--data', lakeDir(), '--port', '0', '--workers', '2']);
    port = await until('the start line', () => {
      const m = /on http:\/\/127\.0\.0\.1:(\d+) \(2 serving processes\)/.exec(s.stderr());
      return m ? Number(m[1]) : undefined;
    });
    // The second process starts once the first serves: wait until a new connection reaches each.
    const seen = new Set<number>();
    await until('both processes', async () => (seen.add(await whoAnswers(port)), seen.size === 2 ? true : undefined));
  }, T);

  afterAll(async () => {
    if (s.child.exitCode === null) s.child.kill('SIGKILL');
  });

  it('each connection is served by one of them, which /health names; both answer a page with the same bytes', async () => {
    const url = '/api/block?sort=-number&start=0&limit=7';
    const byProcess = new Map<number, Set<string>>();
    for (let i = 0; i < 8; i++) {
      const [h, page] = await onOneConnection(port, ['/health', url]);
      const health = JSON.parse(h!.body) as { worker: { index: number; of: number } };
      expect(health.worker.of).toBe(2);
      expect(page!.status).toBe(200);
      byProcess.set(health.worker.index, (byProcess.get(health.worker.index) ?? new Set()).add(page!.body));
    }
    expect([...byProcess.keys()].sort()).toEqual([1, 2]);
    const bodies = new Set([...byProcess.values()].flatMap((b) => [...b]));
    expect(bodies.size).toBe(1);
    expect((JSON.parse([...bodies][0]!) as { data: unknown[] }).data).toHaveLength(7);
  }, T);

  it('each serving process runs with the young-generation settings (a fixed 16 MiB, no pretenuring), the supervisor without', () => {
    const argv = (pid: number) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    const kids = childrenOf(s.child.pid!);
    expect(kids).toHaveLength(2);
    for (const k of kids) expect(argv(k)).toEqual(expect.arrayContaining(['--min-semi-space-size=16', '--no-allocation-site-pretenuring']));
    expect(argv(s.child.pid!)).not.toContain('--no-allocation-site-pretenuring');
  });

  it('a process that ends is replaced; meanwhile the other answers every connection', async () => {
    const before = childrenOf(s.child.pid!);
    expect(before).toHaveLength(2);
    process.kill(before[0]!, 'SIGKILL');
    await until('the supervisor to see it end', () => (/serving process \d of 2 ended \(SIGKILL\)/.test(s.stderr()) ? true : undefined));
    for (let i = 0; i < 4; i++) expect((await onOneConnection(port, ['/health']))[0]!.status).toBe(200);
    const after = await until('a replacement', () => {
      const now = childrenOf(s.child.pid!);
      return now.length === 2 && !now.includes(before[0]!) ? now : undefined;
    });
    expect(after).toContain(before[1]);
    const seen = new Set<number>();
    await until('both processes again', async () => (seen.add(await whoAnswers(port)), seen.size === 2 ? true : undefined));
  }, T);

  it('SIGTERM stops every process: exit 0, none left, the port closed', async () => {
    const kids = childrenOf(s.child.pid!);
    s.child.kill('SIGTERM');
    // Every process of the group gets it, as from a terminal's Ctrl-C: the supervisor forwards it once more.
    for (const k of kids) process.kill(k, 'SIGTERM');
    expect(await s.exited).toBe(0);
    for (const k of kids) expect(() => process.kill(k, 0)).toThrow();
    // Each closed its engines: no DuckDB spill folder of theirs is left (src/lake/work-folder.ts names the owner).
    const left = readdirSync(os.tmpdir()).filter((d) => d.startsWith('tronlake-spill-'));
    const owners = left.map((d) => {
      try {
        return Number(readFileSync(path.join(os.tmpdir(), d, 'owner.pid'), 'utf8'));
      } catch {
        return 0; // made this instant by another test's engine
      }
    });
    for (const k of kids) expect(owners).not.toContain(k);
    await expect(onOneConnection(port, ['/health'])).rejects.toThrow(/ECONNREFUSED/);
  }, T);
});

describe('a lake that cannot be served', () => {
  it('is reported once by the first process and the command exits 1, no process left', async () => {
    const s = serve(['--data', path.join(lakeDir(), 'no-such-lake'), '--port', '0', '--workers', '2']);
    expect(await s.exited).toBe(1);
    expect(s.stderr().match(/no published dataset/g)).toHaveLength(1);
    expect(childrenOf(s.child.pid!)).toEqual([]);
  }, T);
});
