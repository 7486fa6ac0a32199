/**
 * Admission under overload (issue 30, defects 4 and 5), over the generated tiny lake with apps of their own:
 * - the line: a freed slot goes to the head of the line; a client that honoured Retry-After and sends its
 *   Retry-Ticket back gets in before every newcomer (and takes a full line's newest newcomer's place); a ticket sent
 *   early counts for nothing; a full line refuses at once; a wait that runs out is a 503 with Retry-After;
 * - a retry storm: clients resending a 503 at once keep ≥ 80 % of the goodput of clients honouring Retry-After (the
 *   median of four back-to-back pairs of phases), and
 *   /health stays fast beside either (src/bench/retry-storm.ts drives both);
 * - exports: JSON requests are admitted while 8 exports stream; a stalled reader holds at most one chunk above the
 *   socket, and a slow reader leaves the server keeping less than half of the export (after a full collection).
 */
import { spawn } from 'node:child_process';
import net from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import path from 'node:path';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { buildApp, type TronlakeApp } from '../../src/http/app.ts';
import { defineEndpoint, type AnyEndpoint } from '../../src/endpoints/kit/endpoint.ts';
import { endpoints } from '../../src/endpoints/index.ts';
import { quantiles, type StormOptions, type StormResult } from '../../src/bench/retry-storm.ts';
import { lakeDir } from '../helpers/lake.ts';
import { budget } from '../helpers/budget.ts';
import { bigCsv } from '../helpers/big-export.ts';

async function withApp<T>(opts: Partial<Parameters<typeof buildApp>[0]>, fn: (app: TronlakeApp) => Promise<T>): Promise<T> {
  const app = await buildApp({ dataDir: lakeDir(), endpoints, cacheBytes: 0, ...opts });
  try {
    return await fn(app);
  } finally {
    await app.close();
  }
}

/** Resolves after `cond()` holds (polled), or rejects after `ms`. */
async function until(cond: () => boolean, ms: number, what: string): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

describe('the line: first come first served, returning clients before newcomers', () => {
  // A test endpoint whose answer waits for the test to open its gate: the test decides when slots free up.
  const admitted: string[] = [];
  const gates = new Map<string, () => void>();
  const gated: AnyEndpoint = defineEndpoint({
    path: '/test/gated',
    method: 'GET',
    summary: 'waits for its gate (test)',
    params: z.object({ who: z.string() }),
    queries: {},
    handle: async (p: { who: string }) => {
      admitted.push(p.who);
      await new Promise<void>((resolve) => gates.set(p.who, resolve));
      return { who: p.who };
    },
  });

  it('admits the head of the line when a slot frees; a ticket after Retry-After jumps ahead of newcomers; early tickets and a full line are refused at once', { timeout: budget(20) }, async () => {
    await withApp({ endpoints: [gated], poolSize: 1, maxQueue: 0, maxWaiting: 2, maxWaitMs: 120_000 }, async (app) => {
      const ask = (who: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url: `/test/gated?who=${who}`, headers });
      const a = ask('A');
      await until(() => admitted.includes('A'), 10_000, 'A admitted');
      const b = ask('B');
      await until(() => app.admission.waiting() === 1, 10_000, 'B in line');
      const c = ask('C');
      await until(() => app.admission.waiting() === 2, 10_000, 'C in line');
      // The line is full: D is refused at once, with Retry-After and a ticket, while A still holds the slot.
      const d1 = await ask('D');
      expect(d1.statusCode).toBe(503);
      expect(JSON.parse(d1.body).error).toBe('OVERLOADED');
      expect(d1.headers['retry-after']).toBe('1');
      const ticket = String(d1.headers['retry-ticket']);
      expect(ticket).toMatch(/\S/);
      // Sent back before its Retry-After has passed (a client resending at once), the ticket counts for nothing.
      expect((await ask('D', { 'retry-ticket': ticket })).statusCode).toBe(503);
      await new Promise((r) => setTimeout(r, 1_050));
      // After Retry-After, D is a returning client: it takes the newest newcomer's place (C is refused instead)…
      const d2 = ask('D', { 'retry-ticket': ticket });
      const cAnswer = await c;
      expect(cAnswer.statusCode).toBe(503);
      expect(cAnswer.headers['retry-ticket']).toMatch(/\S/);
      expect(app.admission.waiting()).toBe(2);
      // …a ticket is used once, and a newcomer finds the line full.
      expect((await ask('E', { 'retry-ticket': ticket })).statusCode).toBe(503);
      expect(admitted).toEqual(['A']);
      // Slots free one by one: D (returning) before B (a newcomer who came earlier).
      gates.get('A')!();
      expect((await a).statusCode).toBe(200);
      await until(() => admitted.length === 2, 10_000, 'the next admitted');
      expect(admitted).toEqual(['A', 'D']);
      gates.get('D')!();
      expect((await d2).statusCode).toBe(200);
      await until(() => admitted.length === 3, 10_000, 'the next admitted');
      expect(admitted).toEqual(['A', 'D', 'B']);
      gates.get('B')!();
      expect((await b).statusCode).toBe(200);
      expect(app.admission.inFlight()).toBe(0);
      expect(app.admission.waiting()).toBe(0);
    });
  });

  it('answers a request whose wait runs out 503 with Retry-After and a ticket; the slot is still held', { timeout: budget(20) }, async () => {
    admitted.length = 0;
    await withApp({ endpoints: [gated], poolSize: 1, maxQueue: 0, maxWaiting: 4, maxWaitMs: 300 }, async (app) => {
      const a = app.inject({ method: 'GET', url: '/test/gated?who=A' });
      await until(() => admitted.includes('A'), 10_000, 'A admitted');
      const t0 = performance.now();
      const late = await app.inject({ method: 'GET', url: '/test/gated?who=B' });
      expect(performance.now() - t0).toBeGreaterThanOrEqual(250);
      expect(late.statusCode).toBe(503);
      expect(late.headers['retry-after']).toBe('1');
      expect(late.headers['retry-ticket']).toMatch(/\S/);
      expect(app.admission.waiting()).toBe(0);
      gates.get('A')!();
      expect((await a).statusCode).toBe(200);
      expect(admitted).toEqual(['A']);
    });
  });

  it('refuses every waiter whose wait ran out, also when more run out at once than one sweep refuses, and the line works on after', { timeout: budget(20) }, async () => {
    admitted.length = 0;
    await withApp({ endpoints: [gated], poolSize: 1, maxQueue: 0, maxWaiting: 100, maxWaitMs: 200 }, async (app) => {
      const a = app.inject({ method: 'GET', url: '/test/gated?who=A' });
      await until(() => admitted.includes('A'), 10_000, 'A admitted');
      // 40 waiters lined up together run out together (more than one sweep's batch).
      const lined = Array.from({ length: 40 }, (_, i) => app.inject({ method: 'GET', url: `/test/gated?who=W${i}` }));
      const answers = await Promise.all(lined);
      expect(answers.map((r) => r.statusCode)).toEqual(Array.from({ length: 40 }, () => 503));
      expect(new Set(answers.map((r) => r.headers['retry-ticket'])).size).toBe(40);
      expect(app.admission.waiting()).toBe(0);
      // The line works on after the sweep: a new waiter gets the slot A frees.
      const b = app.inject({ method: 'GET', url: '/test/gated?who=B' });
      await until(() => app.admission.waiting() === 1, 10_000, 'B in line');
      gates.get('A')!();
      await until(() => admitted.includes('B'), 10_000, 'B admitted');
      gates.get('B')!();
      expect([(await a).statusCode, (await b).statusCode]).toEqual([200, 200]);
      expect(admitted).toEqual(['A', 'B']);
    });
  });

  it('logs a refusal of the line as a count once a second, not a line each; an answered request is one line; /health none', { timeout: budget(20) }, async () => {
    admitted.length = 0;
    const log: Record<string, unknown>[] = [];
    const logStream = { write: (line: string) => void log.push(JSON.parse(line) as Record<string, unknown>) };
    await withApp({ endpoints: [gated], poolSize: 1, maxQueue: 0, maxWaiting: 0, logger: true, logStream }, async (app) => {
      const a = app.inject({ method: 'GET', url: '/test/gated?who=A' });
      await until(() => admitted.includes('A'), 10_000, 'A admitted');
      for (let i = 0; i < 5; i++) expect((await app.inject({ method: 'GET', url: `/test/gated?who=R${i}` })).statusCode).toBe(503);
      expect((await app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
      gates.get('A')!();
      expect((await a).statusCode).toBe(200);
      await until(() => log.some((l) => l.refused !== undefined), 5_000, 'the refusals counted');
      const requests = log.filter((l) => l.msg === 'request completed');
      expect(requests.map((l) => (l.req as { url: string }).url)).toEqual(['/test/gated?who=A']);
      expect(log.filter((l) => l.refused !== undefined).map((l) => l.refused)).toEqual([5]);
    });
  });
});

/** Runs `retryStorm(o)` in a child process (src/bench/retry-storm.ts as a script) and resolves with its result. */
function stormProcess(o: StormOptions): Promise<StormResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.resolve('src/bench/retry-storm.ts'), JSON.stringify(o)], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out) as StormResult) : reject(new Error(`storm clients exited ${code}`))));
  });
}

describe('retry storm', () => {
  // Uncached list pages (response cache off) with a token filter the key files do not hold: every request reaches
  // DuckDB (a storm of pages answered from key files saturates the event loop instead: its /health p99 was 120-350 ms
  // in session 21's clean clone, 117-194 ms in session 24's once state filters moved to key files; load shedding by
  // event-loop delay is issue 32's open work).
  const paths = Array.from({ length: 300 }, (_, i) => `/api/transaction?limit=20&start=${(i - (i % 2)) * 10}&tokens=_${i % 2 ? '&confirm=0' : ''}`);

  it('keeps goodput of clients resending at once ≥ 80 % of clients honouring Retry-After (median of four pairs), and /health fast beside both', { timeout: budget(90) }, async () => {
    // The server as served: no response-schema check of every page (on by default under vitest), which is test-only
    // main-thread work that would slow /health beside the storm.
    await withApp({ poolSize: 2, checkResponses: false }, async (app) => {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const url = `http://127.0.0.1:${(app.server.address() as net.AddressInfo).port}`;
      // The server's event-loop delay (this process): what a request waits for the main thread, shown beside /health.
      const loop = monitorEventLoopDelay({ resolution: 10 });
      // The clients and the /health prober each run in a process of their own: their work is neither the server's nor
      // each other's. /health alone first, at this moment's machine load: the yardstick of the probes beside the storms.
      const idle = await stormProcess({ url, paths, clients: 0, seconds: 2, mode: 'honour' });
      // Modes in the order honour, resend, resend, honour, so a steady rise or fall of the machine's load (the suite
      // runs beside other work) falls on both alike (in the order honour, resend, honour, resend, resend came later on
      // average and failed the ratio at 74 % in a run whose load fell from phase to phase);
      // 48 clients over a pool of 2 (4 in progress): most requests wait or are refused.
      // An unmeasured storm first: in one run the first phase was 4 × faster than the three after it (all alike), so
      // both modes are measured in the same steady state after it.
      await stormProcess({ url, paths, clients: 48, seconds: 4, mode: 'resend', probeHealth: false });
      loop.enable();
      const runs: StormResult[] = [];
      // /health alone again before each pair: the machine's load moves over the ~40 s of the phases (one clean clone
      // beside four other test processes measured 17 ms idle at the start and 62 ms beside a storm minutes later), so
      // the yardstick is the slowest of these idle measurements, not only the first.
      const idles = [idle];
      // Four pairs of phases, each pair one of each mode back to back (ABBA BAAB: a steady drift of the load falls on
      // both alike). The suite shares the machine, and one phase's goodput moved 2.3x from the next at load 6 (53 vs
      // 23 answers/s, same mode): the verdict is the median of the four pairs' ratios, which one such phase cannot move.
      const modes = ['honour', 'resend', 'resend', 'honour', 'honour', 'resend', 'resend', 'honour'] as const;
      for (const [i, mode] of modes.entries()) {
        if (i % 2 === 0 && i > 0) idles.push(await stormProcess({ url, paths, clients: 0, seconds: 1, mode: 'honour' }));
        const [storm, probe] = await Promise.all([
          stormProcess({ url, paths, clients: 48, seconds: 4, warmupS: 1, mode, probeHealth: false }),
          stormProcess({ url, paths, clients: 0, seconds: 4, mode }),
        ]);
        runs.push({ ...storm, health: probe.health, healthMs: probe.healthMs });
      }
      loop.disable();
      const goodput = (m: string) => runs.filter((r) => r.mode === m).reduce((s, r) => s + r.goodput, 0);
      const pairRatios = [0, 2, 4, 6].map((i) => {
        const pair = runs.slice(i, i + 2);
        return pair.find((r) => r.mode === 'resend')!.goodput / pair.find((r) => r.mode === 'honour')!.goodput;
      }).sort((x, y) => x - y);
      const medianRatio = (pairRatios[1]! + pairRatios[2]!) / 2;
      const health = (m: string) => quantiles(runs.filter((r) => r.mode === m).flatMap((r) => r.healthMs));
      const summary = runs.map((r) => `${r.mode}: ${r.goodput.toFixed(1)}/s, ${r.ok} ok, ${r.refused} refused, admitted p99 ${r.admitted.p99.toFixed(0)} ms, /health p99 ${r.health.p99.toFixed(1)} ms`).join('; ');
      const idleP99 = Math.max(...idles.map((r) => r.health.p99));
      console.log(`retry storm: idle /health p99 ${idles.map((r) => r.health.p99.toFixed(1)).join(' / ')} ms; server event-loop delay beside the storms p99 ${(loop.percentile(99) / 1e6).toFixed(1)} ms, max ${(loop.max / 1e6).toFixed(1)} ms; ${summary}`);
      expect(goodput('honour')).toBeGreaterThan(0);
      expect(goodput('resend')).toBeGreaterThan(0);
      expect(medianRatio, `pair ratios ${pairRatios.map((r) => r.toFixed(2)).join(', ')}; ${summary}`).toBeGreaterThanOrEqual(0.8);
      // /health never waits in line: its p99 beside a storm stays within 50 ms, or within 3 × its idle p99 when the
      // machine itself is that slow (a loaded machine delays every process, this one included).
      const bound = Math.max(50, 3 * idleP99);
      expect(health('honour').p99, summary).toBeLessThanOrEqual(bound);
      expect(health('resend').p99, summary).toBeLessThanOrEqual(bound);
      expect(runs.every((r) => r.other === 0), summary).toBe(true);
    });
  });
});

/** Starts the big export on a raw socket that reads nothing; resolves once its first bytes arrived (it streams). */
async function pausedExport(port: number): Promise<net.Socket> {
  const s = net.connect(port, '127.0.0.1');
  s.on('error', () => undefined);
  await new Promise<void>((resolve) => s.once('connect', () => resolve()));
  s.pause();
  s.write(`GET ${bigCsv.path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
  await until(() => s.readableLength > 0, 60_000, 'first bytes of an export');
  return s;
}

describe('exports beside queries (defects 5 and 6)', () => {
  it('admits JSON requests while 8 exports stream (their own lane and connections)', { timeout: budget(60) }, async () => {
    await withApp({ endpoints: [...endpoints, bigCsv], poolSize: 2, maxQueue: 0, maxWaiting: 0, maxExports: 8, csvStallMs: 120_000 }, async (app) => {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const port = (app.server.address() as net.AddressInfo).port;
      const sockets: net.Socket[] = [];
      try {
        for (let i = 0; i < 8; i++) sockets.push(await pausedExport(port));
        expect(app.admission.exports()).toBe(8);
        // Every query slot is free for JSON: two at once (the pool, no queue, no line) are both answered.
        for (const url of ['/api/block?limit=5', '/api/transaction?limit=5', '/api/transfer?limit=5']) {
          const answers = await Promise.all([app.inject({ method: 'GET', url }), app.inject({ method: 'GET', url: `${url}&start=5` })]);
          expect(answers.map((r) => r.statusCode), url).toEqual([200, 200]);
        }
        // A ninth export is refused (the lane is full), not queued behind the others.
        const ninth = await app.inject({ method: 'GET', url: bigCsv.path });
        expect(ninth.statusCode).toBe(503);
        expect(app.admission.exports()).toBe(8);
      } finally {
        for (const s of sockets) s.destroy();
      }
      await until(() => app.admission.exports() === 0, 60_000, 'export slots given back');
    });
  });

  it('buffers at most one chunk of an export above the socket while its reader takes nothing', { timeout: budget(60) }, async () => {
    await withApp({ endpoints: [...endpoints, bigCsv], csvStallMs: 120_000 }, async (app) => {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const port = (app.server.address() as net.AddressInfo).port;
      const responses: import('node:http').ServerResponse[] = [];
      app.server.on('request', (_req, res) => responses.push(res));
      const s = await pausedExport(port);
      try {
        const res = responses.find((r) => !r.writableEnded)!;
        // The reader takes nothing: the server stops producing once the socket is full (backpressure honoured).
        let maxBuffered = 0;
        for (let i = 0; i < 40; i++) {
          maxBuffered = Math.max(maxBuffered, res.writableLength + (res.socket?.writableLength ?? 0));
          await new Promise((r) => setTimeout(r, 25));
        }
        const bytesOut = res.socket?.bytesWritten ?? 0;
        await new Promise((r) => setTimeout(r, 300));
        expect(res.socket?.bytesWritten ?? 0).toBe(bytesOut);
        // One CSV chunk is one DuckDB vector (2,048 rows, a few hundred KB here) written above the high-water mark.
        expect(maxBuffered).toBeLessThanOrEqual(2 * 1024 * 1024);
      } finally {
        s.destroy();
      }
    });
  });

  it('keeps less than half of an export in memory while a reader takes it slowly', { timeout: budget(90) }, async () => {
    // The server runs alone in a child process; test/helpers/export-memory-server.ts says what it measures and why.
    const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', path.resolve('test/helpers/export-memory-server.ts'), lakeDir()], { stdio: ['pipe', 'pipe', 'inherit'] });
    const lines: string[] = [];
    let pending = '';
    child.stdout!.on('data', (d: Buffer) => {
      pending += d.toString();
      const parts = pending.split('\n');
      pending = parts.pop()!;
      lines.push(...parts);
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    try {
      await until(() => lines.length >= 1, budget(60) * 1000, 'the export server listening');
      const { port, idle } = JSON.parse(lines[0]!) as { port: number; idle: number };
      const s = await pausedExport(port);
      let bytes = 0;
      let text = '';
      // Slower than the server writes (a chunk every 10 ms, ~6 MB/s): without backpressure the rest would pile up in it.
      s.on('data', (d: Buffer) => {
        bytes += d.length;
        text = (text + d.toString('latin1')).slice(-64);
        s.pause();
        setTimeout(() => s.resume(), 10);
      });
      s.resume();
      await new Promise<void>((resolve) => s.once('close', () => resolve()));
      // Whole: the terminating chunk and the row-count trailer.
      expect(text).toMatch(/\r\n0\r\nx-row-count: \d+\r\n\r\n$/i);
      child.stdin!.write('report\n');
      await until(() => lines.length >= 2, 30_000, 'the export server\'s report');
      const { most, idleRss, maxRss } = JSON.parse(lines[1]!) as { most: number; idleRss: number; maxRss: number };
      const mb = (n: number): string => (n / 1e6).toFixed(1);
      console.log(`export: ${mb(bytes)} MB read slowly; kept by the server ${mb(idle)} MB idle, at most ${mb(most)} MB while streaming; RSS after collection ${mb(idleRss)} → ${mb(maxRss)} MB`);
      // Large enough that holding it would show: a server that buffered the export would keep most of it.
      expect(bytes).toBeGreaterThan(16_000_000);
      expect(most - idle).toBeLessThanOrEqual(bytes / 2);
      expect(await exited).toBe(0);
    } finally {
      child.kill('SIGKILL');
    }
  });
});
