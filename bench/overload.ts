/**
 * Overload: what admission control gives at many concurrent uncached requests, beside a bare Fastify route: a thin
 * wrapper over the runner (src/bench), two runs of `tronlake bench` over the same lake (response cache off):
 *   1. one connection on tronlake: the p50 of an uncached request (the yardstick: the issue-8 target is admitted
 *      p99 ≤ 3 × this);
 *   2. `--connections` (50) on two servers at once, interleaved: admission control at its default depth (or
 *      `--max-queue N`) and an unbounded queue (`--max-queue -1`, the behaviour before admission control); clients
 *      wait the Retry-After of a 503 as the contract asks (`--no-retry-wait`: they retry at once, the worst case).
 * Latency per status (admitted 200 apart from rejected 503) comes from the runner's report. The workload is the
 * lake's sample workload (`tronlake bench sample-workload`), or the requests of one endpoint (`--only`).
 *
 * `--variant 'NAME=. serve flags'` (repeatable) adds a server with other settings to run 2, e.g. `'threads1=. --threads 1'`.
 *
 *   npx tsx bench/overload.ts [--data data/default] [--only /api/transaction-info] [--max-queue N] [--seconds 10] [--connections 50] [--repeat 1] [--variant 'NAME=. FLAGS']… [--out bench/results/overload.md]
 */
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseFlags } from '../src/cli-flags.ts';
import { benchCli, shellWord } from '../src/bench/cli.ts';
import { readReport } from '../src/bench/compare.ts';
import { renderMarkdown, type BenchReport } from '../src/bench/report.ts';

// --variant may repeat: taken out before the common flag parser (which keeps the last of a flag).
const argv = process.argv.slice(2);
const variants: string[] = [];
for (let i = argv.indexOf('--variant'); i >= 0; i = argv.indexOf('--variant')) variants.push(...argv.splice(i, 2).slice(1));
const f = parseFlags(argv);
const data = f.data ?? path.join('data', 'default');
const seconds = f.seconds ?? '10';
const connections = f.connections ?? '50';
const repeat = f.repeat ?? '1';
const depth = f['max-queue'] !== undefined ? ` --max-queue ${f['max-queue']}` : '';
const dir = f.report ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'tronlake-overload-')));
const common = ['--data', data, '--duration', seconds, '--repeat', repeat, '--progress', 'false', ...(f.only ? ['--only', f.only] : [])];
const yardstick = ['--serve', `tronlake=.${depth}`, '--connections', '1', ...common, '--out', path.join(dir, 'one-connection')];
const overload = ['--serve', `admission=.${depth}`, '--serve', 'unbounded=. --max-queue -1', ...variants.flatMap((v) => ['--serve', v]), '--connections', connections, ...common];
overload.push('--retry-after', f['no-retry-wait'] === 'true' ? 'ignore' : 'honour', '--out', path.join(dir, 'overload'));
await benchCli(yardstick);
await benchCli(overload);
const one = await readReport(path.join(dir, 'one-connection', 'report.json'));
const many = await readReport(path.join(dir, 'overload', 'report.json'));

const status = (r: BenchReport, target: number, st: string) => r.targets[target]!.overall.total.byStatus[st];
const p50one = status(one, 0, '200')?.p50 ?? NaN;
const admitted = status(many, 0, '200');
const rejected = status(many, 0, '503');
const fmt = (x: number | undefined) => (x === undefined ? '–' : x.toFixed(1));
const out = f.out ?? path.join('bench', 'results', 'overload.md');
const lines = [
  '# Overload (admission control)',
  '',
  `Command: \`npx tsx bench/overload.ts ${process.argv.slice(2).map(shellWord).join(' ')}\`, i.e. two runs of the runner:`,
  `\`tronlake bench ${yardstick.map(shellWord).join(' ')}\` then \`tronlake bench ${overload.map(shellWord).join(' ')}\`.`,
  `Load average (1 / 5 / 15 min): ${one.machine.loadBefore.join(' / ')} at the start, ${many.machine.loadAfter.join(' / ')} at the end (\`os.loadavg\`, as \`uptime\`; the machine is shared).`,
  '',
  'Targets (issue 8), from the reports below:',
  '',
  `- admitted p99 within 3 × the 1-connection p50: ${fmt(admitted?.p99)} ms vs 3 × ${fmt(p50one)} = ${fmt(3 * p50one)} ms → ${admitted ? (admitted.p99 <= 3 * p50one ? 'met' : 'NOT met') : 'nothing admitted'};`,
  `- rejected answers under 5 ms: p50 ${fmt(rejected?.p50)} ms, p99 ${fmt(rejected?.p99)} ms → ${rejected ? (rejected.p99 < 5 ? 'met' : rejected.p50 < 5 ? 'p50 met, p99 NOT met' : 'NOT met') : 'no request was rejected'};`,
  ...many.targets.slice(2).map((t, i) => {
    const ok = t.overall.total.byStatus['200'];
    const no = t.overall.total.byStatus['503'];
    return `- variant ${t.name} (\`${variants[i]}\`): admitted p99 ${fmt(ok?.p99)} ms, rejected p50 ${fmt(no?.p50)} ms, p99 ${fmt(no?.p99)} ms;`;
  }),
  `- floor (bare route) at ${many.settings.connections} connections in run 2: p50 ${fmt(many.floor?.overall.total.latency.p50)} ms, p99 ${fmt(many.floor?.overall.total.latency.p99)} ms (a rejection cannot be answered faster than this);`,
  `- ${many.targets[0]!.overall.total.retryAfter} rejected answers carried Retry-After; clients ${many.settings.honourRetryAfter ? `waited ${many.targets[0]!.overall.total.retryWaitS} s in total because of it` : 'retried at once'}.`,
  '',
  renderMarkdown(one).replace(/^# .*/, '## Run 1: one connection (the yardstick)'),
  renderMarkdown(many).replace(/^# .*/, `## Run 2: ${many.settings.connections} connections, admission control vs an unbounded queue`),
];
await fs.writeFile(out, lines.join('\n').replace(/^## (?!Run )/gm, '### '));
console.error(`wrote ${out}`);
