/**
 * `tronlake bench compare`: two targets side by side, per label, with a noise-aware verdict. A difference counts as
 * a change only when it is larger than the run-to-run spread measured in the reports themselves (src/bench/README.md).
 */
import { promises as fs } from 'node:fs';
import { REPORT_FORMAT, type BenchReport, type LabelResult, type TargetResult } from './report.ts';
import { judge, median, pairedJudge, pairedRatios, type Verdict } from './verdict.ts';

export { judge, median, pairedJudge, pairedRatios, type Verdict } from './verdict.ts';

export interface SideFigures {
  p50: number;
  p50Rounds: number[];
  p99: number;
  rps: number;
  rpsRounds: number[];
}

export interface CompareRow {
  label: string;
  a?: SideFigures;
  b?: SideFigures;
  /** B p50 / A p50. */
  ratio?: number;
  spread?: number;
  verdict: Verdict;
  /** Overall only: the verdict on throughput (req/s, higher is better). */
  rpsVerdict?: Verdict;
  /** Targets of one run: B's p50 over A's per round (measured back to back), their median and verdict. */
  paired?: { ratios: number[]; median: number; verdict: Verdict };
}

export interface Comparison {
  a: { name: string; file: string };
  b: { name: string; file: string };
  rows: CompareRow[];
  notes: string[];
}

export interface CompareInput {
  file: string;
  report: BenchReport;
}

/** Reads a report written by `tronlake bench` (report.json); anything else is an error naming the file. */
export async function readReport(file: string): Promise<BenchReport> {
  let doc: unknown;
  try {
    doc = JSON.parse(await fs.readFile(file, 'utf8'));
  } catch (e) {
    throw new Error(`${file}: cannot read a bench report (${e instanceof Error ? e.message : String(e)})`);
  }
  if (!doc || typeof doc !== 'object' || (doc as { format?: unknown }).format !== REPORT_FORMAT) {
    throw new Error(`${file}: not a tronlake bench report (expected "format": "${REPORT_FORMAT}"; give the report.json a run wrote)`);
  }
  return doc as BenchReport;
}

/** A label's figures; rounds that answered none of its requests have no p50 and are left out of the spread. */
function side(l: LabelResult): SideFigures {
  const answered = l.rounds.filter((r) => r.requests > 0);
  return { p50: l.total.latency.p50, p50Rounds: answered.map((r) => r.p50), p99: l.total.latency.p99, rps: l.total.rps, rpsRounds: l.rounds.map((r) => r.rps) };
}

function compareTargets(a: TargetResult, ra: CompareInput, b: TargetResult, rb: CompareInput): Comparison {
  const rows: CompareRow[] = [];
  const bLabels = new Map(b.labels.map((l) => [l.label, l]));
  const aLabels = new Set(a.labels.map((l) => l.label));
  const pair = (la: LabelResult | undefined, lb: LabelResult | undefined, label: string, overall = false) => {
    if (!la || !lb) return rows.push({ label, ...(la ? { a: side(la) } : {}), ...(lb ? { b: side(lb) } : {}), verdict: la ? 'only in A' : 'only in B' });
    const sa = side(la);
    const sb = side(lb);
    const j = judge(sa.p50Rounds, sb.p50Rounds);
    const row: CompareRow = { label, a: sa, b: sb, ratio: sa.p50 > 0 ? sb.p50 / sa.p50 : undefined, spread: j.spread, verdict: j.verdict };
    // Rounds pair up only within one run (same round = measured back to back); separate reports have no pairs.
    const ratios = ra === rb ? pairedRatios(la.rounds, lb.rounds) : [];
    if (ratios.length > 0) row.paired = { ratios, median: median(ratios), verdict: pairedJudge(ratios) };
    if (overall) {
      // Throughput is higher-is-better: judge its negation.
      const r = judge(sa.rpsRounds.map((x) => -x), sb.rpsRounds.map((x) => -x)).verdict;
      row.rpsVerdict = r;
    }
    return rows.push(row);
  };
  for (const la of a.labels) pair(la, bLabels.get(la.label), la.label);
  for (const lb of b.labels) if (!aLabels.has(lb.label)) pair(undefined, lb, lb.label);
  pair(a.overall, b.overall, 'overall', true);

  const notes: string[] = [];
  const fa = a.health?.fingerprint;
  const fb = b.health?.fingerprint;
  if (fa !== fb) notes.push(`The datasets differ: fingerprint ${String(fa ?? 'unknown')} (A) vs ${String(fb ?? 'unknown')} (B).`);
  const A = ra.report;
  const B = rb.report;
  if (ra !== rb) {
    if (A.workload.sha256 !== B.workload.sha256) notes.push('The workloads differ (sha256): labels compare different requests.');
    const sa = A.settings;
    const sb = B.settings;
    if (sa.mode !== sb.mode || sa.connections !== sb.connections || sa.duration !== sb.duration || sa.requests !== sb.requests || (sa.honourRetryAfter ?? false) !== (sb.honourRetryAfter ?? false)) {
      notes.push(`The load differs: A ${sa.mode}, ${sa.connections} connections; B ${sb.mode}, ${sb.connections} connections. Figures are not comparable as a change.`);
    }
    if (A.floor && B.floor) {
      const fj = judge(A.floor.overall.rounds.map((r) => r.p50), B.floor.overall.rounds.map((r) => r.p50));
      notes.push(
        `Separate runs: floor (bare route) p50 ${A.floor.overall.total.latency.p50} ms (A, load ${A.machine.loadBefore[0]}) vs ${B.floor.overall.total.latency.p50} ms (B, load ${B.machine.loadBefore[0]}): ${fj.verdict}. ` +
          'The machine may have changed between runs; for a change you can trust, measure both in one run (`--url A --url B --repeat N`).',
      );
    } else notes.push('Separate runs: for a change you can trust, measure both targets in one run (`--url A --url B --repeat N`).');
  } else notes.push(`One run, targets interleaved over ${A.settings.repeat} rounds (order alternating each round).`);
  return { a: { name: a.name, file: ra.file }, b: { name: b.name, file: rb.file }, rows, notes };
}

/**
 * Pairs the targets to compare: one report with several targets → the first against each other; two reports →
 * their targets in order (first with first, …).
 */
export function compareReports(inputs: readonly CompareInput[]): Comparison[] {
  if (inputs.length === 1) {
    const r = inputs[0]!;
    if (r.report.targets.length < 2) throw new Error(`${r.file}: one target only; give two reports (compare A.json B.json) or a run with several --url`);
    return r.report.targets.slice(1).map((t) => compareTargets(r.report.targets[0]!, r, t, r));
  }
  const [ra, rb] = inputs as [CompareInput, CompareInput];
  const n = Math.min(ra.report.targets.length, rb.report.targets.length);
  return Array.from({ length: n }, (_, i) => compareTargets(ra.report.targets[i]!, ra, rb.report.targets[i]!, rb));
}

const f = (x: number | undefined, d = 1) => (x === undefined ? '–' : x.toFixed(d));
const range = (xs: number[]) => (xs.length < 2 ? '' : ` (${f(Math.min(...xs))}–${f(Math.max(...xs))})`);

/** The comparison as Markdown: one table per pair, with the notes that qualify it. */
export function renderComparison(cs: readonly Comparison[]): string {
  const out: string[] = ['# tronlake bench compare', ''];
  for (const c of cs) {
    out.push(`## A = ${c.a.name} (${c.a.file}) · B = ${c.b.name} (${c.b.file})`, '');
    for (const n of c.notes) out.push(`- ${n}`);
    out.push(
      '',
      'p50 in ms, all rounds merged, with the range of the per-round p50s. A verdict needs at least two rounds on each side; a',
      'difference is a change only when the rounds do not overlap and the medians differ by more than the run-to-run spread.',
      'Paired (targets of one run only): B/A of the p50s of each round, A and B measured back to back; a change only with 5',
      'rounds or more, every round pointing the same way and the median ratio further from 1 than the spread of the ratios.',
      '',
      '| label | A p50 ms (rounds) | B p50 ms (rounds) | B/A p50 | spread ms | verdict | paired B/A median (rounds) | paired verdict | A p99 ms | B p99 ms | A req/s | B req/s | B/A req/s |',
      '|---|---:|---:|---:|---:|---|---:|---|---:|---:|---:|---:|---:|',
    );
    for (const r of c.rows) {
      const name = r.label === 'overall' ? '**overall**' : r.label.replace(/\|/g, '\\|');
      const verdict = r.rpsVerdict ? `${r.verdict} (req/s: ${r.rpsVerdict})` : r.verdict;
      out.push(
        `| ${name} | ${r.a ? f(r.a.p50) + range(r.a.p50Rounds) : '–'} | ${r.b ? f(r.b.p50) + range(r.b.p50Rounds) : '–'} | ${f(r.ratio, 2)} | ${f(r.spread)} | ${verdict} | ${r.paired ? `${f(r.paired.median, 3)} (${r.paired.ratios.map((x) => x.toFixed(2)).join(' ')})` : '–'} | ${r.paired?.verdict ?? '–'} | ${f(r.a?.p99)} | ${f(r.b?.p99)} | ${f(r.a?.rps)} | ${f(r.b?.rps)} | ${r.a && r.b && r.a.rps > 0 ? (r.b.rps / r.a.rps).toFixed(2) : '–'} |`,
      );
    }
    out.push('');
  }
  return out.join('\n');
}
