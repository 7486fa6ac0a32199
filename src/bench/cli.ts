/**
 * `tronlake bench`: the three commands a team needs (flags parsed by commander: src/cli-command.ts).
 *   tronlake bench sample-workload --data DIR [--out FILE]
 *   tronlake bench [--url [NAME=]URL]… [--serve 'NAME=CHECKOUT [serve flags]']… [--inject NAME=CHECKOUT]… [--workload FILE] [--data DIR]
 *                  [--connections N] [--duration S | --requests N] [--repeat N] [--mode mix|per-label|sequential]
 *                  [--retry-after honour|ignore] [--only TEXT[,TEXT]] [--warmup N] [--warmup-seconds S] [--timeout S] [--no-floor] [--cache] [--out DIR]
 *   tronlake bench compare A.json [B.json] [--out FILE]
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Command, Option } from 'commander';
import { runCommand, tronlakeCommand, UsageError, wholeNumber } from '../cli-command.ts';
import { readManifest } from '../lake/manifest.ts';
import { compareReports, readReport, renderComparison } from './compare.ts';
import { renderMarkdown, type BenchReport } from './report.ts';
import { runBench, type RunTarget } from './runner.ts';
import { parseServeSpec, startServed, startTronlake, type Started } from './servers.ts';
import { startInProcess, type InProcessTarget } from './in-process.ts';
import { readWorkload, serializeWorkload, type Workload } from './workload.ts';

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

/** The flags of a run (`tronlake bench [run] …`) as commander gives them. */
interface RunFlags {
  url: string[];
  serve: string[];
  inject: string[];
  workload?: string;
  data?: string;
  connections: number;
  duration?: number;
  requests?: number;
  repeat: number;
  mode: 'mix' | 'per-label' | 'sequential';
  retryAfter: 'honour' | 'ignore';
  only?: string;
  warmup: number;
  warmupSeconds?: number;
  timeout: number;
  bailout: number;
  floor: boolean;
  cache?: boolean;
  out?: string;
  progress?: boolean | string;
}

const collect = (v: string, list: string[]): string[] => [...list, v];

/** The flags of a run, on `tronlake bench` itself and on `tronlake bench run`. */
function runOptions(cmd: Command): Command {
  return cmd
    .option('--url <[name=]url>', 'a running TronScan-compatible server to measure (repeatable: measured interleaved)', collect, [])
    .option('--serve <spec>', "'NAME=CHECKOUT [serve flags]': start tronlake from a checkout and measure it (repeatable)", collect, [])
    .option('--inject <spec>', "'NAME=CHECKOUT': measure a checkout in this process, no socket (repeatable)", collect, [])
    .option('--workload <file>', 'the requests (JSON lines); default: a sample drawn from --data')
    .option('--data <dir>', 'lake to serve and draw the workload from; default data/default (env DATA_DIR)')
    .option('--connections <n>', 'concurrent clients', wholeNumber(1), 4)
    .option('--duration <s>', 'seconds per round (default 20)', wholeNumber(1))
    .option('--requests <n>', 'requests per round instead of --duration', wholeNumber(1))
    .option('--repeat <n>', 'rounds', wholeNumber(1), 3)
    .addOption(new Option('--mode <mode>', 'mix: all labels together; per-label: one label at a time; sequential: one request at a time').choices(['mix', 'per-label', 'sequential']).default('mix'))
    .addOption(new Option('--retry-after <how>', 'on 503 with Retry-After').choices(['honour', 'ignore']).default('ignore'))
    .option('--only <text[,text]>', 'only the requests with one of the texts in their label or path')
    .option('--warmup <n>', 'requests before measuring', wholeNumber(0), 1000)
    .option('--warmup-seconds <s>', 'and at least this long per target (the warm-up requests cycled): the same time for every system', wholeNumber(0))
    .option('--timeout <s>', 'per-request timeout', wholeNumber(1), 10)
    .option('--bailout <n>', 'errors that abort a target', wholeNumber(1), 1000)
    .option('--no-floor', 'skip the one-request-at-a-time floor measurement')
    .option('--cache', "keep the served targets' response cache on")
    .option('--out <dir>', 'report folder; default bench-results/<time>')
    .option('--progress [on]', 'progress bars (true|false; default: on a terminal)')
    .option('--no-progress', 'no progress bars');
}

async function sampleWorkloadCmd(flags: { data?: string; out?: string }): Promise<void> {
  const data = flags.data ?? process.env.DATA_DIR;
  if (!data) throw new UsageError('--data DIR is required (the lake to draw the workload from)');
  const { sampleWorkload } = await import('./sample-workload.ts');
  const text = serializeWorkload(await sampleWorkload(data));
  if (flags.out) {
    await fs.mkdir(path.dirname(path.resolve(flags.out)), { recursive: true });
    await fs.writeFile(flags.out, text);
    console.error(`wrote ${flags.out} (${text.split('\n').filter((l) => l.startsWith('{')).length} requests)`);
  } else process.stdout.write(text);
}

async function compareCmd(positional: string[], flags: { out?: string }): Promise<void> {
  const reports = await Promise.all(positional.map((f) => readReport(f)));
  const md = renderComparison(compareReports(reports.map((r, i) => ({ file: positional[i]!, report: r }))));
  if (flags.out) {
    await fs.writeFile(flags.out, md);
    console.error(`wrote ${flags.out}`);
  } else process.stdout.write(md);
}

async function runCmd(flags: RunFlags, argv: string[]): Promise<void> {
  const { url: urls, serve: serves, inject: injects, mode, connections, requests, repeat } = flags;
  const retryAfter = flags.retryAfter;
  if (mode === 'sequential' && retryAfter === 'honour') throw new UsageError('--retry-after honour needs concurrent clients: not with --mode sequential');
  if (flags.duration !== undefined && flags.requests !== undefined) throw new UsageError('give --duration or --requests, not both');
  if (requests !== undefined && requests < connections) throw new UsageError(`--requests (${requests}) must be at least --connections (${connections})`);
  const duration = requests === undefined ? (flags.duration ?? 20) : undefined;
  const timeoutS = flags.timeout;

  // Without --url or --serve the bench serves a lake itself: --data, or the default lake `npm start` uses (generated
  // on first run). --serve targets serve --data (or the default lake) too, unless they name their own.
  const startsOwn = urls.length === 0 && serves.length === 0 && injects.length === 0;
  const dataDir = flags.data ?? (urls.length === 0 ? (process.env.DATA_DIR ?? DEFAULT_DATA) : undefined);
  const cache = flags.cache === true;
  const serveSpecs = serves.map((v) => parseServeSpec(v, dataDir, cache));
  const injectSpecs = injects.map((v) => parseServeSpec(v, dataDir, cache));
  if (dataDir && startsOwn && path.resolve(dataDir) !== path.resolve(DEFAULT_DATA) && !(await readManifest(dataDir))) {
    throw new Error(`no lake in ${dataDir} (no manifest.json): generate one with \`tronlake generate --out ${dataDir}\`, or pass --url`);
  }
  if (!flags.workload && !dataDir) {
    throw new UsageError('--workload FILE is required with --url (write one with `tronlake bench sample-workload --data DIR --out FILE`, or add --data DIR to draw one)');
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
  // `--progress`, `--progress true|false`, `--no-progress`; default: bars on a terminal
  const progress = flags.progress === undefined ? process.stderr.isTTY === true : flags.progress === true || flags.progress === 'true';
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
      warmup: flags.warmup,
      ...(flags.warmupSeconds ? { warmupSeconds: flags.warmupSeconds } : {}),
      timeoutS,
      bailout: flags.bailout,
      floor: flags.floor,
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

/** The `tronlake bench` command; `argv` is recorded in the report as the command run. */
function benchCommand(argv: string[]): Command {
  const bench = runOptions(tronlakeCommand('tronlake bench', 'run a workload against servers, repeat it, compare runs (bench/README.md)'))
    // `bench sample-workload --data D`: the subcommand's flags are its own, not the run's
    .enablePositionalOptions()
    .action((o: RunFlags) => runCmd(o, argv));
  bench.addCommand(runOptions(tronlakeCommand('run', 'run a workload (the same as `tronlake bench` without a command)')).action((o: RunFlags) => runCmd(o, argv.slice(1))));
  bench.addCommand(
    tronlakeCommand('sample-workload', 'draw a realistic workload from a lake')
      .option('--data <dir>', 'the lake to draw from (env DATA_DIR); required')
      .option('--out <file>', 'write it here; default stdout')
      .action((o: { data?: string; out?: string }) => sampleWorkloadCmd(o)),
  );
  bench.addCommand(
    tronlakeCommand('compare', 'compare one report (several targets) or two reports, noise-aware')
      .argument('<report>', 'a report.json')
      .argument('[other]', 'a second report.json')
      .option('--out <file>', 'write the comparison here; default stdout')
      .action((a: string, b: string | undefined, o: { out?: string }) => compareCmd(b === undefined ? [a] : [a, b], o)),
  );
  return bench;
}

/** Entry point of `tronlake bench …` (argv after `bench`); throws on a bad command line (UsageError) or a failed run. */
export async function benchCli(argv: string[]): Promise<void> {
  // Stopped by a signal, the bench exits through process.exit so the servers it started go with it (servers.ts).
  const onSignal = (): never => process.exit(130);
  process.once('SIGINT', onSignal).once('SIGTERM', onSignal);
  try {
    await runCommand(benchCommand(argv), argv);
  } finally {
    process.off('SIGINT', onSignal).off('SIGTERM', onSignal);
  }
}
