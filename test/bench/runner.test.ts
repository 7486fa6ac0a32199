/**
 * The runner's own counting, against a tiny Fastify server in this file that counts what it receives (the
 * independent ledger): the report's counts must equal the server's.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBench, type RunOptions } from '../../src/bench/runner.ts';
import { benchCli } from '../../src/bench/cli.ts';
import { UnreachableError } from '../../src/bench/load.ts';
import { freePort } from '../../src/bench/servers.ts';
import { parseWorkload, type Workload } from '../../src/bench/workload.ts';
import { REPORT_FORMAT, renderMarkdown, type BenchReport } from '../../src/bench/report.ts';
import { testRunOptions } from './run-options.ts';
import { scratchDir } from '../helpers/scratch.ts';

interface Ledger {
  byRoute: Map<string, number>;
  byStatus: Map<number, number>;
  total: number;
  probes: number;
}

let server: FastifyInstance;
let url: string;
const ledger: Ledger = { byRoute: new Map(), byStatus: new Map(), total: 0, probes: 0 };

beforeAll(async () => {
  server = Fastify({ logger: false });
  server.addHook('onResponse', async (req, reply) => {
    const key = `${req.method} ${req.routeOptions.url ?? req.url}`;
    // The reachability probe of each target is not part of the workload.
    if (key === 'GET /health') return void ledger.probes++;
    ledger.byRoute.set(key, (ledger.byRoute.get(key) ?? 0) + 1);
    ledger.byStatus.set(reply.statusCode, (ledger.byStatus.get(reply.statusCode) ?? 0) + 1);
    ledger.total++;
  });
  server.get('/a', async (req) => ({ data: [{ x: 1 }], q: req.query }));
  server.get('/b', async (_req, reply) => reply.code(503).header('retry-after', '1').send({ error: 'OVERLOADED' }));
  server.post('/echo', async (req) => ({ got: req.body }));
  server.get('/health', async () => ({ status: 'ok', version: 'v-test', fingerprint: 'f00d', head: { number: 7 } }));
  await server.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(server.server.address() as net.AddressInfo).port}`;
});

afterAll(async () => {
  await server.close();
});

function resetLedger(): void {
  ledger.byRoute.clear();
  ledger.byStatus.clear();
  ledger.total = 0;
  ledger.probes = 0;
}

const WORKLOAD: Workload = parseWorkload(
  [
    '{"path":"/a","query":{"k":"v"},"weight":3,"label":"a","expect":{"status":200,"has":["data.0.x"],"equals":{"q.k":"v"}}}',
    '{"path":"/b","weight":1,"label":"b","expect":{"status":200}}',
    '{"method":"POST","path":"/echo","body":{"n":1},"weight":1,"label":"echo","expect":{"equals":{"got.n":1}}}',
  ].join('\n'),
  'test.jsonl',
);

function options(over: Partial<RunOptions>): RunOptions {
  return testRunOptions({ targets: [{ name: 'test server', url }], workload: WORKLOAD, workloadFile: 'test.jsonl', mode: 'mix', connections: 4, requests: 500, repeat: 1, ...over });
}

const label = (r: BenchReport, l: string) => r.targets[0]!.labels.find((x) => x.label === l)!.total;

describe('tronlake bench runner', () => {
  it('counts exactly the requests the server received, per label and status, with checks and weights', async () => {
    resetLedger();
    const r = await runBench(options({}));
    const t = r.targets[0]!;
    expect(ledger.total).toBe(500);
    expect(t.overall.total.requests).toBe(ledger.total);
    expect(t.overall.total.sent).toBe(500);
    expect(label(r, 'a').requests).toBe(ledger.byRoute.get('GET /a'));
    expect(label(r, 'b').requests).toBe(ledger.byRoute.get('GET /b'));
    expect(label(r, 'echo').requests).toBe(ledger.byRoute.get('POST /echo'));
    // Weights 3 : 1 : 1 over 500 requests.
    expect([label(r, 'a').requests, label(r, 'b').requests, label(r, 'echo').requests]).toEqual([300, 100, 100]);
    expect(t.overall.total.statuses).toEqual({ 200: ledger.byStatus.get(200), 503: ledger.byStatus.get(503) });
    expect(label(r, 'b').statuses).toEqual({ 503: 100 });
    // Checks: /b answers 503 where 200 is expected; /a and the POST body echo hold.
    expect([label(r, 'a').checksFailed, label(r, 'b').checksFailed, label(r, 'echo').checksFailed]).toEqual([0, 100, 0]);
    expect(label(r, 'b').checkExamples[0]).toBe('/b: status 503, expected 200');
    // Latency split per status (admitted vs rejected), counts adding up.
    expect(t.overall.total.byStatus['200']!.count + t.overall.total.byStatus['503']!.count).toBe(500);
    expect(label(r, 'a').latency.p50).toBeGreaterThan(0);
    expect(label(r, 'a').latency.p50).toBeLessThanOrEqual(label(r, 'a').latency.p99);
    expect(t.health).toEqual({ status: 'ok', version: 'v-test', fingerprint: 'f00d', head: { number: 7 } });
    expect(t.errors).toBe(0);
    expect(r.format).toBe(REPORT_FORMAT);
    expect(r.machine.loadBefore).toHaveLength(3);
  });

  it('interleaves several targets over rounds, with the floor measured in every round', async () => {
    resetLedger();
    const r = await runBench(
      options({ targets: [{ name: 'one', url }, { name: 'two', url: `${url}/` }], repeat: 2, requests: 40, floor: true, workload: parseWorkload('{"path":"/a"}', 'w') }),
    );
    expect(ledger.total).toBe(2 * 2 * 40);
    // Per target: the reachability probe, then /health `cpuMs` and `gc` before each of its two phases (this server has
    // neither: one try each, none after, and the report says nothing of the server's cost).
    expect(ledger.probes).toBe(2 * 3);
    for (const t of r.targets) expect(t.server).toBeUndefined();
    for (const t of r.targets) {
      expect(t.overall.rounds.map((x) => x.requests)).toEqual([40, 40]);
      expect(t.labels[0]!.rounds).toHaveLength(2);
      expect(t.overall.total.requests).toBe(80);
    }
    expect(r.floor!.overall.rounds).toHaveLength(2);
    expect(r.floor!.overall.total.statuses).toEqual({ 200: 80 });
  });

  it('warms up with --warmup requests, the workload cycled when it has fewer, labels in turn', async () => {
    resetLedger();
    const r = await runBench(options({ mode: 'per-label', requests: 4, warmup: 7 }));
    // 3 items, 7 warm-up requests: a, b, echo, a, b, echo, a; then 4 measured per label
    expect(ledger.total).toBe(7 + 3 * 4);
    expect([ledger.byRoute.get('GET /a'), ledger.byRoute.get('GET /b'), ledger.byRoute.get('POST /echo')]).toEqual([3 + 4, 2 + 4, 2 + 4]);
    expect(r.settings.warmup).toBe(7);
    expect(r.targets[0]!.overall.total.requests).toBe(12);
  });

  it('--warmup-seconds: the warm-up requests cycled until that time has passed as well', async () => {
    resetLedger();
    const t0 = performance.now();
    const r = await runBench(options({ mode: 'per-label', requests: 4, warmup: 2, warmupSeconds: 1 }));
    const warm = ledger.total - 3 * 4;
    expect(performance.now() - t0).toBeGreaterThanOrEqual(1000);
    // More than the count: the first two of the warm order (a, b) again and again, in turn; echo only measured.
    expect(warm).toBeGreaterThan(2);
    expect(ledger.byRoute.get('POST /echo')).toBe(4);
    expect(Math.abs(ledger.byRoute.get('GET /a')! - ledger.byRoute.get('GET /b')!)).toBeLessThanOrEqual(1);
    expect(r.settings.warmupSeconds).toBe(1);
    expect(renderMarkdown(r)).toContain('at least 1 s of them');
  });

  it('in per-label mode, measures each label on its own phase', async () => {
    resetLedger();
    const r = await runBench(options({ mode: 'per-label', requests: 20 }));
    expect(ledger.total).toBe(60);
    expect(r.targets[0]!.labels.map((l) => l.total.requests)).toEqual([20, 20, 20]);
    expect(r.targets[0]!.overall.total.requests).toBe(60);
  });

  it('in a timed run, answered ≤ received by the server ≤ sent', async () => {
    resetLedger();
    const r = await runBench(options({ requests: undefined, duration: 1, connections: 2 }));
    const o = r.targets[0]!.overall.total;
    expect(o.requests).toBeGreaterThan(10);
    expect(o.requests).toBeLessThanOrEqual(ledger.total);
    expect(ledger.total).toBeLessThanOrEqual(o.sent);
    expect(o.seconds).toBeGreaterThanOrEqual(1);
  });

  it('an unreachable URL is a clear error, not a hang', async () => {
    const port = await freePort(); // free now: nothing listens there
    const t0 = Date.now();
    await expect(runBench(options({ targets: [{ name: 'nothing', url: `http://127.0.0.1:${port}` }] }))).rejects.toThrow(
      new RegExp(`cannot reach http://127.0.0.1:${port}: ECONNREFUSED`),
    );
    // A server that accepts connections and never answers.
    const silent = net.createServer(() => {});
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const silentUrl = `http://127.0.0.1:${(silent.address() as net.AddressInfo).port}`;
    try {
      const err = await runBench(options({ targets: [{ name: 'silent', url: silentUrl }], probeTimeoutMs: 500 })).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(UnreachableError);
      expect((err as Error).message).toBe(`cannot reach ${silentUrl}: no answer within 0.5 s`);
    } finally {
      silent.close();
    }
    expect(Date.now() - t0).toBeLessThan(10_000);
  });

  it('a target that dies mid-run stops the phase after --bailout errors, and the report says so', async () => {
    const dying = http.createServer((_req, res) => res.end('{"ok":true}'));
    await new Promise<void>((r) => dying.listen(0, '127.0.0.1', r));
    const dyingUrl = `http://127.0.0.1:${(dying.address() as net.AddressInfo).port}`;
    setTimeout(() => {
      dying.close();
      dying.closeAllConnections();
    }, 300);
    const t0 = Date.now();
    const r = await runBench(options({ targets: [{ name: 'dying', url: dyingUrl }], workload: parseWorkload('{"path":"/x"}', 'w'), requests: 10_000_000, bailout: 50 }));
    const t = r.targets[0]!;
    expect(t.aborted).toMatch(/^stopped after \d+ connection errors or timeouts \(first: ECONN(RESET|REFUSED)\)$/);
    expect(t.errors).toBeGreaterThanOrEqual(50);
    expect(t.overall.total.requests).toBeGreaterThan(0);
    expect(Date.now() - t0).toBeLessThan(10_000);
  });

  it('the CLI writes report.json, report.md and the workload, and names a malformed workload line', async () => {
    const dir = scratchDir('tronlake-bench-cli-');
    const wl = path.join(dir, 'w.jsonl');
    writeFileSync(wl, '{"path":"/a","label":"a"}\n');
    const out = path.join(dir, 'out');
    await benchCli(['--url', `local=${url}`, '--workload', wl, '--requests', '20', '--connections', '2', '--repeat', '1', '--warmup', '0', '--no-floor', '--out', out, '--progress', 'false']);
    const report = JSON.parse(readFileSync(path.join(out, 'report.json'), 'utf8')) as BenchReport;
    expect(report.targets[0]!.labels[0]!.total.requests).toBe(20);
    expect([report.targets[0]!.name, report.targets[0]!.url]).toEqual(['local', url]);
    expect(readFileSync(path.join(out, 'report.md'), 'utf8')).toContain('| a | 1 | 20 |');
    expect(readFileSync(path.join(out, 'workload.jsonl'), 'utf8')).toBe('{"method":"GET","path":"/a","weight":1,"label":"a"}\n');

    writeFileSync(wl, '{"path":"/a"}\n{"path":"/a","weight":-1}\n');
    await expect(benchCli(['--url', url, '--workload', wl, '--out', out])).rejects.toThrow(`${wl}:2: field "weight"`);
    await expect(benchCli(['--url', url])).rejects.toThrow(/--workload FILE is required with --url/);
    await expect(benchCli(['--url', 'ftp://x', '--workload', wl])).rejects.toThrow(/.+/);
    await expect(benchCli(['--url', url, '--workload', wl, '--bogus', '1'])).rejects.toThrow(/unknown flag --bogus/);
    const noLake = path.join(dir, 'no-lake');
    await expect(benchCli(['--data', noLake])).rejects.toThrow(`no lake in ${noLake} (no manifest.json)`);
  });

  it("reports a tronlake's CPU time and GC pauses over its own phases, summed over its serving processes", async () => {
    // Two "serving processes" behind one port, taking connections in turn as the port hands them out: each counts its
    // own answers (the ledger) and reports them in /health: per answer 0.25 ms of CPU, one minor collection of 0.5 ms
    // and two majors of 0.5 ms each. The report must give the answers of its phases (warm-up excluded) over both.
    // The warm-up reaches each process in full (over one kept-alive connection it all went to one), as /health, read
    // first after it, shows.
    const answered = [0, 0];
    let afterWarmUp: number[] | undefined;
    let connections = 0;
    const gcServer = Fastify({ logger: false });
    gcServer.server.on('connection', (socket: net.Socket) => void ((socket as net.Socket & { worker?: number }).worker = connections++ % 2));
    const workerOf = (req: { raw: http.IncomingMessage }) => (req.raw.socket as net.Socket & { worker?: number }).worker!;
    gcServer.get('/a', async (req) => {
      answered[workerOf(req)]!++;
      return {};
    });
    gcServer.get('/health', async (req) => {
      if (afterWarmUp === undefined && answered[0]! + answered[1]! > 0) afterWarmUp = [...answered];
      const n = answered[workerOf(req)]!;
      return {
        status: 'ok', version: 'v', fingerprint: 'f', worker: { index: workerOf(req), of: 2 },
        cpuMs: 1000 + n * 0.25,
        gc: { minor: { count: n, ms: n * 0.5 }, major: { count: 2 * n, ms: n } },
      };
    });
    await gcServer.listen({ port: 0, host: '127.0.0.1' });
    try {
      const gcUrl = `http://127.0.0.1:${(gcServer.server.address() as net.AddressInfo).port}`;
      const r = await runBench(options({ targets: [{ name: 'gc', url: gcUrl }], workload: parseWorkload('{"path":"/a"}', 'w'), requests: 300, repeat: 2, warmup: 40 }));
      const t = r.targets[0]!;
      expect(afterWarmUp).toEqual([40, 40]);
      const rounds = answered[0]! + answered[1]! - 80;
      expect(rounds).toBe(600);
      expect(t.server).toEqual({ processes: 2, cpuMs: 150, gc: { minor: { count: 600, ms: 300 }, major: { count: 1200, ms: 600 } } });
      const md = renderMarkdown(r);
      expect(md).toContain('Server CPU over its phases (2 serving processes): 0.1 s, 0.250 ms per answer');
      expect(md).toContain('GC pauses over its phases (2 serving processes): 600 minor (100.0 per 100 answers; 300 ms, mean 0.50 ms), 1200 major (600 ms, mean 0.50 ms)');
    } finally {
      await gcServer.close();
    }
  });
});
