/**
 * Side-by-side latency of two checkouts of the server over the same lake (a refactor must not slow an endpoint): a
 * thin wrapper over the runner (`tronlake bench --mode per-label`, src/bench). Both checkouts are served by the runner
 * at once (response cache off); each round measures every endpoint on A and B back to back (the order swapped every
 * endpoint and round) with `--connections` concurrent connections for `--seconds`, so load from other processes falls
 * on both alike. Written to `--out`: the run's report and the comparison (paired per-round ratios B / A, verdicts).
 *
 *   npx tsx bench/side-by-side.ts --a /tmp/base --b . --data data/default [--aData DIR] [--bData DIR] [--workload FILE] --rounds 3 --seconds 3 [--connections 2] [--only /api/block] [--warmup N] [--out bench/results/kit-port.md]
 */
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseFlags } from '../src/cli-flags.ts';
import { benchCli, shellWord } from '../src/bench/cli.ts';
import { compareReports, readReport, renderComparison } from '../src/bench/compare.ts';
import { renderMarkdown } from '../src/bench/report.ts';

const f = parseFlags(process.argv.slice(2));
const dir = f.report ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'tronlake-side-by-side-')));
// --aData / --bData: a checkout on its own lake (a layout change: each side reads the same raw data derived by itself).
const own = (d: string | undefined): string => (d ? ` --data ${path.resolve(d)}` : '');
const args = ['--serve', `${f.aName ?? 'A'}=${f.a ?? '.'}${own(f.aData)}`, '--serve', `${f.bName ?? 'B'}=${f.b ?? '.'}${own(f.bData)}`, '--data', f.data ?? 'data/default'];
args.push('--mode', 'per-label', '--repeat', f.rounds ?? '3', '--duration', f.seconds ?? '3', '--connections', f.connections ?? '2', '--out', dir, '--progress', 'false');
if (f.only) args.push('--only', f.only);
// --warmup N: requests per target before measuring (the runner's default, 1,000, is long for endpoints of a second).
if (f.warmup) args.push('--warmup', f.warmup);
if (f.workload) args.push('--workload', f.workload); // e.g. a sample workload narrowed to several endpoints
await benchCli(args);
const file = path.join(dir, 'report.json');
const report = await readReport(file);
const out = f.out ?? path.join('bench', 'results', 'side-by-side.md');
const title = `# Side by side: ${f.title ?? `${report.targets[0]!.name} vs ${report.targets[1]!.name}`}\n\nCommand: \`npx tsx bench/side-by-side.ts ${process.argv.slice(2).map(shellWord).join(' ')}\` (= \`tronlake bench ${args.map(shellWord).join(' ')}\`).\n\n`;
await fs.writeFile(out, title + renderComparison(compareReports([{ file, report }])).replace(/^# .*\n/, '') + '\n' + renderMarkdown(report).replace(/^# /, '## Report: '));
console.error(`wrote ${out}`);
