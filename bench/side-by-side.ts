/**
 * Side-by-side latency of two checkouts of the server over the same lake (a refactor must not slow an endpoint):
 * both servers run at once, and each round measures every endpoint on A and B back to back (the order swapped every
 * round), so load from other processes falls on both alike. Per-request latency is timed in the client
 * (sub-millisecond), with `--connections` concurrent clients cycling through the benchmark's URLs (bench/samples.ts)
 * for `--seconds`. Per endpoint: the median of the per-round p50s of each server, and the median of the per-round
 * ratios B / A (paired: a slow moment of the shared machine hits both halves of a pair). Response cache off;
 * parquet metadata warmed first.
 *
 *   npx tsx bench/side-by-side.ts --a /tmp/base --b . --data data/default --rounds 3 --seconds 3 --out bench/results/kit-port.md
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseFlags } from '../src/cli-flags.ts';
import { readManifest, versionDir } from '../src/lake/manifest.ts';

interface Server {
  name: string;
  root: string;
  port: number;
  child: ChildProcess;
}

async function main(): Promise<void> {
  const f = parseFlags(process.argv.slice(2));
  const data = path.resolve(f.data ?? 'data/default');
  const rounds = Number(f.rounds ?? 3);
  const seconds = Number(f.seconds ?? 3);
  const connections = Number(f.connections ?? 2);
  const roots = { A: path.resolve(f.a ?? '.'), B: path.resolve(f.b ?? '.') };
  const m = (await readManifest(data))!;
  const { sampleParameters, urlsFor } = await import(pathToFileURL(path.join(roots.B, 'bench/samples.ts')).href);
  const { endpoints } = await import(pathToFileURL(path.join(roots.B, 'src/endpoints/index.ts')).href);
  const samples = await sampleParameters(versionDir(data, m));
  const base = 39000 + Math.floor(Math.random() * 500) * 2;
  const servers: Server[] = (['A', 'B'] as const).map((name, i) => ({ name, root: roots[name], port: base + i, child: start(roots[name], data, base + i) }));
  const loadBefore = os.loadavg();
  const started = new Date().toISOString();
  try {
    for (const s of servers) await waitFor(`http://127.0.0.1:${s.port}/health`);
    const paths: string[] = (endpoints as { path: string }[]).map((e) => e.path).filter((p) => !f.only || p.includes(f.only));
    const p50s = new Map<string, { A: number[]; B: number[]; n: number }>();
    for (const p of paths) {
      const urls: string[] = urlsFor(p, samples);
      p50s.set(p, { A: [], B: [], n: urls.length });
      for (const s of servers) for (const u of urls.slice(0, 5)) await fetch(`http://127.0.0.1:${s.port}${u}`).then((r) => r.arrayBuffer());
    }
    const loads: number[] = [];
    for (let r = 0; r < rounds; r++) {
      loads.push(os.loadavg()[0]!);
      for (const p of paths) {
        const urls: string[] = urlsFor(p, samples);
        const order = (r + paths.indexOf(p)) % 2 === 0 ? servers : [...servers].reverse();
        for (const s of order) {
          const lat = await drive(s.port, urls, seconds, connections);
          p50s.get(p)![s.name as 'A' | 'B'].push(median(lat));
        }
        const x = p50s.get(p)!;
        console.error(`round ${r + 1} ${p}: A ${x.A.at(-1)!.toFixed(2)} ms, B ${x.B.at(-1)!.toFixed(2)} ms`);
      }
    }
    loads.push(os.loadavg()[0]!);
    const lines = [
      `# Side by side: ${f.title ?? 'A vs B'}`,
      '',
      `Run ${started} → ${new Date().toISOString()} on ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, lake \`${path.basename(data)}\` (version ${m.version}).`,
      `Load average (1 min) before: ${loadBefore.map((x) => x.toFixed(2)).join(' / ')}; at each round and the end: ${loads.map((x) => x.toFixed(2)).join(', ')}`,
      '(the machine is shared with other work: both servers run at once and each round alternates which goes first).',
      '',
      `A = \`${f.aName ?? roots.A}\`, B = \`${f.bName ?? roots.B}\`. ${rounds} rounds × ${seconds} s per endpoint and server, ${connections} concurrent`,
      'clients cycling through the benchmark URLs (bench/samples.ts), response cache off; p50 = median of the per-round p50s',
      '(per-request latency timed in the client).',
      '',
      `Command: \`npx tsx bench/side-by-side.ts ${process.argv.slice(2).join(' ')}\``,
      '',
      '| endpoint | URLs | A p50 ms | B p50 ms | median of paired B / A | per-round A | per-round B |',
      '|---|---:|---:|---:|---:|---|---|',
    ];
    for (const [p, x] of p50s) {
      const a = median(x.A);
      const b = median(x.B);
      const ratio = median(x.A.map((v, i) => x.B[i]! / v));
      lines.push(`| ${p} | ${x.n} | ${a.toFixed(2)} | ${b.toFixed(2)} | ${ratio.toFixed(2)} | ${x.A.map((v) => v.toFixed(1)).join(' ')} | ${x.B.map((v) => v.toFixed(1)).join(' ')} |`);
    }
    const out = f.out ?? 'bench/results/side-by-side.md';
    await fs.writeFile(out, `${lines.join('\n')}\n`);
    console.error(`wrote ${out}`);
  } finally {
    for (const s of servers) s.child.kill('SIGTERM');
  }
}

function start(root: string, data: string, port: number): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'serve', '--data', data, '--port', String(port), '--host', '127.0.0.1', '--quiet'], {
    cwd: root,
    env: { ...process.env, TRONLAKE_CACHE_BYTES: '0', TRONLAKE_WATCH_MS: '0' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function waitFor(url: string, timeoutMs = 120_000): Promise<void> {
  const t0 = Date.now();
  while (Date.now() - t0 < timeoutMs) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not come up`);
}

/** Latencies (ms) of `connections` clients cycling through `urls` for `seconds`. */
async function drive(port: number, urls: string[], seconds: number, connections: number): Promise<number[]> {
  const out: number[] = [];
  const end = performance.now() + seconds * 1000;
  let i = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < end) {
        const u = urls[i++ % urls.length]!;
        const t0 = performance.now();
        const r = await fetch(`http://127.0.0.1:${port}${u}`);
        await r.arrayBuffer();
        out.push(performance.now() - t0);
      }
    }),
  );
  return out;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? NaN : s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
}

await main();
