/**
 * Throughput (issue 32): an uncached random-page mix over the list endpoints, at 1, 8 and 50 connections, beside the
 * bare Fastify route of the same run, through the runner of `tronlake bench` (src/bench: one load-measuring code path).
 *
 * The workload is drawn from the lake with plain SQL over its raw Parquet (never constants), seeded: addresses and
 * tokens weighted by their activity (the rows of smallest hash(key, seed)), blocks, time windows of an hour, a day or a
 * week inside the lake's span, and pages (start 0…9950 within what the filter holds, limit 10, 20 or 50) drawn by a
 * seeded generator; every distinct URL once (weight 1), so consecutive requests seldom share a page. Response cache
 * off (the runner's `--serve` default), scrub and manifest polling off, so every request reaches DuckDB.
 *
 * Every target (`--serve 'NAME=CHECKOUT [serve flags]'`, repeatable; default `this=.`) is started once and measured at
 * each connection level, the floor first at that level, targets alternating order round by round (bench/README.md
 * "Rules"); each level is one runner call, so its report has its own load average and floor. The verdict (issue 32):
 * ≥ 500 answers (200s) per second at 8 and at 50 connections with the admitted (200) p99 ≤ 100 ms, and p50 ≤ 3 ms at
 * 1 connection.
 *
 *   npx tsx bench/throughput.ts --data /work/bench/new18 [--serve 'NAME=DIR flags']… [--levels 1,8,50] [--seconds 10 | --requests N]
 *     [--repeat 1] [--urls 600] [--seed 1] [--warmup 100] [--out bench/results/throughput.md] [--report DIR] [--write-urls FILE: the URLs only, no load]
 */
import { promises as fs, readFileSync, readdirSync, readlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Db } from '../src/duckdb/duck.ts';
import { readManifest, versionDir } from '../src/lake/manifest.ts';
import { shellWord, toolVersion } from '../src/bench/cli.ts';
import { renderMarkdown, type BenchReport, type LabelResult } from '../src/bench/report.ts';
import { runBench, type RunTarget } from '../src/bench/runner.ts';
import { parseServeSpec, startServed, type Started } from '../src/bench/servers.ts';
import type { Workload, WorkloadItem } from '../src/bench/workload.ts';
import { seeded as rng } from '../src/bench/seeded.ts';
import { statFields } from './proc.ts';

const argv = process.argv.slice(2);
const serves: string[] = [];
const flags = new Map<string, string>();
for (let i = 0; i < argv.length; i += 2) {
  const k = argv[i]!.replace(/^--/, '');
  const v = argv[i + 1] ?? '';
  if (k === 'serve') serves.push(v);
  else flags.set(k, v);
}
if (serves.length === 0) serves.push('this=.');
const data = path.resolve(flags.get('data') ?? 'data/default');
const levels = (flags.get('levels') ?? '1,8,50').split(',').map(Number);
const seconds = Number(flags.get('seconds') ?? 10);
// A count instead of a duration: every target answers the same requests (the schedule restarts each phase).
const requests = flags.has('requests') ? Number(flags.get('requests')) : undefined;
const repeat = Number(flags.get('repeat') ?? 1);
const urlCount = Number(flags.get('urls') ?? 600);
const seed = Number(flags.get('seed') ?? 1);
const warmup = Number(flags.get('warmup') ?? 100);
const out = flags.get('out') ?? path.join('bench', 'results', 'throughput.md');
const reportDir = flags.get('report');
const command = `npx tsx bench/throughput.ts ${argv.map(shellWord).join(' ')}`.trim();

/** The point of issue 32. */
const TARGET = { rps: 500, p99: 100, p50at1: 3 };
const HOUR = 3_600_000;
const WINDOWS = [HOUR, 24 * HOUR, 7 * 24 * HOUR];
const LIMITS = [10, 20, 50];

interface Keyed {
  key: string;
  rows: number;
}

/** Draws the mix's URLs from the lake's raw Parquet: one list of request targets, `urlCount` long. */
async function drawUrls(dir: string): Promise<{ urls: string[]; note: string }> {
  const db = await Db.open({ threads: 2 });
  const raw = (name: string) => `read_parquet('${path.join(dir, 'raw', name, '*', '*.parquet')}', hive_partitioning = true)`;
  const keyed = async (sql: string): Promise<Keyed[]> => (await db.all(sql)).map((r) => ({ key: String(r.k), rows: Number(r.n) }));
  try {
    const [span] = await db.all(`SELECT min("timestamp") AS first, max("timestamp") AS head, count(*) AS blocks FROM ${raw('blocks')}`);
    const first = Number(span!.first);
    const head = Number(span!.head);
    const blockCount = Number(span!.blocks);
    // Activity-weighted: the owners of random transactions (a busy address is drawn as often as it is active),
    // with how many rows each holds, so a page is drawn inside what the address has.
    const addresses = await keyed(
      `WITH s AS (SELECT DISTINCT owner_address AS k FROM (SELECT owner_address FROM ${raw('transactions')} ORDER BY hash(tx_hash, ${seed}), tx_hash LIMIT 120))
       SELECT k, count(*) AS n FROM ${raw('transactions')} t JOIN s ON t.owner_address = s.k GROUP BY k ORDER BY k`,
    );
    const tokens = await keyed(
      `WITH s AS (SELECT DISTINCT contract_address AS k FROM (SELECT contract_address FROM ${raw('token_transfers')} WHERE token_standard = 'trc20' ORDER BY hash(tx_hash, log_index, ${seed}), tx_hash, log_index LIMIT 40))
       SELECT k, count(*) AS n FROM ${raw('token_transfers')} t JOIN s ON t.contract_address = s.k GROUP BY k ORDER BY k`,
    );
    const holders = await keyed(
      `WITH s AS (SELECT DISTINCT to_address AS k FROM (SELECT to_address FROM ${raw('token_transfers')} WHERE token_standard = 'trc20' ORDER BY hash(tx_hash, log_index, ${seed + 1}), tx_hash, log_index LIMIT 80))
       SELECT k, count(*) AS n FROM ${raw('token_transfers')} t JOIN s ON t.to_address = s.k OR t.from_address = s.k GROUP BY k ORDER BY k`,
    );
    const callers = await keyed(
      `WITH s AS (SELECT DISTINCT caller_address AS k FROM (SELECT caller_address FROM ${raw('internal_transactions')} ORDER BY hash(tx_hash, internal_index, ${seed}), tx_hash, internal_index LIMIT 60))
       SELECT k, count(*) AS n FROM ${raw('internal_transactions')} t JOIN s ON t.caller_address = s.k GROUP BY k ORDER BY k`,
    );
    const blocks = (await db.all(`SELECT block_number AS b FROM ${raw('blocks')} ORDER BY hash(block_number, ${seed}), block_number LIMIT 200`)).map((r) => Number(r.b));

    const r = rng(seed);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
    // A page inside the first `rows` rows of a filter (at most the sum rule's 10,000): start a multiple of the limit.
    const page = (rows: number): string => {
      const limit = pick(LIMITS);
      const pages = Math.max(1, Math.floor(Math.min(rows, 10_000 - limit) / limit));
      return `start=${Math.floor(r() * pages) * limit}&limit=${limit}`;
    };
    const window = (): string => {
      const w = pick(WINDOWS);
      const start = first + Math.floor(r() * Math.max(1, head - first - w));
      return `start_timestamp=${start}&end_timestamp=${start + w}`;
    };
    // The recipes, one per list request kind; each URL draws a recipe in turn, then its values.
    const recipes: (() => string)[] = [
      () => `/api/block?${page(blockCount)}`,
      () => `/api/block?${window()}&${page(1200)}`,
      () => `/api/block?number=${pick(blocks)}`,
      () => `/api/transaction?${page(10_000)}`,
      () => {
        const a = pick(addresses);
        return `/api/transaction?address=${a.key}&${page(a.rows)}`;
      },
      () => `/api/transaction?block=${pick(blocks)}`,
      () => `/api/transaction?${window()}&${page(10_000)}`,
      () => {
        const a = pick(addresses);
        return `/api/transfer?address=${a.key}&${page(a.rows)}`;
      },
      () => `/api/transfer?${page(10_000)}`,
      () => {
        const t = pick(tokens);
        return `/api/token_trc20/transfers?contract_address=${t.key}&${page(t.rows)}`;
      },
      () => `/api/token_trc20/transfers?contract_address=${pick(tokens).key}&${window()}&${page(1000)}`,
      () => {
        const h = pick(holders);
        return `/api/token_trc20/transfers?relatedAddress=${h.key}&${page(h.rows)}`;
      },
      () => {
        const c = pick(callers);
        return `/api/internal-transaction?address=${c.key}&${page(c.rows)}`;
      },
      () => `/api/internal-transaction?block=${pick(blocks)}`,
    ];
    const urls = new Set<string>();
    for (let i = 0; urls.size < urlCount && i < urlCount * 20; i++) urls.add(recipes[i % recipes.length]!());
    const note =
      `drawn from ${dir} (seed ${seed}): ${addresses.length} addresses, ${tokens.length} TRC20 tokens, ${holders.length} token holders, ` +
      `${callers.length} internal callers, ${blocks.length} blocks; windows of 1 h / 1 d / 7 d in ${new Date(first).toISOString()} … ${new Date(head).toISOString()}`;
    return { urls: [...urls], note };
  } finally {
    db.close();
  }
}

/**
 * The process listening on a loopback TCP port (from /proc/net/tcp and the processes' descriptors), e.g. a served
 * target's, so its CPU time can be read; undefined where /proc does not say (not Linux).
 */
function pidOfPort(port: number): number | undefined {
  let inode: string | undefined;
  try {
    for (const line of readFileSync('/proc/net/tcp', 'utf8').split('\n').slice(1)) {
      const f = line.trim().split(/\s+/);
      // local address HEX:PORT, state 0A = LISTEN, inode the 10th field.
      if (f[3] === '0A' && parseInt(f[1]!.split(':')[1]!, 16) === port) inode = f[9];
    }
    if (!inode) return undefined;
    for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
      let fds: string[];
      try {
        fds = readdirSync(`/proc/${pid}/fd`);
      } catch {
        continue;
      }
      for (const fd of fds) {
        try {
          if (readlinkSync(`/proc/${pid}/fd/${fd}`) === `socket:[${inode}]`) return Number(pid);
        } catch {
          // gone meanwhile
        }
      }
    }
  } catch {
    return undefined;
  }
  return undefined;
}

/**
 * CPU seconds (user + system, every thread: DuckDB's included) a process and its live descendants have used so far:
 * with `--workers` the port's process only supervises, and the serving processes are its children.
 */
function cpuSeconds(pid: number | undefined): number {
  if (pid === undefined) return NaN;
  const parentOf = new Map<number, number>();
  for (const d of readdirSync('/proc').filter((x) => /^\d+$/.test(x))) {
    const f = statFields(`/proc/${d}/stat`);
    if (f) parentOf.set(Number(d), Number(f[1]));
  }
  const tree = new Set([pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [p, parent] of parentOf) if (tree.has(parent) && !tree.has(p)) (tree.add(p), (grew = true));
  }
  let total = 0;
  for (const p of tree) {
    const f = statFields(`/proc/${p}/stat`);
    // Fields 14 and 15 of stat (utime, stime) in clock ticks of 1/100 s (USER_HZ on Linux).
    if (f) total += (Number(f[11]) + Number(f[12])) / 100;
    else if (p === pid) return NaN;
  }
  return total;
}

function workloadOf(urls: string[], note: string): Workload {
  const items: WorkloadItem[] = urls.map((t) => {
    const u = new URL(t, 'http://x');
    // One label for the whole mix: the figure asked for is the mix's (the per-endpoint figures are bench.md's).
    const item: WorkloadItem = { method: 'GET', path: u.pathname, weight: 1, label: 'list mix', expect: { status: 200 } };
    if (u.search) item.query = Object.fromEntries(u.searchParams);
    return item;
  });
  return { comments: [`issue 32 uncached random-page mix over the list endpoints, ${note}`], items };
}

/** One target at one connection level, as the verdict reads it. */
interface Figures {
  target: string;
  connections: number;
  answersPerS: number;
  all: number;
  rejected: number;
  other: number;
  p50: number;
  p99: number;
  floorRps: number;
  loadBefore: number[];
  loadAfter: number[];
  /** The server's CPU milliseconds per answered request (200 or 503) over the level (NaN: unknown). */
  cpuMsPerAnswer: number;
}

function figuresOf(r: BenchReport, cpu: Map<string, number>): Figures[] {
  return r.targets.map((t) => {
    const o: LabelResult = t.overall;
    const ok = o.total.statuses['200'] ?? 0;
    const rejected = o.total.statuses['503'] ?? 0;
    const lat = o.total.byStatus['200'];
    return {
      target: t.name,
      connections: r.settings.connections,
      answersPerS: o.total.seconds > 0 ? Math.round((ok / o.total.seconds) * 10) / 10 : 0,
      all: o.total.requests,
      rejected,
      other: o.total.requests - ok - rejected,
      p50: lat?.p50 ?? NaN,
      p99: lat?.p99 ?? NaN,
      floorRps: r.floor?.overall.total.rps ?? NaN,
      loadBefore: r.machine.loadBefore,
      loadAfter: r.machine.loadAfter,
      cpuMsPerAnswer: Math.round(((cpu.get(t.name) ?? NaN) * 1000 * 100) / Math.max(1, o.total.requests)) / 100,
    };
  });
}

function verdict(f: Figures[], target: string): string {
  const at = (c: number) => f.find((x) => x.target === target && x.connections === c);
  const parts: string[] = [];
  let met = true;
  for (const c of [8, 50]) {
    const x = at(c);
    if (!x) {
      parts.push(`${c} connections not measured`);
      met = false;
      continue;
    }
    const ok = x.answersPerS >= TARGET.rps && x.p99 <= TARGET.p99;
    met &&= ok;
    parts.push(`${c} conn: ${x.answersPerS}/s, p99 ${x.p99} ms ${ok ? 'met' : 'missed'}`);
  }
  const one = at(1);
  if (!one) {
    parts.push('1 connection not measured');
    met = false;
  } else {
    const ok = one.p50 <= TARGET.p50at1;
    met &&= ok;
    parts.push(`1 conn: p50 ${one.p50} ms ${ok ? 'met' : 'missed'}`);
  }
  return `${met ? '**met**' : '**missed**'} (${parts.join('; ')})`;
}

async function main(): Promise<void> {
  const m = await readManifest(data);
  if (!m) throw new Error(`no lake in ${data}`);
  const drawn = await drawUrls(versionDir(data, m));
  const workload = workloadOf(drawn.urls, drawn.note);
  const listFile = flags.get('write-urls');
  if (listFile) {
    // The drawn URLs only (to time them one by one, e.g. with curl and Server-Timing), no load.
    await fs.writeFile(listFile, drawn.urls.join('\n') + '\n');
    console.error(`wrote ${drawn.urls.length} URLs to ${listFile}`);
    return;
  }
  const specs = serves.map((s) => parseServeSpec(s, data, false));
  // Scrub off: its background reads are not the mix's work (the runner already turns the cache and polling off).
  for (const s of specs) if (!s.args.includes('--scrub-rate')) s.args.push('--scrub-rate', '0');
  const servers: { name: string; s: Started; flags: string }[] = [];
  const tool = await toolVersion();
  const loadStart = os.loadavg();
  try {
    for (const spec of specs) servers.push({ name: spec.name, s: await startServed(spec, 5 * 60_000), flags: spec.args.join(' ') });
    const targets: RunTarget[] = servers.map((x) => ({ name: x.name, url: x.s.url, note: `\`serve ${x.flags}\` (${specs.find((s) => s.name === x.name)!.root})` }));
    const reports: BenchReport[] = [];
    const pids = new Map(servers.map((x) => [x.name, pidOfPort(Number(new URL(x.s.url).port))]));
    const cpuPerLevel: Map<string, number>[] = [];
    for (const c of levels) {
      const cpuBefore = new Map([...pids].map(([n, p]) => [n, cpuSeconds(p)]));
      console.error(`${c} connection${c > 1 ? 's' : ''}: ${targets.map((t) => t.name).join(', ')}`);
      const report = await runBench({
        targets,
        workload,
        workloadFile: '(drawn by bench/throughput.ts)',
        mode: 'mix',
        connections: c,
        ...(requests !== undefined ? { requests } : { duration: seconds }),
        repeat,
        warmup: reports.length === 0 ? warmup : 0,
        timeoutS: 30,
        bailout: 1000,
        floor: true,
        progress: false,
        command,
        tool,
      });
      reports.push(report);
      // Targets take turns within a level, so a server's CPU over the level is its CPU under its own phases.
      cpuPerLevel.push(new Map([...pids].map(([n, p]) => [n, cpuSeconds(p) - cpuBefore.get(n)!])));
      if (reportDir) {
        await fs.mkdir(reportDir, { recursive: true });
        await fs.writeFile(path.join(reportDir, `c${c}.md`), renderMarkdown(report));
        await fs.writeFile(path.join(reportDir, `c${c}.json`), JSON.stringify(report, null, 2) + '\n');
      }
    }
    const all = reports.flatMap((r, i) => figuresOf(r, cpuPerLevel[i]!));
    const load = (l: number[]) => l.map((x) => x.toFixed(2)).join(' / ');
    const lines = [
      '# Throughput: uncached random-page mix over the list endpoints (issue 32)',
      '',
      `Run ${reports[0]!.started} → ${reports.at(-1)!.finished} with \`${command}\` (${tool}).`,
      '',
      `- Lake: \`${data}\` version ${m.version} (${m.tables.transactions?.rows ?? '?'} transactions), response cache off, scrub and polling off.`,
      `- Workload: ${workload.items.length} distinct URLs, each once per pass (weight 1), ${workload.comments[0]}.`,
      `- Each level: ${requests !== undefined ? `${requests} requests (the same for every target)` : `${seconds} s`} per target per round, ${repeat} round${repeat > 1 ? 's' : ''}, the floor (bare Fastify route) first in every round; the first ${Math.min(warmup, workload.items.length)} URLs once per target as warm-up before the first level (a warm-up of the file and metadata caches, never of a response cache: it is off).`,
      `- Machine: ${reports[0]!.machine.cpus} × ${reports[0]!.machine.model}, ${reports[0]!.machine.memoryGiB} GiB, Node ${reports[0]!.machine.node}. Load average (1 / 5 / 15 min) at start ${load(loadStart)}, at the end ${load(os.loadavg())}. Load generator, floor and servers share the cores.`,
      `- Server CPU ms / response: the server process's user + system CPU (every thread, DuckDB's included, and its serving processes'; /proc) over the level, per answered request (200 or 503). ${TARGET.rps} answers/s on ${os.cpus().length} cores leave at most ${(os.cpus().length * 1000) / TARGET.rps} ms of CPU per answer for server, load generator and floor together.`,
      `- Point: ≥ ${TARGET.rps} answers/s at 8 and at 50 connections with admitted p99 ≤ ${TARGET.p99} ms, and p50 ≤ ${TARGET.p50at1} ms at 1 connection.`,
      '',
      '| target | serve flags | connections | answers/s (200) | admitted p50 ms | admitted p99 ms | rejected (503) | other | server CPU ms / response | floor req/s | load before → after (1 min) |',
      '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|',
      ...all.map(
        (f) =>
          `| ${f.target} | \`${servers.find((s) => s.name === f.target)?.flags ?? ''}\` | ${f.connections} | ${f.answersPerS} | ${f.p50} | ${f.p99} | ${f.rejected} | ${f.other} | ${f.cpuMsPerAnswer} | ${f.floorRps} | ${f.loadBefore[0]} → ${f.loadAfter[0]} |`,
      ),
      '',
      '## Verdict',
      '',
      ...servers.map((s) => `- ${s.name}: ${verdict(all, s.name)}`),
      '',
    ];
    await fs.mkdir(path.dirname(out), { recursive: true });
    await fs.writeFile(out, lines.join('\n'));
    console.log(lines.join('\n'));
    console.error(`wrote ${out}`);
  } finally {
    for (const x of servers) await x.s.stop();
  }
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.stack : e);
  process.exit(1);
});
