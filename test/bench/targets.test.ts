/**
 * Several targets in one run, one request at a time, and Retry-After: each local test server here counts what it
 * received (the independent ledger) and answers after a delay it controls, so the paired ratio of two targets is
 * known from the servers' own delays, not from the runner.
 */
import net from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBench, type RunOptions } from '../../src/bench/runner.ts';
import { retryAfterSeconds } from '../../src/bench/clients.ts';
import { renderMarkdown } from '../../src/bench/report.ts';
import { compareReports, renderComparison } from '../../src/bench/compare.ts';
import { pairedJudge, pairedRatios } from '../../src/bench/verdict.ts';
import { parseWorkload } from '../../src/bench/workload.ts';
import { testRunOptions } from './run-options.ts';

interface TestServer {
  app: FastifyInstance;
  url: string;
  /** Requests received per path (probes excluded). */
  received: Map<string, number>;
  /** Server-side time of each answered /slow request, in ms (measured here, not by the runner). */
  handled: number[];
}

/** A server whose /slow answers after `delayMs`, /busy always 503 + Retry-After: 1, /fast at once. */
async function testServer(delayMs: number): Promise<TestServer> {
  const app = Fastify({ logger: false });
  const received = new Map<string, number>();
  const handled: number[] = [];
  app.addHook('onRequest', async (req) => {
    const p = req.url.split('?')[0]!;
    if (p !== '/health') received.set(p, (received.get(p) ?? 0) + 1);
  });
  app.get('/health', async () => ({ status: 'ok' }));
  app.get('/fast', async () => ({ ok: true }));
  app.get('/slow', async () => {
    const t0 = performance.now();
    await new Promise((r) => setTimeout(r, delayMs));
    handled.push(performance.now() - t0);
    return { ok: true };
  });
  app.get('/busy', async (_req, reply) => reply.code(503).header('retry-after', '1').send({ error: 'OVERLOADED' }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url: `http://127.0.0.1:${(app.server.address() as net.AddressInfo).port}`, received, handled };
}

let quick: TestServer;
let slow: TestServer;

beforeAll(async () => {
  quick = await testServer(10);
  slow = await testServer(60);
});

afterAll(async () => {
  await quick.app.close();
  await slow.app.close();
});

function reset(): void {
  for (const s of [quick, slow]) {
    s.received.clear();
    s.handled.length = 0;
  }
}

function options(over: Partial<RunOptions>): RunOptions {
  return testRunOptions({
    targets: [{ name: 'quick', url: quick.url }, { name: 'slow', url: slow.url }],
    workload: parseWorkload('/slow?n=1\n/slow?n=2\n/fast\n', 'urls.txt'),
    workloadFile: 'urls.txt',
    mode: 'sequential',
    connections: 1,
    repeat: 3,
    ...over,
  });
}

describe('several targets in one run', () => {
  it('one request at a time: every distinct request once per round on each target, counts equal to what each server received', async () => {
    reset();
    const r = await runBench(options({}));
    expect(r.settings.connections).toBe(1);
    for (const [t, s] of [[r.targets[0]!, quick], [r.targets[1]!, slow]] as const) {
      expect(s.received.get('/slow')).toBe(3 * 2);
      expect(s.received.get('/fast')).toBe(3);
      expect(t.labels.find((l) => l.label === 'GET /slow')!.total.requests).toBe(s.received.get('/slow'));
      expect(t.labels.find((l) => l.label === 'GET /fast')!.total.requests).toBe(s.received.get('/fast'));
      expect(t.overall.total.requests).toBe(9);
      expect(t.overall.rounds.map((x) => x.requests)).toEqual([3, 3, 3]);
      // A client-side latency holds the server's own time.
      expect(t.labels.find((l) => l.label === 'GET /slow')!.total.latency.p50).toBeGreaterThanOrEqual(Math.min(...s.handled) - 0.5);
    }
  });

  it('the paired ratio of two targets follows their servers\' delays, round by round, and is a change', async () => {
    reset();
    const r = await runBench(options({ repeat: 5, workload: parseWorkload('/slow?n=1\n/slow?n=2\n/slow?n=3\n', 'urls.txt') }));
    const a = r.targets[0]!.labels[0]!;
    const b = r.targets[1]!.labels[0]!;
    expect(a.paired).toBeUndefined();
    expect(b.paired!.against).toBe('quick');
    expect(b.paired!.ratios).toHaveLength(5);
    // The servers' own delays are 60 and 10 ms (a ratio of 6, shrunk by the same transport cost on both sides): each
    // round's ratio is well above 1 and never above the slowest slow answer over the quickest quick one.
    for (const x of b.paired!.ratios) {
      expect(x).toBeGreaterThan(2);
      expect(x).toBeLessThanOrEqual((Math.max(...slow.handled) + 5) / Math.min(...quick.handled));
    }
    expect(pairedJudge(b.paired!.ratios)).toBe('slower');
    expect(renderMarkdown(r)).toContain('## Paired ratios');
    // compare on the one report pairs the same rounds.
    const [c] = compareReports([{ file: 'r.json', report: r }]);
    const row = c!.rows.find((x) => x.label === 'GET /slow')!;
    expect(row.paired!.ratios).toEqual(b.paired!.ratios);
    expect(row.paired!.verdict).toBe('slower');
    expect(renderComparison([c!])).toMatch(/\| GET \/slow \|.*\| slower \|/);
  });

  it('mix mode with two targets: report counts equal each server\'s ledger, with paired ratios per round', async () => {
    reset();
    const r = await runBench(options({ mode: 'mix', connections: 2, requests: 30, repeat: 2, workload: parseWorkload('/fast\n/slow?n=1\n', 'w') }));
    for (const [t, s] of [[r.targets[0]!, quick], [r.targets[1]!, slow]] as const) {
      const got = [...s.received.values()].reduce((x, y) => x + y, 0);
      expect(got).toBe(2 * 30);
      expect(t.overall.total.requests).toBe(got);
      expect(t.labels.find((l) => l.label === 'GET /fast')!.total.requests).toBe(s.received.get('/fast'));
    }
    expect(r.targets[1]!.overall.paired!.ratios).toHaveLength(2);
  });
});

describe('Retry-After', () => {
  it('honoured: a client waits the Retry-After of a 503 before its next request, and the report counts the answers and the wait', async () => {
    reset();
    const t0 = performance.now();
    const r = await runBench(options({ targets: [{ name: 'quick', url: quick.url }], mode: 'mix', connections: 2, requests: 4, repeat: 1, honourRetryAfter: true, workload: parseWorkload('/busy\n', 'w') }));
    const elapsed = performance.now() - t0;
    const o = r.targets[0]!.overall.total;
    expect(quick.received.get('/busy')).toBe(4);
    expect(o.requests).toBe(4);
    expect(o.statuses).toEqual({ 503: 4 });
    expect(o.byStatus['503']!.count).toBe(4);
    expect(o.retryAfter).toBe(4);
    // Two clients, two requests each: each waited 1 s once (not after its last request).
    expect(o.retryWaitS).toBeGreaterThanOrEqual(1.99);
    expect(o.retryWaitS).toBeLessThanOrEqual(2.01);
    expect(elapsed).toBeGreaterThanOrEqual(1000);
    expect(r.settings.honourRetryAfter).toBe(true);
    expect(renderMarkdown(r)).toContain('- Retry-After: 4 answers carried it; clients waited 2 s in total because of it');
  });

  it('not honoured (autocannon): the same 503s come back to back, counted as carrying Retry-After', async () => {
    reset();
    const t0 = performance.now();
    const r = await runBench(options({ targets: [{ name: 'quick', url: quick.url }], mode: 'mix', connections: 2, requests: 40, repeat: 1, workload: parseWorkload('/busy\n', 'w') }));
    expect(performance.now() - t0).toBeLessThan(1000);
    expect(quick.received.get('/busy')).toBe(40);
    expect(r.targets[0]!.overall.total.retryAfter).toBe(40);
    expect(r.targets[0]!.overall.total.retryWaitS).toBe(0);
  });

  it('in a timed run, a client told to come back after the phase ends stops there', async () => {
    reset();
    const t0 = performance.now();
    const r = await runBench(options({ targets: [{ name: 'quick', url: quick.url }], mode: 'mix', connections: 3, duration: 1, repeat: 1, honourRetryAfter: true, workload: parseWorkload('/busy\n', 'w') }));
    expect(performance.now() - t0).toBeLessThan(2500);
    // Each client: a request at once, told to come back in 1 s, when the 1 s phase is over: one request each.
    expect(quick.received.get('/busy')).toBe(3);
    expect(r.targets[0]!.overall.total.requests).toBe(3);
    expect(r.targets[0]!.overall.total.retryWaitS).toBe(0);
  });

  it('reads seconds and HTTP dates', () => {
    const now = Date.parse('2026-11-23T07:00:00Z');
    expect(retryAfterSeconds('1')).toBe(1);
    expect(retryAfterSeconds(' 120 ')).toBe(120);
    expect(retryAfterSeconds('Mon, 23 Nov 2026 07:00:30 GMT', now)).toBe(30);
    expect(retryAfterSeconds('Mon, 23 Nov 2026 06:59:00 GMT', now)).toBe(0);
    expect(retryAfterSeconds('soon')).toBeUndefined();
    expect(retryAfterSeconds(undefined)).toBeUndefined();
  });
});

describe('paired verdicts', () => {
  it('pairs rounds by index where both answered, and calls a change only beyond the spread of the ratios', () => {
    expect(pairedRatios([{ requests: 5, p50: 10 }, { requests: 0, p50: 0 }, { requests: 5, p50: 20 }], [{ requests: 5, p50: 12 }, { requests: 5, p50: 9 }, { requests: 5, p50: 22 }])).toEqual([1.2, 1.1]);
    expect(pairedRatios([{ requests: 5, p50: 10 }], [])).toEqual([]);
    expect(pairedJudge([1.3, 1.32, 1.31, 1.29, 1.3])).toBe('slower');
    expect(pairedJudge([0.7, 0.72, 0.69, 0.71, 0.7])).toBe('faster');
    // Four rounds pointing the same way are not enough.
    expect(pairedJudge([0.7, 0.72, 0.69, 0.71])).toBe('no verdict (under 5 paired rounds)');
    expect(pairedJudge([0.98, 1.05, 1.01, 0.99, 1.02])).toBe('within spread');
    // All on one side but the median not beyond the spread.
    expect(pairedJudge([1.01, 1.2, 1.05, 1.1, 1.03])).toBe('within spread');
    expect(pairedJudge([1.5])).toBe('no verdict (under 5 paired rounds)');
  });
});
