/**
 * Overload: what admission control gives at 50 concurrent uncached requests, beside a bare Fastify route, in one
 * run. Three phases, each against a fresh server over the same lake (response cache off):
 *   1. one connection: the p50 of an uncached request (the yardstick: the target is admitted p99 ≤ 3 × this);
 *   2. 50 connections, admission control at its default depth (pool + as many queued): latency of admitted (200)
 *      and of rejected (503 OVERLOADED) answers, separately;
 *   3. 50 connections, unbounded queue (`--max-queue -1`, the behaviour before admission control).
 * The request mix is the sample URLs (bench/samples.ts) of every registered GET endpoint, or of one (`--only`), in a
 * seeded order. Clients honour `Retry-After` as the contract asks (a rejected client waits that long before its next
 * request); `--no-retry-wait` floods instead (every client retries at once: the worst case).
 *
 *   npx tsx bench/overload.ts [--data data/default] [--only /api/block] [--max-queue N] [--seconds 10] [--connections 50] [--out bench/results/overload.md]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { promises as fs } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseFlags } from '../src/cli-flags.ts';
import { readManifest, versionDir } from '../src/lake/manifest.ts';
import { endpoints } from '../src/endpoints/index.ts';
import { sampleParameters, urlsFor } from './samples.ts';

interface Sample {
  ms: number;
  status: number;
}

interface Phase {
  name: string;
  connections: number;
  samples: Sample[];
  seconds: number;
}

const pct = (xs: number[], p: number): number => {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};

async function main(): Promise<void> {
  const flags = parseFlags(process.argv.slice(2));
  const dataDir = flags.data ?? path.join('data', 'default');
  const seconds = Number(flags.seconds ?? 10);
  const connections = Number(flags.connections ?? 50);
  const m = await readManifest(dataDir);
  if (!m) throw new Error(`no lake in ${dataDir} (npx tronlake generate --profile default --seed 1 --out ${dataDir})`);
  const samples = await sampleParameters(versionDir(dataDir, m));
  const paths = endpoints.flatMap((ep) => (ep.method === 'GET' && (!flags.only || ep.path === flags.only) ? urlsFor(ep.path, samples) : []));
  if (paths.length === 0) throw new Error(`no sample URLs${flags.only ? ` for ${flags.only}` : ''}`);
  const retryWait = flags['no-retry-wait'] !== 'true';
  // A seeded shuffle so both phases send the same sequence.
  let seed = 42;
  const rand = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
  const mix = paths.map((p) => [rand(), p] as const).sort((a, b) => a[0] - b[0]).map(([, p]) => p);

  const load0 = os.loadavg()[0]!.toFixed(2);
  const bare = await server(['src/bench/bare-server.ts'], {}, true);
  const phases: Phase[] = [];
  try {
    phases.push(await drive('bare Fastify route, 1 connection', bare.port, ['/bare'], 1, seconds, retryWait));
    phases.push(await drive(`bare Fastify route, ${connections} connections`, bare.port, ['/bare'], connections, seconds, retryWait));
  } finally {
    bare.child.kill('SIGTERM');
  }
  for (const [name, env, conns] of [
    ['tronlake, 1 connection', {}, 1],
    [`tronlake, ${connections} connections, admission control (${flags['max-queue'] ? `--max-queue ${flags['max-queue']}` : 'default depth'})`, flags['max-queue'] ? { TRONLAKE_MAX_QUEUE: flags['max-queue'] } : {}, connections],
    [`tronlake, ${connections} connections, unbounded queue (--max-queue -1)`, { TRONLAKE_MAX_QUEUE: '-1' }, connections],
  ] as const) {
    const s = await server(['src/cli.ts', 'serve', '--data', dataDir, '--quiet'], { TRONLAKE_CACHE_BYTES: '0', TRONLAKE_WATCH_MS: '0', ...env }, false);
    try {
      // Warm the Parquet metadata cache once (what a running server has).
      for (const u of mix.slice(0, 30)) await request(s.port, u);
      phases.push(await drive(name, s.port, mix, conns, seconds, retryWait));
    } finally {
      s.child.kill('SIGTERM');
    }
    const last = phases.at(-1)!;
    console.error(`${name}: ${last.samples.length} requests, statuses ${JSON.stringify(Object.fromEntries([...new Set(last.samples.map((x) => x.status))].map((st) => [st, last.samples.filter((x) => x.status === st).length])))}`);
  }
  const load1 = os.loadavg()[0]!.toFixed(2);
  const out = flags.out ?? path.join('bench', 'results', 'overload.md');
  await fs.writeFile(out, report(phases, { dataDir, version: m.version, seconds, connections, load0, load1, urls: mix.length, only: flags.only, retryWait, maxQueue: flags['max-queue'] }));
  console.error(`wrote ${out}`);
}

/** `connections` loops, each sending the next URL of the mix as soon as its previous answer arrived, for `seconds`. */
async function drive(name: string, port: number, urls: readonly string[], connections: number, seconds: number, retryWait: boolean): Promise<Phase> {
  const samples: Sample[] = [];
  const end = performance.now() + seconds * 1000;
  let next = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < end) {
        const u = urls[next++ % urls.length]!;
        const t0 = performance.now();
        const status = await request(port, u);
        samples.push({ ms: performance.now() - t0, status });
        if (status === 503 && retryWait) await new Promise((r) => setTimeout(r, 1_000));
      }
    }),
  );
  return { name, connections, samples, seconds };
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1_000 });

function request(port: number, url: string): Promise<number> {
  return new Promise((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path: url, agent }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', () => resolve(0));
  });
}

async function server(args: string[], env: Record<string, string>, bare: boolean): Promise<{ child: ChildProcess; port: number }> {
  const port = 39000 + Math.floor(Math.random() * 1000);
  const argv = bare ? [...args, String(port)] : [...args, '--port', String(port), '--host', '127.0.0.1'];
  const child = spawn(process.execPath, ['--import', 'tsx', ...argv], { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  const probe = bare ? '/bare' : '/health';
  for (let i = 0; i < 600; i++) {
    if ((await request(port, probe)) === 200) return { child, port };
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGTERM');
  throw new Error(`server on ${port} did not start`);
}

function report(phases: Phase[], o: { dataDir: string; version: string; seconds: number; connections: number; load0: string; load1: string; urls: number; only?: string; retryWait: boolean; maxQueue?: string }): string {
  const row = (label: string, xs: Sample[], secs: number) =>
    `| ${label} | ${xs.length} | ${(xs.length / secs).toFixed(0)} | ${pct(xs.map((s) => s.ms), 50).toFixed(1)} | ${pct(xs.map((s) => s.ms), 99).toFixed(1)} | ${xs.reduce((m, s) => Math.max(m, s.ms), 0).toFixed(1)} |`;
  const lines: string[] = [];
  for (const p of phases) {
    const ok = p.samples.filter((s) => s.status === 200);
    const rejected = p.samples.filter((s) => s.status === 503);
    const other = p.samples.filter((s) => s.status !== 200 && s.status !== 503);
    lines.push(row(`${p.name}: answered 200`, ok, p.seconds));
    if (rejected.length) lines.push(row(`${p.name}: rejected 503`, rejected, p.seconds));
    if (other.length) lines.push(row(`${p.name}: other (${[...new Set(other.map((s) => s.status))].join(', ')})`, other, p.seconds));
  }
  const one = phases.find((p) => p.name === 'tronlake, 1 connection')!;
  const adm = phases.find((p) => p.name.includes('admission control'))!;
  const p50one = pct(one.samples.filter((s) => s.status === 200).map((s) => s.ms), 50);
  const p99adm = pct(adm.samples.filter((s) => s.status === 200).map((s) => s.ms), 99);
  const rej = adm.samples.filter((s) => s.status === 503).map((s) => s.ms);
  return `# Overload (admission control)

Run ${new Date().toISOString()} with \`npx tsx bench/overload.ts --data ${o.dataDir}${o.only ? ` --only ${o.only}` : ''} --seconds ${o.seconds} --connections ${o.connections}${o.maxQueue ? ` --max-queue ${o.maxQueue}` : ''}${o.retryWait ? '' : ' --no-retry-wait'}\`
over version \`${o.version}\`, ${o.urls} sample URLs of ${o.only ?? 'every registered GET endpoint'} in a seeded order; clients ${o.retryWait ? 'wait the 1 s Retry-After after a 503' : 'retry at once after a 503 (flood)'}; response
cache off, default pool and threads (${os.cpus().length} cores). Load average (1 min) ${o.load0} at the start, ${o.load1} at the end
(\`uptime\`; the machine is shared). Each phase runs ${o.seconds} s against a fresh server; latencies in ms, measured by
the client per request.

| phase | requests | req/s | p50 | p99 | max |
|---|---|---|---|---|---|
${lines.join('\n')}

Targets (issue 8): admitted p99 within 3 × the 1-connection p50: ${p99adm.toFixed(1)} ms vs 3 × ${p50one.toFixed(1)} = ${(3 * p50one).toFixed(1)} ms → ${p99adm <= 3 * p50one ? 'met' : 'NOT met'};
rejected answers under 5 ms: p99 ${pct(rej, 99).toFixed(1)} ms → ${rej.length === 0 ? 'no request was rejected' : pct(rej, 99) < 5 ? 'met' : 'NOT met'}.
`;
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
