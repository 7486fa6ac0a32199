/**
 * The runner against the real app over the test lake, with a workload drawn from that lake by sample-workload:
 * every request is counted by the HTTP server itself (the independent ledger) and must match the report.
 */
import { readFileSync } from 'node:fs';
import type net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBench } from '../../src/bench/runner.ts';
import { benchCli } from '../../src/bench/cli.ts';
import type { BenchReport } from '../../src/bench/report.ts';
import { sampleWorkload } from '../../src/bench/sample-workload.ts';
import { parseWorkload, serializeWorkload, type Workload } from '../../src/bench/workload.ts';
import { endpoints } from '../../src/endpoints/index.ts';
import { lakeDir, privateApp, testManifest } from '../helpers/lake.ts';
import { testRunOptions } from './run-options.ts';
import { scratchDir } from '../helpers/scratch.ts';

const received = new Map<string, number>();
const statuses = new Map<number, number>();
let url: string;
let workload: Workload;

beforeAll(async () => {
  const app = await privateApp();
  app.server.on('request', (req, res) => {
    const p = new URL(req.url ?? '/', 'http://x').pathname;
    if (p === '/health') return; // the reachability probe, not the workload
    received.set(p, (received.get(p) ?? 0) + 1);
    res.on('finish', () => statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1));
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(app.server.address() as net.AddressInfo).port}`;
  workload = await sampleWorkload(lakeDir());
});

afterAll(() => {
  received.clear();
});

describe('tronlake bench against the app over the test lake', () => {
  it('sample-workload covers every registered endpoint with values from the lake, is deterministic, and its file round-trips', async () => {
    const labels = new Set(workload.items.map((i) => i.label));
    expect([...labels].sort()).toEqual(endpoints.map((e) => `${e.method} ${e.path}`).sort());
    const m = await testManifest();
    expect(workload.comments[0]).toContain(`fingerprint ${m.fingerprint}`);
    expect(parseWorkload(serializeWorkload(workload), 'sample.jsonl')).toEqual(workload);
    // Deterministic: the same lake gives the same workload (its sha256 in a report identifies it).
    expect(serializeWorkload(await sampleWorkload(lakeDir()))).toBe(serializeWorkload(workload));
  });

  it('counts what the server received, per endpoint; every sampled request answers 200; the report carries /health', async () => {
    // About ten requests per label, whatever the number of registered endpoints.
    const n = 10 * new Set(workload.items.map((i) => i.label)).size;
    const r = await runBench(testRunOptions({
      targets: [{ name: 'app', url }],
      workload,
      workloadFile: 'sample',
      mode: 'mix',
      connections: 2,
      requests: n,
      repeat: 1,
      timeoutS: 30,
    }));
    const t = r.targets[0]!;
    const serverTotal = [...received.values()].reduce((a, b) => a + b, 0);
    expect(serverTotal).toBe(n);
    expect(t.overall.total.requests).toBe(serverTotal);
    expect(t.overall.total.statuses).toEqual(Object.fromEntries([...statuses].map(([k, v]) => [String(k), v])));
    expect(t.overall.total.statuses).toEqual({ 200: n });
    for (const l of t.labels) {
      const p = l.label.replace(/^(GET|POST) /, ''); // the triggers batch is a POST
      expect(l.total.requests, l.label).toBe(received.get(p) ?? 0);
      // About equal shares: ten requests per label.
      expect(l.total.requests, l.label).toBeGreaterThanOrEqual(8);
      expect(l.total.checksFailed, l.label).toBe(0);
    }
    const m = await testManifest();
    expect(t.health?.fingerprint).toBe(m.fingerprint);
    expect(t.health?.version).toBe(m.version);
  });
});

describe('tronlake bench without --url', () => {
  it('serves the lake itself on loopback (cache off), runs a sample workload, reports, and stops the server', async () => {
    const out = path.join(scratchDir('tronlake-bench-self-'), 'out');
    await benchCli(['--data', lakeDir(), '--requests', '52', '--connections', '2', '--repeat', '1', '--warmup', '0', '--no-floor', '--out', out, '--progress', 'false']);
    const r = JSON.parse(readFileSync(path.join(out, 'report.json'), 'utf8')) as BenchReport;
    const t = r.targets[0]!;
    expect(t.name).toBe(`tronlake (${lakeDir()})`);
    expect(t.note).toContain('response cache off');
    expect(new URL(t.url).hostname).toBe('127.0.0.1');
    expect(t.overall.total.statuses).toEqual({ 200: 52 });
    expect(t.health?.fingerprint).toBe((await testManifest()).fingerprint);
    expect(readFileSync(path.join(out, 'workload.jsonl'), 'utf8')).toContain('# tronlake sample workload drawn from');
    await expect(fetch(`${t.url}/health`, { signal: AbortSignal.timeout(2_000) })).rejects.toThrow();
  });
});
