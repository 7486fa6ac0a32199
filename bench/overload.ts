/**
 * Overload (issues 8 and 30): what admission control gives to many clients at once, clients honouring Retry-After and
 * clients resending at once, in one tool (it replaced bench/retry-storm.ts, which measured the same thing).
 *
 * Every target's server is started first and stays up; each phase then runs on every target back to back, round after
 * round (`--rounds`), so a change of the machine's load falls on all targets alike (bench/README.md "Rules").
 * For each target (a checkout and its serve flags: `--target 'NAME=DIR [serve flags]'`, repeatable; default
 * `admission=.`, add e.g. `--target 'unbounded=. --max-queue -1'` for the behaviour before admission control, or
 * `--target before=/work/main` for another checkout) a server is started over the same lake (response cache off,
 * manifest watch and scrub off, request log on as served, stdout to /dev/null) on a port of its own (--port, --port + 1,
 * …); the phases:
 *   1. warm-up: 4 clients for 3 s (not reported);
 *   2. yardstick: 1 client (the issue-8 target: admitted p99 ≤ 3 × this p50);
 *   3. honour: `--clients` clients that wait a 503's Retry-After and send its Retry-Ticket back;
 *   4. resend: as many clients that send a refused request again at once (the retry storm).
 * The clients of a phase run in a process of their own (src/bench/retry-storm.ts as a script), away from the server
 * and from the /health prober, which runs in this process and asks /health every 20 ms on a connection of its own.
 * The server is started with bench/loop-delay.ts preloaded: its event-loop delay (monitorEventLoopDelay) is read
 * at the end of each phase, so a slow /health can be told apart from a busy main thread.
 * Requests: uncached list pages (/api/transaction, /api/transfer, /api/block, limit 20, start 0…9980) in turn.
 *
 *   npx tsx bench/overload.ts --data /work/bench/new-default [--target 'NAME=DIR FLAGS']… [--rounds 1] [--clients 200] [--seconds 15] [--port 7314] [--node-flags '--cpu-prof'] [--out bench/results/overload.md]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { quantiles, retryStorm, type StormOptions, type StormResult } from '../src/bench/retry-storm.ts';
import { shellWord } from '../src/bench/cli.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const argv = process.argv.slice(2);
const targets: { name: string; dir: string; flags: string[] }[] = [];
const flags = new Map<string, string>();
for (let i = 0; i < argv.length; i += 2) {
  const [k, v] = [argv[i]!.replace(/^--/, ''), argv[i + 1] ?? ''];
  if (k === 'target' || k === 'checkout') {
    const [name, rest] = v.split('=', 2) as [string, string];
    const [dir, ...serveFlags] = rest.trim().split(/\s+/);
    targets.push({ name, dir: dir!, flags: serveFlags });
  } else flags.set(k, v);
}
if (targets.length === 0) targets.push({ name: 'admission', dir: '.', flags: [] });
const data = path.resolve(flags.get('data') ?? 'data/default');
const clients = Number(flags.get('clients') ?? 200);
const seconds = Number(flags.get('seconds') ?? 15);
const port = Number(flags.get('port') ?? 7314);
const nodeFlags = (flags.get('node-flags') ?? '').split(/\s+/).filter(Boolean);
const out = flags.get('out') ?? path.join('bench', 'results', 'overload.md');
const rounds = Number(flags.get('rounds') ?? 1);
const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'tronlake-overload-'));

// Uncached list pages spread over the first 10,000 rows of three lists: every request reaches DuckDB.
const paths: string[] = [];
for (let start = 0; start < 10_000; start += 20) {
  for (const list of ['/api/transaction', '/api/transfer', '/api/block']) paths.push(`${list}?limit=20&start=${start}`);
}

const SERVE_FLAGS = ['--cache-bytes', '0', '--watch-ms', '0', '--scrub-rate', '0'];

interface Server {
  child: ChildProcess;
  port: number;
  delayFile: string;
}

async function serve(dir: string, serveFlags: string[], port: number, delayFile: string): Promise<Server> {
  const child = spawn(process.execPath, [...nodeFlags, '--import', 'tsx', '--import', path.join(here, 'loop-delay.ts'), path.join(dir, 'src', 'cli.ts'), 'serve', '--data', data, '--port', String(port), ...SERVE_FLAGS, ...serveFlags], {
    cwd: dir,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, TRONLAKE_LOOP_DELAY_OUT: delayFile },
  });
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/health`)).ok) return { child, port, delayFile };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill();
  throw new Error(`${dir}: the server did not answer /health within 120 s`);
}

/** Runs `retryStorm(o)` in a process of its own (src/bench/retry-storm.ts as a script). */
function stormProcess(o: StormOptions): Promise<StormResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, '..', 'src', 'bench', 'retry-storm.ts'), JSON.stringify(o)], { stdio: ['ignore', 'pipe', 'inherit'] });
    let text = '';
    child.stdout.on('data', (d) => (text += d));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(text) as StormResult) : reject(new Error(`storm clients exited ${code}`))));
  });
}

interface LoopDelay {
  p50: number;
  p99: number;
  max: number;
  mean: number;
}

/** Asks the server's preload for its event-loop delay since the last ask (SIGUSR2 → one line of `delayFile`). */
async function loopDelay({ child, delayFile }: Server): Promise<LoopDelay | undefined> {
  const before = (await fs.readFile(delayFile, 'utf8').catch(() => '')).length;
  child.kill('SIGUSR2');
  for (let i = 0; i < 50; i++) {
    await new Promise((r) => setTimeout(r, 100));
    const text = await fs.readFile(delayFile, 'utf8').catch(() => '');
    if (text.length > before && text.endsWith('\n')) return JSON.parse(text.slice(before)) as LoopDelay;
  }
  return undefined;
}

interface Phase {
  target: string;
  round: number;
  mode: string;
  r: StormResult;
  delay?: LoopDelay;
}

// Every target's server is started first (each on a port of its own: --port, --port + 1, …) and they stay up; then
// each phase runs on every target back to back, round after round, so a change of the machine's load falls on all.
const phases: Phase[] = [];
const load0 = os.loadavg();
const servers: Server[] = [];
try {
  for (const [i, t] of targets.entries()) servers.push(await serve(path.resolve(t.dir), t.flags, port + i, path.join(tmp, `loop-delay-${i}.jsonl`)));
  for (const s of servers) await stormProcess({ url: `http://127.0.0.1:${s.port}`, paths, clients: 4, seconds: 3, mode: 'honour', probeHealth: false });
  const plan: [string, number, StormOptions['mode']][] = [['yardstick', 1, 'honour'], ['honour', clients, 'honour'], ['resend', clients, 'resend']];
  for (let round = 1; round <= rounds; round++) {
    // Honour and resend swap places every other round (yardstick, honour, resend; yardstick, resend, honour), so a
    // steady change of the machine's load falls on both modes alike over two rounds.
    const phasesOfRound = round % 2 === 0 ? [plan[0]!, plan[2]!, plan[1]!] : plan;
    for (const [label, n, mode] of phasesOfRound) {
      // Alternate which target goes first from round to round.
      const order = targets.map((_, i) => i);
      if (round % 2 === 0) order.reverse();
      for (const i of order) {
        const [t, s] = [targets[i]!, servers[i]!];
        const url = `http://127.0.0.1:${s.port}`;
        await loopDelay(s);
        const [storm, probe] = await Promise.all([
          stormProcess({ url, paths, clients: n, seconds, mode, probeHealth: false }),
          retryStorm({ url, paths, clients: 0, seconds, mode }),
        ]);
        const delay = await loopDelay(s);
        phases.push({ target: t.name, round, mode: label, r: { ...storm, health: probe.health, healthMs: probe.healthMs }, delay });
        console.error(`${t.name} round ${round} ${label}: goodput ${storm.goodput.toFixed(1)}/s, admitted p99 ${storm.admitted.p99.toFixed(0)} ms, /health p99 ${probe.health.p99.toFixed(1)} ms, loop delay p99 ${delay?.p99} ms`);
      }
    }
  }
} finally {
  for (const s of servers) {
    s.child.kill('SIGTERM');
    await new Promise((r) => s.child.once('exit', r));
  }
}
const load1 = os.loadavg();

const f = (x: number | undefined) => (x !== undefined && Number.isFinite(x) ? x.toFixed(1) : '–');
const of = (target: string, mode: string) => phases.filter((p) => p.target === target && p.mode === mode);
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const median = (xs: number[]) => {
  const v = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  return v.length === 0 ? NaN : v.length % 2 ? v[(v.length - 1) / 2]! : (v[v.length / 2 - 1]! + v[v.length / 2]!) / 2;
};
const lines = [
  '# Overload: admission control, clients honouring Retry-After and clients resending at once (issues 8 and 30)',
  '',
  `Command: \`npx tsx bench/overload.ts ${argv.map(shellWord).join(' ')}\`. Lake ${data}; each server \`tronlake serve ${SERVE_FLAGS.join(' ')} [target flags]\` (request log on, to /dev/null), \`bench/loop-delay.ts\` preloaded${nodeFlags.length ? `, node flags \`${nodeFlags.join(' ')}\`` : ''}.`,
  `Every target's server is up for the whole run (ports ${port}…${port + targets.length - 1}, idle while another is measured); after a warm-up (4 clients, 3 s each),`,
  `${rounds} round(s) of three phases, each phase run on every target back to back (the first target alternating by round): yardstick (1 client), honour and`,
  `resend (${clients} clients each; resend before honour in even rounds), ${seconds} s each. Each client holds one keep-alive connection and sends uncached list pages (/api/transaction, /api/transfer,`,
  '/api/block, limit 20, start 0…9980) in turn; the clients of a phase run in a process of their own; /health is asked every 20 ms from a third process (this one)',
  'on a connection of its own. `honour`: a 503 is followed by a wait of its Retry-After and the same request with its Retry-Ticket; `resend`: the same request',
  'at once. Loop delay: the server\'s own event-loop delay during the phase (monitorEventLoopDelay, 10 ms resolution: p50 ≈ 10 ms is no delay).',
  `Machine: ${os.cpus().length} cores; load average (1 / 5 / 15 min) ${load0.map((x) => x.toFixed(1)).join(' / ')} at the start, ${load1.map((x) => x.toFixed(1)).join(' / ')} at the end.`,
  '',
  '| target | round | phase | goodput (200/s) | 200 | 503 | other | admitted p50 / p99 ms | rejected p50 / p99 ms | /health p50 / p99 / max ms | loop delay p50 / p99 / max ms | most refusals of one request |',
  '|---|---|---|---|---|---|---|---|---|---|---|---|',
  ...[...phases].sort((a, b) => targets.findIndex((t) => t.name === a.target) - targets.findIndex((t) => t.name === b.target) || a.round - b.round).map(({ target, round, mode, r, delay }) =>
    `| ${target} | ${round} | ${mode} | ${f(r.goodput)} | ${r.ok} | ${r.refused} | ${r.other} | ${f(r.admitted.p50)} / ${f(r.admitted.p99)} | ${f(r.rejected.p50)} / ${f(r.rejected.p99)} | ${f(r.health.p50)} / ${f(r.health.p99)} / ${f(r.health.max)} | ${f(delay?.p50)} / ${f(delay?.p99)} / ${f(delay?.max)} | ${r.maxRefusalsInARow} |`),
  '',
  `Targets, over the ${rounds} round(s) (goodput summed, /health p99 over every probe of the phase, loop delay p99 the median of the rounds):`,
  '',
  ...targets.flatMap(({ name }) => {
    const [y, h, r] = [of(name, 'yardstick'), of(name, 'honour'), of(name, 'resend')];
    if (!y.length || !h.length || !r.length) return [];
    const ratio = (100 * sum(r.map((p) => p.r.goodput))) / sum(h.map((p) => p.r.goodput));
    const health = (ps: Phase[]) => quantiles(ps.flatMap((p) => p.r.healthMs)).p99;
    const loop = (ps: Phase[]) => median(ps.map((p) => p.delay?.p99 ?? NaN));
    const worstHealth = Math.max(health(h), health(r));
    return [
      `- ${name}: goodput resending / honouring = ${f(ratio)} % (issue 30: ≥ 80 % → ${ratio >= 80 ? 'met' : 'NOT met'}); ` +
        `/health p99 yardstick ${f(health(y))} ms, honour ${f(health(h))} ms, resend ${f(health(r))} ms (issue 30: ≤ 50 ms beside the storms → ${worstHealth <= 50 ? 'met' : 'NOT met'}); ` +
        `loop delay p99 yardstick ${f(loop(y))} ms, honour ${f(loop(h))} ms, resend ${f(loop(r))} ms; ` +
        `admitted p99 (median of rounds) honour ${f(median(h.map((p) => p.r.admitted.p99)))} ms, resend ${f(median(r.map((p) => p.r.admitted.p99)))} ms vs 3 × the yardstick p50 ${f(3 * median(y.map((p) => p.r.admitted.p50)))} ms (issue 8); ` +
        `rejected p50 / p99 (median of rounds) resend ${f(median(r.map((p) => p.r.rejected.p50)))} / ${f(median(r.map((p) => p.r.rejected.p99)))} ms.`,
    ];
  }),
  '',
];
await fs.writeFile(out, lines.join('\n'));
console.error(`wrote ${out}`);
