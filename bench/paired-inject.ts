/**
 * Paired comparison of two checkouts over the same lake, one request at a time: a thin wrapper over the runner
 * (`tronlake bench --mode sequential`, src/bench). Both checkouts' apps are built in the runner's process (in-process
 * targets, `--inject`: Fastify inject, no socket; response cache off, pool of 2), or served on loopback with
 * `--http` (`--serve`), and every URL of the list is answered by A and B back to back, one request at a time, the
 * order swapped every request and repetition. The comparison (median p50 per endpoint, the paired per-round ratios
 * B / A and their verdicts) is printed and appended to `--out`; the full report goes to `--report DIR`.
 *
 *   npx tsx bench/paired-inject.ts --a /tmp/base --b . --data data/default --urls urls.txt --reps 5 [--only /api/block] [--out file.md] [--aName base --bName new] [--http] [--report DIR]
 *   (= npm run bench:paired -- …)
 * `--aData DIR` / `--bData DIR`: that side reads its own lake instead of `--data` (a checkout whose derived layout
 * differs reads a copy of the same raw data rederived by it: the recipe for the pre-port commit is in docs/bench.md
 * "The issue-9 figure").
 */
import { appendFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseFlags } from '../src/cli-flags.ts';
import { benchCli, shellWord } from '../src/bench/cli.ts';
import { compareReports, readReport, renderComparison } from '../src/bench/compare.ts';

const f = parseFlags(process.argv.slice(2));
if (!f.urls) throw new Error('--urls FILE is required (one URL per line: `npx tsx bench/body-identity.ts bench-urls --code . --lake DIR --out urls.txt`)');
const urls = readFileSync(f.urls, 'utf8').split('\n').filter((u) => u && (!f.only || u.includes(f.only)));
const tmp = mkdtempSync(path.join(os.tmpdir(), 'tronlake-paired-'));
const list = path.join(tmp, 'urls.txt');
writeFileSync(list, urls.join('\n') + '\n');
const report = f.report ?? path.join(tmp, 'report');
const a = f.aName ?? 'A';
const b = f.bName ?? 'B';
const how = f.http === 'true' ? '--serve' : '--inject';
// A side's own lake goes into its target spec (`NAME=CHECKOUT --data DIR`, src/bench/servers.ts parseServeSpec).
const side = (name: string, checkout: string | undefined, data: string | undefined): string => `${name}=${checkout ?? '.'}${data ? ` --data ${data}` : ''}`;
const args = [how, side(a, f.a, f.aData), how, side(b, f.b, f.bData), '--data', f.data ?? 'data/default', '--workload', list];
args.push('--mode', 'sequential', '--repeat', f.reps ?? '5', '--no-floor', '--out', report, '--progress', 'false');
await benchCli(args);
const md = [
  '',
  `## Paired ${how === '--inject' ? 'in-process' : 'HTTP'} run, one request at a time (${new Date().toISOString()})`,
  '',
  `Command: \`npx tsx bench/paired-inject.ts ${process.argv.slice(2).map(shellWord).join(' ')}\` (= \`tronlake bench ${args.map(shellWord).join(' ')}\`); report in \`${report}\`.`,
  '',
  renderComparison(compareReports([{ file: path.join(report, 'report.json'), report: await readReport(path.join(report, 'report.json')) }])).replace(/^# .*\n/, ''),
].join('\n');
if (f.out) appendFileSync(f.out, md);
console.log(md);
