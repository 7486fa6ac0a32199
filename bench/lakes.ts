/**
 * Every endpoint on two lakes side by side (issue 10): `bench/run.ts` (the runner, per-label mode, response cache off,
 * parameters drawn from each lake's own data, the bare Fastify route as the floor) on the default lake, the bench
 * lake, then the default lake again, so drift of the shared machine shows in the two default columns. Writes the
 * table with both lakes' row counts, the load average and the target verdict per endpoint:
 * p50(bench) / p50(default) ≤ 1.5, and p50(bench) ≤ 10 ms wherever the default lake is there (the best of its two runs).
 *
 *   npx tsx bench/lakes.ts --default data/default --bench data/bench [--seconds 5] [--connections 1] [--out bench/results/bench.md]
 *
 * The analysis of the misses is written by hand below the generated part (everything after `<!-- notes -->` in the
 * existing file is kept).
 */
import { execFileSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseFlags } from '../src/cli-flags.ts';
import { readManifest, type Manifest } from '../src/lake/manifest.ts';
import type { BenchReport, LabelResult } from '../src/bench/report.ts';

const NOTES = '<!-- notes -->';
/** The statistics series of issue 11: their target is p50(bench) / p50(default) ≤ 1.2 (and p50 ≤ 5 ms on the default lake). */
const STATISTICS = [
  '/api/energydailystatistic', '/api/energystatistic', '/api/triggeramountstatistic', '/api/triggerstatistic',
  '/api/contract_caller_statistic', '/api/calleraddressstatistic', '/api/overview/dailyavgblockSize',
  '/api/overview/dailytransactionnum', '/api/overview/transactionnum', '/api/overview/totalblockchainsize',
  '/api/account/active_statistic', '/api/netstatistic', '/api/tokenTransfer/analysis', '/api/token/analysis',
  '/api/stats/overview', '/api/turnover/new', '/api/consumption/statistic',
];
const isStatistic = (label: string): boolean => STATISTICS.includes(label.replace(/^GET /, ''));
const TABLES = ['blocks', 'transactions', 'token_transfers', 'internal_transactions', 'logs', 'tx_by_hash', 'address_transactions', 'address_token_transfers', 'trc20_balances'];

async function main(): Promise<void> {
  const f = parseFlags(process.argv.slice(2));
  const lakes = { default: path.resolve(f.default ?? 'data/default'), bench: path.resolve(f.bench ?? 'data/bench') };
  const seconds = f.seconds ?? '5';
  const connections = f.connections ?? '1';
  const out = f.out ?? 'bench/results/bench.md';
  const manifests = { default: (await readManifest(lakes.default))!, bench: (await readManifest(lakes.bench))! };
  for (const [k, m] of Object.entries(manifests)) if (!m) throw new Error(`no lake in ${lakes[k as 'default' | 'bench']}`);
  const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'tronlake-lakes-'));
  const runs: { lake: 'default' | 'bench'; report: BenchReport }[] = [];
  try {
    for (const [i, lake] of (['default', 'bench', 'default'] as const).entries()) {
      const file = path.join(tmp, `${i}-${lake}.md`);
      console.error(`run ${i + 1}/3: ${lake} lake`);
      // --only (comma-separated path parts) narrows every run to those endpoints, as run.ts reads it.
      const only = f.only ? ['--only', f.only] : [];
      execFileSync(process.execPath, ['--import', 'tsx', 'bench/run.ts', '--data', lakes[lake], '--out', file, '--seconds', seconds, '--connections', connections, ...only], { stdio: ['ignore', 'inherit', 'inherit'] });
      runs.push({ lake, report: JSON.parse(await fs.readFile(file.replace(/\.md$/, '.json'), 'utf8')) as BenchReport });
    }
  } finally {
    await fs.rm(tmp, { recursive: true, force: true });
  }
  const [d1, b, d2] = runs.map((r) => r.report) as [BenchReport, BenchReport, BenchReport];
  const labels = (r: BenchReport): Map<string, LabelResult> => new Map(r.targets[0]!.labels.map((l) => [l.label, l]));
  const [L1, LB, L2] = [labels(d1), labels(b), labels(d2)];
  const fmt = (x: number | undefined): string => (x === undefined ? '–' : x >= 10 ? x.toFixed(0) : x.toFixed(1));
  const rows: string[] = [];
  let met = 0;
  let measured = 0;
  const floor = (r: BenchReport) => r.floor?.overall.total.latency;
  let statsMet = 0;
  let statsMeasured = 0;
  rows.push(`| bare Fastify route (floor) | ${fmt(floor(d1)?.p50)} / ${fmt(floor(d2)?.p50)} | ${fmt(floor(d1)?.p99)} / ${fmt(floor(d2)?.p99)} | ${fmt(floor(b)?.p50)} | ${fmt(floor(b)?.p99)} | | | | |`);
  for (const [label, lb] of LB) {
    const a1 = L1.get(label)?.total;
    const a2 = L2.get(label)?.total;
    const best = Math.min(a1?.latency.p50 ?? Infinity, a2?.latency.p50 ?? Infinity);
    const p50 = lb.total.latency.p50;
    const ratio = p50 / best;
    const ok = Number.isFinite(ratio) && ratio <= 1.5 && (best > 10 || p50 <= 10);
    measured++;
    if (ok) met++;
    const bad = (s: Record<string, number>) => Object.entries(s).filter(([k]) => !k.startsWith('2')).reduce((a, [, v]) => a + v, 0);
    const non2xx = bad(lb.total.statuses) + (a1 ? bad(a1.statuses) : 0) + (a2 ? bad(a2.statuses) : 0);
    // Issue 11's target for the statistics series: p50(bench) / p50(default) ≤ 1.2.
    const stats = isStatistic(label) ? Number.isFinite(ratio) && ratio <= 1.2 : undefined;
    if (stats !== undefined) statsMeasured++;
    if (stats) statsMet++;
    const statsCell = stats === undefined ? '' : stats ? 'met' : '**missed**';
    rows.push(`| ${label} | ${fmt(a1?.latency.p50)} / ${fmt(a2?.latency.p50)} | ${fmt(a1?.latency.p99)} / ${fmt(a2?.latency.p99)} | ${fmt(p50)} | ${fmt(lb.total.latency.p99)} | ${Number.isFinite(ratio) ? ratio.toFixed(2) : '–'} | ${ok ? 'met' : '**missed**'} | ${statsCell} | ${non2xx} |`);
  }
  const counts = (m: Manifest) => TABLES.filter((t) => m.tables[t]).map((t) => `${t} ${m.tables[t]!.rows.toLocaleString('en-US')}`).join(', ');
  const days = (m: Manifest) => Object.keys(m.tables.blocks?.partitions ?? {}).length;
  const describe = (m: Manifest) => `version \`${m.version}\`, fingerprint \`${m.fingerprint}\`, ${days(m)} days, head block ${m.head.number}`;
  const load = (r: BenchReport) => `${r.machine.loadBefore[0]!.toFixed(1)} → ${r.machine.loadAfter[0]!.toFixed(1)}`;
  const previous = await fs.readFile(out, 'utf8').catch(() => '');
  const notes = previous.includes(NOTES) ? previous.slice(previous.indexOf(NOTES)) : `${NOTES}\n`;
  const md = `# Benchmark: the bench lake beside the default lake

Generated by \`npx tsx bench/lakes.ts --default ${path.relative('.', lakes.default)} --bench ${path.relative('.', lakes.bench)} --seconds ${seconds} --connections ${connections}${f.only ? ` --only ${f.only}` : ''}\`.
Each run is \`bench/run.ts\` (the runner, per-label mode: ${connections} connection, ${seconds} s per endpoint, response cache off,
parameters drawn from each lake's own data, a bare Fastify route as the floor), one after the other: default → bench → default.

Lakes (row counts from their manifests):

- **default** (${String(manifests.default.source.profile ?? '')}, seed ${String(manifests.default.source.seed ?? '')}): ${describe(manifests.default)}; ${counts(manifests.default)}.
- **bench** (${String(manifests.bench.source.profile ?? '')}, seed ${String(manifests.bench.source.seed ?? '')}): ${describe(manifests.bench)}; ${counts(manifests.bench)}.

Runs: ${runs.map((r) => `${r.lake} ${r.report.started} (1-minute load average ${load(r.report)})`).join('; ')}.
Machine: ${d1.machine.cpus} × ${d1.machine.model}, ${d1.machine.memoryGiB} GiB, Node ${d1.machine.node}.

| endpoint | p50 default (run 1 / run 3) ms | p99 default (run 1 / run 3) ms | p50 bench ms | p99 bench ms | p50 bench / best default | target (≤ 1.5, issue 10) | statistics target (≤ 1.2, issue 11) | non-2xx (3 runs) |
|---|---:|---:|---:|---:|---:|---|---|---:|
${rows.join('\n')}

Target (issue 10): p50(bench) / p50(default) ≤ 1.5 for every endpoint, and p50 ≤ 10 ms wherever the default lake is
already there. **${met} of ${measured}** endpoints meet it as measured here. Statistics series (issue 11: ratio ≤ 1.2):
**${statsMet} of ${statsMeasured}** meet it.

${notes}`;
  await fs.writeFile(out, md);
  console.error(`wrote ${out}`);
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.stack : e);
  process.exit(1);
});
