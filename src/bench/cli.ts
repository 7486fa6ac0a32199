/**
 * `tronlake bench`: the three commands a team needs.
 *   tronlake bench sample-workload --data DIR [--out FILE]
 *   tronlake bench [--url [NAME=]URL]… [--serve 'NAME=CHECKOUT [serve flags]']… [--inject NAME=CHECKOUT]… [--workload FILE] [--data DIR]
 *                  [--connections N] [--duration S | --requests N] [--repeat N] [--mode mix|per-label|sequential]
 *                  [--retry-after honour|ignore] [--only TEXT[,TEXT]] [--warmup N] [--timeout S] [--no-floor] [--cache] [--out DIR]
 *   tronlake bench compare A.json [B.json] [--out FILE]
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseFlags, type Flags } from '../cli-flags.ts';
import { readManifest } from '../lake/manifest.ts';
import { compareReports, readReport, renderComparison } from './compare.ts';
import { renderMarkdown, type BenchReport } from './report.ts';
import { runBench, type RunTarget } from './runner.ts';
import { parseServeSpec, startServed, startTronlake, type Started } from './servers.ts';
import { startInProcess, type InProcessTarget } from './in-process.ts';
import { readWorkload, serializeWorkload, type Workload } from './workload.ts';

export const BENCH_USAGE = `  tronlake bench sample-workload --data DIR [--out FILE]
  tronlake bench [--url [NAME=]URL]… [--serve 'NAME=CHECKOUT [serve flags]']… [--inject NAME=CHECKOUT]… [--workload FILE] [--data DIR]
                 [--connections N] [--duration S | --requests N] [--repeat N] [--mode mix|per-label|sequential]
                 [--retry-after honour|ignore] [--only TEXT[,TEXT]] [--warmup N] [--timeout S] [--no-floor] [--cache] [--out DIR]
  tronlake bench compare A.json [B.json] [--out FILE]`;

const DEFAULT_DATA = path.join('data', 'default');

/** The tronlake release, for reports, e.g. `'tronlake 0.1.0'`. */
export async function toolVersion(): Promise<string> {
  const pkg = JSON.parse(await fs.readFile(fileURLToPath(new URL('../../package.json', import.meta.url)), 'utf8')) as { version: string };
  return `tronlake ${pkg.version}`;
}

/** A command-line word as it would be typed, quoted when it holds spaces, e.g. `shellWord('x=. --threads 1')` = `'x=. --threads 1'`. */
export function shellWord(w: string): string {
  return /[\s'"$`\\]/.test(w) ? `'${w.replace(/'/g, `'\\''`)}'` : w;
}

/**
 * Splits out every `--url`, `--serve` and `--inject` (they may repeat: several targets, measured interleaved)
 * before the common flag parser.
 */
function splitTargets(argv: string[]): { urls: string[]; serves: string[]; injects: string[]; rest: string[] } {
  const urls: string[] = [];
  const serves: string[] = [];
  const injects: string[] = [];
  const rest: string[] = [];
  const lists: Record<string, string[]> = { url: urls, serve: serves, inject: injects };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const flag = lists[/^--(url|serve|inject)(=|$)/.exec(a)?.[1] ?? ''];
    if (!flag) rest.push(a);
    else if (a.includes('=')) flag.push(a.slice(a.indexOf('=') + 1));
    else {
      const v = argv[++i];
      if (v === undefined || v.startsWith('--')) throw new Error(`${a} needs a value`);
      flag.push(v);
    }
  }
  return { urls, serves, injects, rest };
}

function int(flags: Flags, name: string, dflt: number | undefined, min: number): number | undefined {
  const v = flags[name];
  if (v === undefined) return dflt;
  const n = Number(v);
  if (!Number.isInteger(n) || n < min) throw new Error(`--${name} must be a whole number ≥ ${min} (got ${v})`);
  return n;
}

async function sampleWorkloadCmd(flags: Flags): Promise<void> {
  const data = flags.data ?? process.env.DATA_DIR;
  if (!data) throw new Error('--data DIR is required (the lake to draw the workload from)');
  const { sampleWorkload } = await import('./sample-workload.ts');
  const text = serializeWorkload(await sampleWorkload(data));
  if (flags.out) {
    await fs.mkdir(path.dirname(path.resolve(flags.out)), { recursive: true });
    await fs.writeFile(flags.out, text);
    console.error(`wrote ${flags.out} (${text.split('\n').filter((l) => l.startsWith('{')).length} requests)`);
  } else process.stdout.write(text);
}

async function compareCmd(positional: string[], flags: Flags): Promise<void> {
  if (positional.length < 1 || positional.length > 2) throw new Error('compare takes one report (several targets) or two reports: compare A.json B.json');
  const reports = await Promise.all(positional.map((f) => readReport(f)));
  const md = renderComparison(compareReports(reports.map((r, i) => ({ file: positional[i]!, report: r }))));
  if (flags.out) {
    await fs.writeFile(flags.out, md);
    console.error(`wrote ${flags.out}`);
  } else process.stdout.write(md);
}

async function runCmd(argv: string[]): Promise<void> {
  const { urls, serves, injects, rest } = splitTargets(argv);
  const flags = parseFlags(rest);
  const known = ['workload', 'data', 'connections', 'duration', 'requests', 'repeat', 'mode', 'retry-after', 'only', 'warmup', 'timeout', 'no-floor', 'cache', 'out', 'progress', 'bailout'];
  for (const k of Object.keys(flags)) if (!known.includes(k)) throw new Error(`unknown flag --${k}\nusage:\n${BENCH_USAGE}`);
  const mode = (flags.mode ?? 'mix') as 'mix' | 'per-label' | 'sequential';
  if (!['mix', 'per-label', 'sequential'].includes(mode)) throw new Error('--mode must be mix, per-label or sequential');
  const retryAfter = flags['retry-after'] ?? 'ignore';
  if (retryAfter !== 'honour' && retryAfter !== 'ignore') throw new Error('--retry-after must be honour or ignore');
  if (mode === 'sequential' && retryAfter === 'honour') throw new Error('--retry-after honour needs concurrent clients: not with --mode sequential');
  if (flags.duration !== undefined && flags.requests !== undefined) throw new Error('give --duration or --requests, not both');
  const connections = int(flags, 'connections', 4, 1)!;
  const requests = int(flags, 'requests', undefined, 1);
  if (requests !== undefined && requests < connections) throw new Error(`--requests (${requests}) must be at least --connections (${connections})`);
  const duration = requests === undefined ? int(flags, 'duration', 20, 1) : undefined;
  const repeat = int(flags, 'repeat', 3, 1)!;
  const timeoutS = int(flags, 'timeout', 10, 1)!;

  // Without --url or --serve the bench serves a lake itself: --data, or the default lake `npm start` uses (generated
  // on first run). --serve targets serve --data (or the default lake) too, unless they name their own.
  const startsOwn = urls.length === 0 && serves.length === 0 && injects.length === 0;
  const dataDir = flags.data ?? (urls.length === 0 ? (process.env.DATA_DIR ?? DEFAULT_DATA) : undefined);
  const cache = flags.cache === 'true';
  const serveSpecs = serves.map((v) => parseServeSpec(v, dataDir, cache));
  const injectSpecs = injects.map((v) => parseServeSpec(v, dataDir, cache));
  if (dataDir && startsOwn && path.resolve(dataDir) !== path.resolve(DEFAULT_DATA) && !(await readManifest(dataDir))) {
    throw new Error(`no lake in ${dataDir} (no manifest.json): generate one with \`tronlake generate --out ${dataDir}\`, or pass --url`);
  }
  if (!flags.workload && !dataDir) {
    throw new Error('--workload FILE is required with --url (write one with `tronlake bench sample-workload --data DIR --out FILE`, or add --data DIR to draw one)');
  }

  const servers: Started[] = [];
  // `--url NAME=URL` names a target in the report (e.g. old=http://…, new=http://…); otherwise the URL is its name.
  const targets: RunTarget[] = urls.map((u, i) => {
    const named = /^([\w.-]+)=(https?:\/\/.*)$/.exec(u);
    if (named) return { name: named[1]!, url: named[2]! };
    return { name: urls.indexOf(u) === i ? u : `${u} (#${i + 1})`, url: u };
  });
  for (const s of serveSpecs) targets.push({ name: s.name, url: '', note: `started by tronlake bench from ${s.root} on ${s.dataDir}, response cache ${s.cache ? 'on' : 'off'}${s.args.length ? `, ${s.args.join(' ')}` : ''}` });
  const inProcess: InProcessTarget[] = [];
  for (const s of injectSpecs) {
    targets.push({ name: s.name, url: `in-process:${s.root}`, note: `in the bench's process (Fastify inject, no socket) from ${s.root} on ${s.dataDir}, response cache ${s.cache ? 'on' : 'off'}, pool 2` });
  }
  if (new Set(targets.map((t) => t.name)).size !== targets.length) throw new Error('two targets have the same name');
  const progress = flags.progress === 'true' || (process.stderr.isTTY && flags.progress !== 'false');
  try {
    // Served targets start together; one that fails stops the run (the others are stopped in `finally`).
    for (const spec of serveSpecs) console.error(`starting tronlake ${spec.name} from ${spec.root} on ${spec.dataDir}…`);
    const started = await Promise.allSettled(serveSpecs.map((spec) => startServed(spec, 10 * 60_000)));
    for (const [i, st] of started.entries()) {
      if (st.status === 'fulfilled') {
        servers.push(st.value);
        targets[urls.length + i]!.url = st.value.url;
      }
    }
    const failed = started.find((st) => st.status === 'rejected');
    if (failed) throw (failed as PromiseRejectedResult).reason;
    for (const [i, spec] of injectSpecs.entries()) {
      const t = await startInProcess(spec);
      inProcess.push(t);
      targets[urls.length + serveSpecs.length + i]!.inProcess = t;
    }
    if (startsOwn) {
      console.error(`starting tronlake on ${dataDir} (response cache ${cache ? 'on' : 'off'}) on loopback…`);
      const s = await startTronlake({ dataDir: dataDir!, cache, forwardLogs: true, startTimeoutMs: 60 * 60_000 });
      servers.push(s);
      // /health names the dataset but not the release: the server started here is this package's own release.
      targets.push({ name: `tronlake (${dataDir})`, url: s.url, note: `${await toolVersion()} started by tronlake bench on ${dataDir}, response cache ${cache ? 'on' : 'off'}` });
    }
    let workload: Workload;
    let workloadFile: string;
    if (flags.workload) {
      workload = await readWorkload(flags.workload);
      workloadFile = flags.workload;
    } else {
      const { sampleWorkload } = await import('./sample-workload.ts');
      console.error(`drawing a sample workload from ${dataDir}…`);
      workload = await sampleWorkload(dataDir!);
      workloadFile = `(sample of ${dataDir})`;
    }
    if (flags.only) {
      // Only the requests whose label or path holds the text (one endpoint of a sampled workload, say); several texts
      // comma-separated, as bench/run.ts reads --only (e.g. the by-address endpoints).
      const only = flags.only;
      const parts = only.split(',').filter(Boolean);
      const items = workload.items.filter((it) => parts.some((o) => it.label.includes(o) || it.path.includes(o)));
      if (items.length === 0) throw new Error(`--only ${only}: no request of the workload has it in its label or path`);
      workload = { comments: [...workload.comments, `only the requests with "${only}" in their label or path`], items };
    }
    const out = flags.out ?? path.join('bench-results', new Date().toISOString().replace(/[:.]/g, '-'));
    const report = await runBench({
      targets,
      workload,
      workloadFile,
      mode,
      honourRetryAfter: retryAfter === 'honour',
      connections,
      duration,
      requests,
      repeat,
      // Every distinct request once by default: a server with a cache (or a cold file cache) is then measured warm.
      warmup: int(flags, 'warmup', 1000, 0)!,
      timeoutS,
      bailout: int(flags, 'bailout', 1000, 1)!,
      floor: flags['no-floor'] !== 'true',
      progress,
      command: ['tronlake bench', ...argv.map(shellWord)].join(' '),
      tool: await toolVersion(),
    });
    await writeReport(out, report, workload);
    summarize(report, out);
    if (report.targets.some((t) => t.aborted)) process.exitCode = 1;
  } finally {
    for (const s of servers) await s.stop();
    for (const t of inProcess) await t.close();
  }
}

/** Writes report.json, report.md and the workload used (workload.jsonl) into `dir`. */
export async function writeReport(dir: string, report: BenchReport, workload: Workload): Promise<void> {
  await fs.mkdir(dir, { recursive: true });
  await fs.writeFile(path.join(dir, 'report.json'), JSON.stringify(report, null, 2) + '\n');
  await fs.writeFile(path.join(dir, 'report.md'), renderMarkdown(report));
  await fs.writeFile(path.join(dir, 'workload.jsonl'), serializeWorkload(workload));
}

function summarize(r: BenchReport, out: string): void {
  for (const t of r.targets) {
    const o = t.overall.total;
    const failed = t.labels.reduce((n, l) => n + l.total.checksFailed, 0);
    console.error(
      `${t.name}: ${o.requests} requests, ${o.rps} req/s, p50 ${o.latency.p50} ms, p99 ${o.latency.p99} ms, statuses ${JSON.stringify(o.statuses)}${failed ? `, ${failed} failed checks` : ''}${t.errors ? `, ${t.errors} errors` : ''}`,
    );
  }
  console.error(`wrote ${path.join(out, 'report.md')} and report.json`);
}

/** Entry point of `tronlake bench …` (argv after `bench`). */
export async function benchCli(argv: string[]): Promise<void> {
  const [sub, ...rest] = argv;
  if (sub === 'sample-workload') return sampleWorkloadCmd(parseFlags(rest));
  if (sub === 'compare') {
    const positional = rest.filter((a, i) => !a.startsWith('--') && !(i > 0 && rest[i - 1] === '--out'));
    const flagArgs = rest.filter((a) => !positional.includes(a));
    return compareCmd(positional, parseFlags(flagArgs));
  }
  if (sub === 'help' || sub === '--help') {
    console.error(`usage:\n${BENCH_USAGE}`);
    return;
  }
  return runCmd(sub === 'run' ? rest : argv);
}
