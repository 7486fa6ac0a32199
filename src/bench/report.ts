/** The report of a bench run: the JSON document (`report.json`, read back by `compare`) and its Markdown rendering. */
import { pairedJudge } from './verdict.ts';
import type { LabelStats } from './stats.ts';
import type { ServerCost } from './load.ts';
import type { GcKind } from '../http/health.ts';

export const REPORT_FORMAT = 'tronlake-bench/1';

/** One round of one label: the figures whose run-to-run spread `compare` needs. */
export interface RoundFigures {
  requests: number;
  rps: number;
  p50: number;
  p90: number;
  p99: number;
}

export interface LabelResult {
  label: string;
  /** Distinct requests of the workload under this label. */
  distinct: number;
  /** All rounds merged. */
  total: LabelStats;
  rounds: RoundFigures[];
  /**
   * Targets after the first of a run: this target's p50 over the first target's, per round where both answered the
   * label (measured back to back in the same round, so a slow moment of the machine falls on both), and their median.
   */
  paired?: { against: string; ratios: number[]; median: number };
}

export interface TargetResult {
  name: string;
  url: string;
  /** How the target was run when the bench started it (data folder, cache). */
  note?: string;
  /** `/health` of a tronlake target (dataset version, fingerprint, head); null for other APIs. */
  health: Record<string, unknown> | null;
  overall: LabelResult;
  labels: LabelResult[];
  errors: number;
  timeouts: number;
  aborted?: string;
  /** A tronlake's CPU time and GC pauses over its own phases (/health before and after each, every process). */
  server?: ServerCost;
}

/** The load settings of a run (the runner's options that a report records). */
export interface RunSettings {
  /**
   * `mix`: the whole workload at once, by weight; `per-label`: one label at a time (the project's per-endpoint bench);
   * `sequential`: one request at a time, every distinct request once per round, answered by each target back to back.
   */
  mode: 'mix' | 'per-label' | 'sequential';
  /** Clients wait the `Retry-After` of a 503 / 429 before their next request (overload runs); off: autocannon. */
  honourRetryAfter?: boolean;
  connections: number;
  /** Seconds per phase (a phase is one target in one round, or one label of one target in per-label mode). */
  duration?: number;
  /** Requests per phase instead of a duration. */
  requests?: number;
  repeat: number;
  /** Warm-up requests per target before the first round (distinct requests, labels round-robin). */
  warmup: number;
  /**
   * Least warm-up time per target (s), the warm-up requests cycled until both the count and the time are reached: the
   * same time for every system, where a count is seconds for one and minutes for another. Absent: count only.
   */
  warmupSeconds?: number;
  timeoutS: number;
}

export interface BenchReport {
  format: typeof REPORT_FORMAT;
  tool: string;
  started: string;
  finished: string;
  command: string;
  /** The run's load settings, as the runner was given them. */
  settings: RunSettings;
  workload: { file: string; sha256: string; requests: number; labels: number; comments: string[] };
  machine: { cpus: number; model: string; memoryGiB: number; node: string; os: string; loadBefore: number[]; loadAfter: number[] };
  /** The bare Fastify route measured in the same run (null when skipped with --no-floor). */
  floor: TargetResult | null;
  targets: TargetResult[];
}

const ms = (x: number) => (x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2));
const load = (l: number[]) => l.map((x) => x.toFixed(2)).join(' / ');
const esc = (s: string) => s.replace(/\|/g, '\\|');

function statusText(st: Record<string, number>): string {
  return Object.entries(st).map(([k, v]) => `${k}: ${v}`).join(', ') || '–';
}

function bytesText(b: number): string {
  return b >= 1 << 20 ? `${(b / (1 << 20)).toFixed(1)} MiB` : b >= 1024 ? `${(b / 1024).toFixed(1)} KiB` : `${b} B`;
}

/** The p50 spread over the rounds that answered this label, as `min–max`. */
function spread(rounds: RoundFigures[]): string {
  const xs = rounds.filter((r) => r.requests > 0).map((r) => r.p50);
  if (xs.length < 2) return '–';
  return `${ms(Math.min(...xs))}–${ms(Math.max(...xs))}`;
}

function row(r: LabelResult, name = r.label): string {
  const t = r.total;
  const cut = t.sent - t.requests;
  return `| ${esc(name)} | ${r.distinct} | ${t.requests}${cut > 0 ? ` (+${cut} unanswered)` : ''} | ${t.rps} | ${ms(t.latency.p50)} | ${ms(t.latency.p90)} | ${ms(t.latency.p99)} | ${ms(t.latency.max)} | ${spread(r.rounds)} | ${statusText(t.statuses)} | ${t.checksFailed} | ${t.bodyBytesMean} |`;
}

const HEADER = [
  '| label | distinct requests | requests | req/s | p50 ms | p90 ms | p99 ms | max ms | p50 spread over rounds | statuses | failed checks | mean body bytes |',
  '|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|---:|',
];

/** `/health`'s release as text, e.g. ` 0.1.0 (commit 927e345abcde, modified)`; empty for a server without one. */
function releaseText(r: unknown): string {
  if (!r || typeof r !== 'object') return '';
  const { version, commit, modified } = r as { version?: unknown; commit?: unknown; modified?: unknown };
  const c = typeof commit === 'string' ? `commit ${commit.slice(0, 12)}${modified === true ? ', modified' : ''}` : 'commit unknown';
  return ` ${String(version)} (${c})`;
}

function describeTarget(t: TargetResult): string[] {
  const out = [`- URL: ${t.url}${t.note ? ` (${t.note})` : ''}`];
  const h = t.health;
  if (h) {
    const head = h.head as { number?: unknown } | undefined;
    out.push(
      `- Server: tronlake${releaseText(h.release)}, status \`${String(h.status)}\`, dataset version \`${String(h.version)}\`, fingerprint \`${String(h.fingerprint)}\`${head?.number !== undefined ? `, head block ${String(head.number)}` : ''}`,
    );
  } else out.push('- Server: not a tronlake (no `/health` with a fingerprint): no dataset fingerprint recorded');
  const ra = t.overall.total;
  if (ra.retryAfter > 0) out.push(`- Retry-After: ${ra.retryAfter} answers carried it; clients waited ${ra.retryWaitS} s in total because of it`);
  out.push(`- Errors: ${t.errors} connection errors or timeouts (${t.timeouts} timeouts); ${bytesText(t.overall.total.bytes)} received`);
  if (t.server) out.push(...serverCostText(t.server, t.overall.total.requests).map((l) => `- ${l}`));
  if (t.aborted) out.push(`- **Stopped early**: ${t.aborted}`);
  return out;
}

/**
 * e.g. `Server CPU over its phases (1 serving process): 12.5 s, 1.19 ms per answer` and
 * `GC pauses …: 310 minor (3.1 per 100 answers; 1052 ms, mean 3.39 ms), 15 major (211 ms, mean 14.06 ms)`: CPU per
 * answer compares changes where latency is noisy; a pause holds every answer in flight, read beside the p99.
 */
export function serverCostText(c: ServerCost, answers: number): string[] {
  const during = `over its phases (${c.processes} serving process${c.processes > 1 ? 'es' : ''})`;
  const mean = (k: GcKind) => (k.count > 0 ? `, mean ${(k.ms / k.count).toFixed(2)} ms` : '');
  const perAnswer = answers > 0 ? `, ${(c.cpuMs / answers).toFixed(3)} ms per answer` : '';
  const rate = answers > 0 ? `${((c.gc.minor.count / answers) * 100).toFixed(1)} per 100 answers; ` : '';
  return [
    `Server CPU ${during}: ${(c.cpuMs / 1000).toFixed(1)} s${perAnswer}`,
    `GC pauses ${during}: ${c.gc.minor.count} minor (${rate}${Math.round(c.gc.minor.ms)} ms${mean(c.gc.minor)}), ` +
      `${c.gc.major.count} major (${Math.round(c.gc.major.ms)} ms${mean(c.gc.major)})`,
  ];
}

function rounds(r: BenchReport): string {
  const n = r.settings.repeat;
  const what = `${n} round${n > 1 ? 's' : ''}`;
  if (r.targets.length > 1) return `${what}, targets interleaved (their order alternates each round)${r.floor ? ', the floor first in each round' : ''}`;
  return r.floor ? `${what}, the floor first in each round` : what;
}

/** Per label, each later target's p50 over the first target's, round by round (only runs with several targets). */
function pairedSection(r: BenchReport): string[] {
  const later = r.targets.slice(1).filter((t) => [t.overall, ...t.labels].some((l) => l.paired));
  if (later.length === 0) return [];
  const out = [
    '',
    `## Paired ratios (p50 of each target over ${esc(r.targets[0]!.name)}, per round)`,
    '',
    'Each round measures the targets back to back, so a slow moment of the machine falls on both halves of a pair. The',
    'verdict: a change only with 5 rounds or more, every round pointing the same way and the median ratio further from 1 than their spread.',
    '',
    '| target | label | median ratio | per-round ratios | verdict |',
    '|---|---|---:|---|---|',
  ];
  for (const t of later) {
    for (const l of [...t.labels, t.overall]) {
      if (!l.paired) continue;
      const name = l.label === 'overall' ? '**overall**' : esc(l.label);
      out.push(`| ${esc(t.name)} | ${name} | ${l.paired.median.toFixed(3)} | ${l.paired.ratios.map((x) => x.toFixed(2)).join(' ')} | ${pairedJudge(l.paired.ratios)} |`);
    }
  }
  return out;
}

/** The warm-up a run gave each target, e.g. `440 warm-up requests per target (and at least 60 s of them, cycled)`. */
export function warmupText(s: RunSettings): string {
  return `${s.warmup} warm-up requests per target${s.warmupSeconds ? ` (and at least ${s.warmupSeconds} s of them, cycled)` : ''}`;
}

/** The Markdown report: settings, machine and load, the floor, then a table per target. */
export function renderMarkdown(r: BenchReport): string {
  const s = r.settings;
  const amount = s.mode === 'sequential' ? 'every distinct request once' : s.requests !== undefined ? `${s.requests} requests` : `${s.duration} s`;
  const per =
    s.mode === 'mix' ? 'per target per round (the whole workload mixed by weight)'
    : s.mode === 'per-label' ? 'per label per target per round (one label at a time)'
    : 'per target per round, one request at a time, the targets answering each request back to back';
  const lines = [
    `# tronlake bench: ${r.targets.map((t) => t.name).join(' vs ')}`,
    '',
    `Run ${r.started} → ${r.finished} with \`${r.command}\` (${r.tool}).`,
    '',
    `- Load: ${s.connections} connection${s.connections > 1 ? 's' : ''}, ${amount} ${per}, ${rounds(r)}, ${warmupText(s)} first, ${s.timeoutS} s response timeout; clients ${s.honourRetryAfter ? 'wait the `Retry-After` of a 503 / 429 before their next request' : 'send their next request at once after any answer (`Retry-After` not honoured)'}`,
    `- Workload: \`${r.workload.file}\` (${r.workload.requests} requests, ${r.workload.labels} labels, sha256 \`${r.workload.sha256.slice(0, 16)}\`)${r.workload.comments.length ? `: ${r.workload.comments.join('; ')}` : ''}`,
    `- Machine: ${r.machine.cpus} × ${r.machine.model}, ${r.machine.memoryGiB} GiB, Node ${r.machine.node}, ${r.machine.os}`,
    `- Load average (1 / 5 / 15 min): ${load(r.machine.loadBefore)} before, ${load(r.machine.loadAfter)} after. The load generator shares this machine with any server started on it.`,
  ];
  if (r.floor) {
    const f = r.floor.overall.total;
    lines.push(`- Floor (bare Fastify route, same run, same connections): p50 ${ms(f.latency.p50)} ms, p99 ${ms(f.latency.p99)} ms, ${f.rps} req/s`);
  }
  lines.push(...pairedSection(r));
  for (const t of r.targets) {
    lines.push('', `## ${t.name}`, '', ...describeTarget(t), '', ...HEADER);
    if (r.floor) lines.push(row(r.floor.overall, '*bare Fastify route (floor)*'));
    for (const l of t.labels) lines.push(row(l));
    lines.push(row(t.overall, '**overall**'));
    const split = t.labels.filter((l) => Object.keys(l.total.statuses).length > 1);
    if (split.length > 0) {
      lines.push('', 'Latency by status (labels with more than one status):', '', '| label | status | responses | p50 ms | p90 ms | p99 ms | max ms |', '|---|---:|---:|---:|---:|---:|---:|');
      for (const l of [...split, ...(Object.keys(t.overall.total.statuses).length > 1 ? [t.overall] : [])]) {
        for (const [st, lat] of Object.entries(l.total.byStatus)) {
          lines.push(`| ${esc(l.label)} | ${st} | ${lat.count} | ${ms(lat.p50)} | ${ms(lat.p90)} | ${ms(lat.p99)} | ${ms(lat.max)} |`);
        }
      }
    }
    const failed = t.labels.filter((l) => l.total.checksFailed > 0);
    if (failed.length > 0) {
      lines.push('', 'Failed checks (first examples):', '');
      for (const l of failed) for (const e of l.total.checkExamples) lines.push(`- ${esc(l.label)}: \`${e}\``);
    }
  }
  lines.push(
    '',
    'Latencies are measured by the load generator from writing a request to its last byte, over every answered request',
    '(nearest-rank percentiles). "unanswered" counts requests cut off when a timed phase ended or lost to connection errors.',
    '',
  );
  return lines.join('\n');
}
