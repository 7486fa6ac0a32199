/**
 * Overload under a retry storm (issue 30): for each checkout, a server over the same lake (response cache off), then
 * `--clients` clients for `--seconds` that honour Retry-After (waiting it, sending the Retry-Ticket back), then as many
 * that resend a refused request at once; a prober asks /health every 20 ms on a connection of its own
 * (src/bench/retry-storm.ts). Goodput (200 answers per second), admitted and rejected p50 / p99, /health p50 / p99 per
 * mode, side by side, e.g. main's code against this branch:
 *
 *   npx tsx bench/retry-storm.ts --data /work/lakes/s14/tiny --checkout before=/work/main --checkout after=. [--clients 200] [--seconds 20] [--port 7322] [--serve-flags '--pool 2'] [--out bench/results/retry-storm.md]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { retryStorm, type StormResult } from '../src/bench/retry-storm.ts';

const argv = process.argv.slice(2);
const checkouts: [string, string][] = [];
const flags = new Map<string, string>();
for (let i = 0; i < argv.length; i += 2) {
  const [k, v] = [argv[i]!.replace(/^--/, ''), argv[i + 1] ?? ''];
  if (k === 'checkout') checkouts.push(v.split('=', 2) as [string, string]);
  else flags.set(k, v);
}
if (checkouts.length === 0) checkouts.push(['this', '.']);
const data = path.resolve(flags.get('data') ?? 'data/default');
const clients = Number(flags.get('clients') ?? 200);
const seconds = Number(flags.get('seconds') ?? 20);
const port = Number(flags.get('port') ?? 7322);
const serveFlags = (flags.get('serve-flags') ?? '').split(/\s+/).filter(Boolean);
const out = flags.get('out') ?? path.join('bench', 'results', 'retry-storm.md');

// Uncached list pages spread over the first 10,000 rows of three lists: every request reaches DuckDB.
const paths: string[] = [];
for (let start = 0; start < 10_000; start += 20) {
  for (const list of ['/api/transaction', '/api/transfer', '/api/block']) paths.push(`${list}?limit=20&start=${start}`);
}

async function serve(dir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(dir, 'src', 'cli.ts'), 'serve', '--data', data, '--port', String(port), '--cache-bytes', '0', '--watch-ms', '0', ...serveFlags], {
    cwd: dir,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/health`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill();
  throw new Error(`${dir}: the server did not answer /health within 120 s`);
}

const results: [string, string, StormResult[]][] = [];
const load0 = os.loadavg();
for (const [name, dir] of checkouts) {
  const child = await serve(path.resolve(dir));
  try {
    // A short warm-up so the first mode does not pay for the first queries of each template.
    await retryStorm({ url: `http://127.0.0.1:${port}`, paths, clients: 4, seconds: 3, mode: 'honour' });
    const runs: StormResult[] = [];
    for (const mode of ['honour', 'resend'] as const) {
      runs.push(await retryStorm({ url: `http://127.0.0.1:${port}`, paths, clients, seconds, mode }));
      console.error(`${name} ${mode}: ${JSON.stringify(runs.at(-1))}`);
    }
    results.push([name, dir, runs]);
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}
const load1 = os.loadavg();

const f = (x: number) => (Number.isFinite(x) ? x.toFixed(1) : '–');
const lines = [
  '# Retry storm (issue 30)',
  '',
  `Command: \`npx tsx bench/retry-storm.ts ${argv.join(' ')}\`. Lake ${data}; each server \`tronlake serve --cache-bytes 0 --watch-ms 0 ${serveFlags.join(' ')}\`;`,
  `${clients} clients, ${seconds} s per mode, each client on one keep-alive connection sending uncached list pages`,
  '(/api/transaction, /api/transfer, /api/block, limit 20, start 0…9980) in turn; /health asked every 20 ms on a connection of its own.',
  '`honour`: a 503 is followed by a wait of its Retry-After and the same request with its Retry-Ticket; `resend`: the same request at once.',
  `Machine: ${os.cpus().length} cores, load average ${load0.map((x) => x.toFixed(1)).join(' / ')} at the start, ${load1.map((x) => x.toFixed(1)).join(' / ')} at the end (shared machine).`,
  '',
  '| checkout | mode | goodput (200/s) | 200 | 503 | other | admitted p50 / p99 ms | rejected p50 / p99 ms | /health p50 / p99 / max ms | most refusals of one request |',
  '|---|---|---|---|---|---|---|---|---|---|',
  ...results.flatMap(([name, dir, runs]) =>
    runs.map((r) => `| ${name} (${dir}) | ${r.mode} | ${f(r.goodput)} | ${r.ok} | ${r.refused} | ${r.other} | ${f(r.admitted.p50)} / ${f(r.admitted.p99)} | ${f(r.rejected.p50)} / ${f(r.rejected.p99)} | ${f(r.health.p50)} / ${f(r.health.p99)} / ${f(r.health.max)} | ${r.maxRefusalsInARow} |`),
  ),
  '',
  ...results.map(([name, , [h, r]]) => `- ${name}: goodput resending / honouring = ${f(100 * r!.goodput / h!.goodput)} %.`),
  '',
];
await fs.writeFile(out, lines.join('\n'));
console.error(`wrote ${out}`);
