/**
 * The runner against the real app over the test lake, with a workload drawn from that lake by sample-workload:
 * every request is counted by the HTTP server itself (the independent ledger) and must match the report.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBench } from '../../src/bench/runner.ts';
import { benchCli } from '../../src/bench/cli.ts';
import type { BenchReport } from '../../src/bench/report.ts';
import { sampleWorkload } from '../../src/bench/sample-workload.ts';
import { parseWorkload, requestPath, serializeWorkload, type Workload } from '../../src/bench/workload.ts';
import { endpoints } from '../../src/endpoints/index.ts';
import { lakeDir, testApp, testManifest } from '../helpers/lake.ts';

const received = new Map<string, number>();
const statuses = new Map<number, number>();
let url: string;
let workload: Workload;

beforeAll(async () => {
  const app = await testApp();
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
    const r = await runBench({
      targets: [{ name: 'app', url }],
      workload,
      workloadFile: 'sample',
      mode: 'mix',
      connections: 2,
      requests: 260,
      repeat: 1,
      warmup: 0,
      timeoutS: 30,
      bailout: 100,
      floor: false,
      progress: false,
      command: 'test',
      tool: 'tronlake test',
      log: () => {},
    });
    const t = r.targets[0]!;
    const serverTotal = [...received.values()].reduce((a, b) => a + b, 0);
    expect(serverTotal).toBe(260);
    expect(t.overall.total.requests).toBe(serverTotal);
    expect(t.overall.total.statuses).toEqual(Object.fromEntries([...statuses].map(([k, v]) => [String(k), v])));
    expect(t.overall.total.statuses).toEqual({ 200: 260 });
    for (const l of t.labels) {
      const p = l.label.replace(/^GET /, '');
      expect(l.total.requests, l.label).toBe(received.get(p) ?? 0);
      // About equal shares: 260 requests over 26 labels.
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
    const out = path.join(mkdtempSync(path.join(os.tmpdir(), 'tronlake-bench-self-')), 'out');
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

describe('tronlake bench --serve', () => {
  it('starts two servers from a checkout with their own flags, measures them one request at a time, pairs them, and stops them', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'tronlake-bench-serve-'));
    const urls = path.join(dir, 'urls.txt');
    const some = workload.items.filter((it) => it.query === undefined || Object.keys(it.query).length <= 2).slice(0, 4);
    // A list of URLs is a workload too (what bench/paired-inject.ts is given).
    writeFileSync(urls, some.map((it) => requestPath(it, '')).join('\n') + '\n');
    const out = path.join(dir, 'out');
    await benchCli(['--serve', 'a=.', '--serve', 'b=. --max-queue 0', '--data', lakeDir(), '--workload', urls, '--mode', 'sequential', '--repeat', '2', '--warmup', '0', '--no-floor', '--out', out, '--progress', 'false']);
    const r = JSON.parse(readFileSync(path.join(out, 'report.json'), 'utf8')) as BenchReport;
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
    expect(r.targets.map((t) => t.name)).toEqual(['a', 'b']);
    expect(r.targets[1]!.note).toContain('--max-queue 0');
    for (const t of r.targets) {
      expect(t.overall.total.statuses).toEqual({ 200: 2 * some.length });
      expect(t.overall.total.sent).toBe(2 * some.length);
      expect((t.health?.release as { version: string }).version).toBe(pkg.version);
      expect(t.health?.fingerprint).toBe((await testManifest()).fingerprint);
    }
    expect(r.targets[1]!.overall.paired!.ratios).toHaveLength(2);
    expect(readFileSync(path.join(out, 'report.md'), 'utf8')).toContain(`- Server: tronlake ${pkg.version} (commit`);
    for (const t of r.targets) await expect(fetch(`${t.url}/health`, { signal: AbortSignal.timeout(2_000) })).rejects.toThrow();
  });
});

describe('tronlake bench --inject', () => {
  it('builds a checkout\'s app in process and measures it one request at a time; refuses it under concurrent load', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'tronlake-bench-inject-'));
    const urls = path.join(dir, 'urls.txt');
    const some = workload.items.slice(0, 3);
    writeFileSync(urls, some.map((it) => requestPath(it, '')).join('\n') + '\n');
    const out = path.join(dir, 'out');
    await benchCli(['--inject', 'a=.', '--inject', 'b=.', '--data', lakeDir(), '--workload', urls, '--mode', 'sequential', '--repeat', '3', '--warmup', '0', '--no-floor', '--out', out, '--progress', 'false']);
    const r = JSON.parse(readFileSync(path.join(out, 'report.json'), 'utf8')) as BenchReport;
    for (const t of r.targets) {
      expect(t.overall.total.statuses).toEqual({ 200: 3 * some.length });
      expect(t.note).toContain('Fastify inject');
      expect(t.health?.fingerprint).toBe((await testManifest()).fingerprint);
    }
    expect(r.targets[1]!.overall.paired!.ratios).toHaveLength(3);
    await expect(benchCli(['--inject', 'a=.', '--data', lakeDir(), '--workload', urls, '--requests', '4', '--out', out])).rejects.toThrow(/in-process targets \(--inject\) are measured one request at a time/);
  });
});
