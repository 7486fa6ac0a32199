/**
 * The latency and throughput benchmark (ARCHITECTURE §6). Starts the server on a profile's lake (response cache
 * off, so every request reaches DuckDB), drives every registered endpoint with parameters drawn from the data
 * (addresses, hashes, blocks: never constants), measures a bare Fastify route in the same run as the floor, and
 * writes bench/results/<profile>.md.
 *
 *   npx tsx bench/run.ts --profile default [--seconds 5] [--connections 4] [--only /api/block]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { parseFlags } from '../src/cli-flags.ts';
import { readManifest, versionDir } from '../src/lake/manifest.ts';
import { endpoints } from '../src/endpoints/index.ts';
import { sampleParameters, urlsFor } from './samples.ts';

interface Measured {
  name: string;
  urls: number;
  p50: number;
  p99: number;
  rps: number;
  errors: number;
  non2xx: number;
}

async function main(): Promise<void> {
  const flags = parseFlags(process.argv.slice(2));
  const profile = flags.profile ?? 'default';
  const dataDir = flags.data ?? path.join('data', profile);
  const seconds = Number(flags.seconds ?? 5);
  const connections = Number(flags.connections ?? 4);
  let manifest = await readManifest(dataDir);
  if (!manifest) {
    console.error(`no lake in ${dataDir}: generating profile ${profile} (seed 1)`);
    const { generate } = await import('../datasets/generate/index.ts');
    manifest = await generate({ profile: profile as 'tiny' | 'default' | 'bench', seed: 1, out: dataDir, progress: true });
  }
  const m = manifest!;
  const samples = await sampleParameters(versionDir(dataDir, m));

  const port = 38000 + Math.floor(Math.random() * 1000);
  const barePort = port + 1;
  const server = start(['src/cli.ts', 'serve', '--data', dataDir, '--port', String(port), '--host', '127.0.0.1', '--quiet'], {
    TRONLAKE_CACHE_BYTES: '0',
    TRONLAKE_WATCH_MS: '0',
  });
  const bare = start(['bench/bare-server.ts', String(barePort)], {});
  try {
    await waitFor(`http://127.0.0.1:${port}/health`);
    await waitFor(`http://127.0.0.1:${barePort}/bare`);
    const results: Measured[] = [];
    results.push(await measure('bare Fastify route (floor)', [`http://127.0.0.1:${barePort}/bare`], seconds, connections));
    for (const ep of endpoints) {
      if (flags.only && !ep.path.includes(flags.only)) continue;
      const urls = urlsFor(ep.path, samples).map((u) => `http://127.0.0.1:${port}${u}`);
      // Warm the parquet metadata cache once (what a running server has), then measure.
      for (const u of urls.slice(0, 3)) await fetch(u).then((r) => r.arrayBuffer());
      const m = await measure(`${ep.method} ${ep.path}`, urls, seconds, connections);
      results.push(m);
      console.error(`${m.name}: p50 ${m.p50} ms, p99 ${m.p99} ms, ${m.rps} req/s${m.non2xx + m.errors ? `, ${m.non2xx} non-2xx, ${m.errors} errors` : ''}`);
    }
    const out = flags.out ?? path.join('bench', 'results', `${profile}.md`);
    await fs.mkdir(path.dirname(out), { recursive: true });
    await fs.writeFile(out, report(profile, m, results, seconds, connections));
    console.error(`wrote ${out}`);
  } finally {
    server.kill('SIGTERM');
    bare.kill('SIGTERM');
  }
}

function start(args: string[], env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return child;
}

async function waitFor(url: string, timeoutMs = 120_000): Promise<void> {
  const t0 = Date.now();
  while (Date.now() - t0 < timeoutMs) {
    try {
      const r = await fetch(url);
      if (r.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not come up`);
}

function measure(name: string, urls: string[], seconds: number, connections: number): Promise<Measured> {
  let i = 0;
  const first = new URL(urls[0]!);
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: first.origin,
        connections,
        duration: seconds,
        requests: [
          {
            setupRequest: (req) => {
              const u = new URL(urls[i++ % urls.length]!);
              return { ...req, method: 'GET', path: u.pathname + u.search };
            },
          },
        ],
      },
      (err, r) => {
        if (err) return reject(err);
        resolve({
          name,
          urls: urls.length,
          p50: r.latency.p50,
          p99: r.latency.p99,
          rps: Math.round(r.requests.average),
          errors: r.errors + r.timeouts,
          non2xx: r.non2xx,
        });
      },
    );
  });
}

function report(
  profile: string,
  m: NonNullable<Awaited<ReturnType<typeof readManifest>>>,
  rows: Measured[],
  seconds: number,
  connections: number,
): string {
  const cpu = os.cpus();
  const lines = [
    `# Benchmark: profile \`${profile}\``,
    '',
    `Run ${new Date().toISOString()} with \`npx tsx bench/run.ts --profile ${profile}\`: ${connections} connections, ${seconds} s per endpoint,`,
    'response cache off (every request runs its SQL), parameters rotated over values drawn from the data.',
    '',
    `- Machine: ${cpu.length} × ${cpu[0]?.model ?? 'cpu'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, ${os.platform()} ${os.release()}`,
    `- Dataset: version \`${m.version}\`, fingerprint \`${m.fingerprint}\`, head block ${m.head.number}, ${m.tables.transactions?.rows ?? 0} transactions, ${m.tables.blocks?.rows ?? 0} blocks, ${m.tables.token_transfers?.rows ?? 0} token transfers`,
    '',
    '| endpoint | distinct URLs | p50 ms | p99 ms | req/s | non-2xx | errors |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...rows.map((r) => `| ${r.name} | ${r.urls} | ${r.p50} | ${r.p99} | ${r.rps} | ${r.non2xx} | ${r.errors} |`),
    '',
  ];
  return lines.join('\n');
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
