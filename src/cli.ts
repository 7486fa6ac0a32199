/**
 * The one CLI (ARCHITECTURE §2): thin, parses flags (commander, src/cli-command.ts) and calls the modules.
 *   tronlake generate --profile tiny|default|bench --seed N --out DIR [--end-date yyyy-MM-dd]
 *   tronlake ingest --node URL (--from N --to M | --follow) --out DIR [--api-key KEY]   (datasets/ingest/index.ts)
 *   tronlake serve --data DIR --port N            (every setting also from the environment: src/config.ts)
 *   tronlake rederive --data DIR [--all] [--memory 8GB] (rebuild the stale derived tables of a lake published by another release; --all: every one)
 *   tronlake compact --data DIR [--datasets a,b] [--buckets-per-step N] [--keep-free-gb G]  (merge every run of the runs datasets into one: a lake that stopped growing)
 *   tronlake verify --data DIR [--version V]      (read every file of a version with an independent reader; exit 1 listing damaged files)
 *   tronlake start                                (generate the default profile into ./data/default if absent, then serve on 3000)
 *   tronlake reference load --dir D --data DIR    (validate off-chain reference files and publish them into a lake)
 *   tronlake bench …                              (workload runner: sample-workload, run, compare; src/bench/cli.ts)
 * `tronlake <command> --help` prints the command's flags on stdout and does nothing else; a command-line mistake
 * exits 2 naming the flag, any other failure 1.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Command, InvalidArgumentError, Option } from 'commander';
import { nonNegative, runCommand, tronlakeCommand, UsageError, wholeNumber } from './cli-command.ts';
import { SERVE_SETTINGS, type ServeSetting } from './serve-settings.ts';
// Everything else is imported by the command that needs it: `--help` and a refused flag stay fast (~no zod, no DuckDB).

const PROFILES = ['tiny', 'default', 'bench'] as const;
type ProfileName = (typeof PROFILES)[number];
/** A DuckDB memory size, as src/config.ts accepts it. */
const SIZE = /^\d+(\.\d+)?\s*(KB|MB|GB|TB|KiB|MiB|GiB|TiB)$/i;

function size(v: string): string {
  if (!SIZE.test(v)) throw new InvalidArgumentError(`expected a size such as 512MB or 8GB, got '${v}'`);
  return v;
}

function endDate(v: string): string {
  const t = Date.parse(`${v}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v) || Number.isNaN(t) || new Date(t).toISOString().slice(0, 10) !== v) throw new InvalidArgumentError(`expected a date yyyy-MM-dd, got '${v}'`);
  return v;
}

const seconds = (t0: number): string => ((Date.now() - t0) / 1000).toFixed(1);

interface GenerateOptions {
  profile: ProfileName;
  seed: number;
  out?: string;
  endDate?: string;
  reference?: string;
  progress?: boolean;
}

async function generateCmd(o: GenerateOptions): Promise<void> {
  const { generate } = await import('../datasets/generate/index.ts');
  const out = o.out ?? path.join('data', o.profile);
  const t0 = Date.now();
  const m = await generate({ profile: o.profile, seed: o.seed, out, endDate: o.endDate, progress: o.progress !== false, referenceDir: o.reference });
  console.error(`generated ${o.profile} (seed ${o.seed}) into ${out} in ${seconds(t0)} s: version ${m.version}, fingerprint ${m.fingerprint}`);
}

/** Steps of a publish (rederive, compact) shown through the shared progress display. */
async function stepProgress(label: string): Promise<{ progress: import('./progress.ts').Progress; onStep: (step: string, done: number, total: number) => void }> {
  const { Progress } = await import('./progress.ts');
  const progress = new Progress({ label, unit: 'steps' });
  let started = false;
  return {
    progress,
    onStep: (step, done, total) => {
      if (!started) progress.start(total, step);
      started = true;
      progress.update(done, { step });
    },
  };
}

async function rederiveCmd(o: { data: string; all?: boolean; memory?: string }): Promise<void> {
  const { readManifest } = await import('./lake/manifest.ts');
  const { rederive } = await import('./lake/publish/publish.ts');
  const { staleDatasets } = await import('./lake/derive/layout.ts');
  const all = o.all === true;
  const before = await readManifest(o.data);
  if (before && !all) {
    const stale = staleDatasets(before);
    console.error(stale.length ? `stale derived datasets (rebuilt; the others are linked): ${stale.join(', ')}` : 'no stale derived dataset: every one is linked');
  }
  const t0 = Date.now();
  // --memory: the derive's DuckDB budget (default 8GB, publish.ts DERIVE_MEMORY_LIMIT); sorts beyond it spill beside the lake.
  const memoryLimit = o.memory ?? process.env.TRONLAKE_MEMORY_LIMIT;
  const { progress, onStep } = await stepProgress('rederive');
  try {
    const m = await rederive(o.data, onStep, { all, memoryLimit });
    progress.stop();
    console.error(`rederived ${o.data} in ${seconds(t0)} s: version ${m.version}, fingerprint ${m.fingerprint}, layout ${m.layout}`);
  } finally {
    progress.stop();
  }
}

async function compactCmd(o: { data: string; datasets?: string; bucketsPerStep?: number; keepFreeGb: number }): Promise<void> {
  const { compact, runDatasets } = await import('./lake/publish/compact.ts');
  const known = runDatasets();
  const datasets = o.datasets ? o.datasets.split(',').map((d) => d.trim()).filter(Boolean) : known;
  for (const d of datasets) if (!known.includes(d)) throw new UsageError(`--datasets: '${d.slice(0, 60)}' is not a dataset with runs (${known.join(', ')})`);
  const t0 = Date.now();
  const { Progress } = await import('./progress.ts');
  const progress = new Progress({ label: 'compact', unit: 'steps' });
  let started = false;
  let base = 0;
  try {
    const m = await compact(o.data, datasets, {
      bucketsPerStep: o.bucketsPerStep,
      // A shared machine: a step that would leave less than this free is refused before it writes (compact.ts checkDisk).
      keepFree: o.keepFreeGb * 1e9,
      onStep: (label, done, total) => {
        if (!started) progress.start(undefined, label);
        started = true;
        progress.update(base + done, { step: label });
        if (done + 1 === total) base += total;
      },
      onPublished: (v, step, steps) => progress.log(`step ${step + 1}/${steps} published: version ${v.version} (${seconds(t0)} s)`),
    });
    progress.stop();
    const runs = datasets.map((d) => `${d} ${m.tables[d]?.runs?.length ?? 0}`).join(', ');
    console.error(`compacted ${o.data} in ${seconds(t0)} s: version ${m.version}, fingerprint ${m.fingerprint}; runs: ${runs}`);
  } finally {
    progress.stop();
  }
}

async function verifyCmd(o: { data: string; version?: string }): Promise<void> {
  const { readManifest } = await import('./lake/manifest.ts');
  const { Progress } = await import('./progress.ts');
  const published = await readManifest(o.data);
  if (!published) throw new Error(`no published dataset in ${path.resolve(o.data)}`);
  let manifest = published;
  const { verifyVersion, versionManifest } = await import('./lake/verify.ts');
  // An older version still on disk: its manifest is kept inside its folder by the publisher when present.
  if (o.version && o.version !== published.version) manifest = await versionManifest(o.data, o.version);
  const t0 = Date.now();
  const progress = new Progress({ label: 'verify', unit: 'datasets', rowsUnit: 'rows read' });
  let r: Awaited<ReturnType<typeof verifyVersion>>;
  try {
    progress.start(Object.keys(manifest.tables).length);
    r = await verifyVersion(o.data, manifest, { deep: true, onDataset: (done, _total, name, rows) => progress.update(done, { step: name, rows }) });
    progress.update(Object.keys(manifest.tables).length, { step: 'done', rows: r.rows });
  } finally {
    progress.stop();
  }
  // A lake published before content hashes (issue 30): said apart, not a failure; the next publish records them.
  if (!r.hashes) console.error(`version ${r.version} records no content hashes (published before them): files checked without hashes; the next publish or \`tronlake rederive\` records them`);
  if (r.problems.length === 0) {
    console.error(`verified version ${r.version}: ${r.files} files, ${r.rows} rows, ${r.hashes ? 'every content hash matches, ' : ''}no problem (${seconds(t0)} s)`);
    return;
  }
  for (const p of r.problems) console.log(`${p.dataset}\t${p.file}\t${p.problem}`);
  console.error(`version ${r.version}: ${r.problems.length} problem(s) in ${new Set(r.problems.map((p) => p.file)).size} file(s) of ${r.files} (${seconds(t0)} s)`);
  process.exitCode = 1;
}

/** The serve flags as `serveConfig` reads them (by flag name), from a command built with `serveOptions`. */
function serveFlags(cmd: Command): Record<string, string | undefined> {
  const flags: Record<string, string | undefined> = {};
  for (const s of Object.values(SERVE_SETTINGS) as ServeSetting[]) {
    const v: unknown = cmd.getOptionValue(new Option(`--${s.flag} <${s.arg}>`).attributeName());
    if (typeof v === 'string') flags[s.flag] = v;
  }
  return flags;
}

/** Every serve setting as a flag (values are checked by src/config.ts, which names the flag in its error). */
function serveOptions(cmd: Command): Command {
  for (const s of Object.values(SERVE_SETTINGS) as ServeSetting[]) cmd.addOption(new Option(`--${s.flag} <${s.arg}>`, `${s.help} (env ${s.env})`));
  return cmd.option('--quiet', 'no request log');
}

async function serveCmd(flags: Record<string, string | undefined>, quiet: boolean): Promise<void> {
  const { serveConfig, forWorker } = await import('./config.ts');
  const all = serveConfig(flags);
  const { supervises, superviseWorkers, workerPlace, announceServing } = await import('./http/workers.ts');
  if (supervises(all.workers)) return superviseWorkers(all.workers);
  const worker = workerPlace(all.workers);
  const cfg = forWorker(all, worker.index);
  const { buildApp } = await import('./http/app.ts');
  const { endpoints } = await import('./endpoints/index.ts');
  const app = await buildApp({ ...cfg, endpoints, logger: !quiet, worker });
  await app.listen({ port: cfg.port, host: cfg.host });
  if (cfg.altPort !== undefined) {
    // The alternate base address on its own port (SPEC conventions): same app, same handlers.
    const { createServer } = await import('node:http');
    createServer((req, res) => app.routing(req, res)).listen(cfg.altPort, cfg.host);
  }
  const m = app.lake.current.manifest;
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : cfg.port;
  // Once: a signal sent again while closing (a supervisor forwarding the one the whole group got) waits for the close
  // instead of killing the process before it has released its lease and removed its spill folder.
  let closing: Promise<void> | undefined;
  const stop = () => void (closing ??= app.close().then(() => process.exit(0)));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  announceServing(`tronlake serving ${path.resolve(cfg.dataDir)} (version ${m.version}, head block ${m.head.number}) on http://${cfg.host.includes(':') ? `[${cfg.host}]` : cfg.host}:${port}`, stop);
}

async function startCmd(given: Record<string, string | undefined>, quiet: boolean): Promise<void> {
  const dataDir = given.data ?? process.env.DATA_DIR ?? path.join('data', 'default');
  const flags = { ...given, data: dataDir, port: given.port ?? process.env.PORT ?? '3000' };
  // Every setting is checked before a first run spends half an hour generating.
  const { serveConfig } = await import('./config.ts');
  serveConfig(flags);
  const { readManifest } = await import('./lake/manifest.ts');
  const { staleLayout } = await import('./lake/derive/layout.ts');
  const m = await readManifest(dataDir);
  if (!m) {
    console.error(`No dataset in ${dataDir}: generating the default profile (first run only).`);
    await generateCmd({ profile: 'default', seed: 1, out: dataDir, progress: true });
  } else if (await staleLayout(m, dataDir)) {
    console.error(`${dataDir} was derived by another tronlake release: rebuilding its derived tables (raw data kept).`);
    await rederiveCmd({ data: dataDir });
  }
  await serveCmd(flags, quiet);
}

async function referenceLoadCmd(o: { data: string; dir: string }): Promise<void> {
  const { loadReferences } = await import('./lake/publish/reference.ts');
  const m = await loadReferences(o.data, o.dir);
  const loaded = Object.entries(m.tables).filter(([, t]) => t.kind === 'reference');
  console.error(`loaded into ${o.data}: version ${m.version}, fingerprint ${m.fingerprint}; reference datasets: ${loaded.map(([n, t]) => `${n} (${t.rows} rows${t.loadedFrom ? ` from ${t.loadedFrom.file}` : ''})`).join(', ')}`);
}

/** `--data DIR`, required unless DATA_DIR is set (checked by `required` in the action: an unknown flag is reported first). */
const dataOption = (what: string): Option => new Option('--data <dir>', `${what}; required`).env('DATA_DIR');

/** A required flag's value, e.g. `required(o.data, '--data <dir>')`. */
function required(v: string | undefined, flag: string): string {
  if (v === undefined || v === '') throw new UsageError(`${flag} is required`);
  return v;
}

/**
 * A command whose own module parses its flags (ingest, bench: both also run on their own, and bench in tests):
 * everything after its name is handed over, --help included.
 */
function delegated(name: string, description: string, run: (argv: string[]) => Promise<void>): Command {
  return tronlakeCommand(name, description)
    .helpOption(false)
    .allowUnknownOption()
    .allowExcessArguments()
    .argument('[args...]')
    .action((args: string[]) => run(args));
}

function version(): string {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
}

/** The whole command line (run below on process.argv). */
function program(): Command {
  const cli = tronlakeCommand('tronlake', 'Self-hosted, TronScan-compatible read-only HTTP API over TRON chain data in Parquet')
    .version(version(), '-V, --version', 'print the version and exit')
    // global flags only before the command: `verify --version V` is verify's flag, not the release's
    .enablePositionalOptions()
    .helpCommand('help [command]', 'show the help of a command');

  cli.addCommand(
    tronlakeCommand('generate', 'generate a synthetic, seeded chain into a lake (a progress line every TRONLAKE_PROGRESS_MS off a terminal)')
      .addOption(new Option('--profile <name>', 'size of the chain').choices(PROFILES).default('tiny'))
      .option('--seed <n>', 'random seed: the same seed makes the same lake', wholeNumber(Number.MIN_SAFE_INTEGER), 1)
      .option('--out <dir>', 'lake folder; default data/<profile>')
      .option('--end-date <yyyy-MM-dd>', 'exclusive end of the generated days (UTC); default 2026-11-01', endDate)
      .option('--reference <dir>', 'off-chain reference files to publish instead of the synthetic ones')
      .option('--progress', 'show progress (the default)')
      .option('--no-progress', 'show no progress')
      .action((o: GenerateOptions) => generateCmd(o)),
  );
  cli.addCommand(
    delegated('ingest', 'ingest blocks from a java-tron node into a lake (tronlake ingest --help)', async (argv) => {
      const { ingestCli } = await import('../datasets/ingest/index.ts');
      await ingestCli(argv);
    }),
  );
  const serve = serveOptions(tronlakeCommand('serve', 'serve a lake over HTTP (every flag also as an environment variable)'));
  serve.action(() => serveCmd(serveFlags(serve), serve.getOptionValue('quiet') === true));
  cli.addCommand(serve);
  cli.addCommand(
    tronlakeCommand('rederive', 'rebuild the derived tables of a lake published by another release')
      .addOption(dataOption('lake folder'))
      .option('--all', 'rebuild every derived table, not only the stale ones')
      .option('--memory <size>', 'DuckDB memory budget of the derive, e.g. 8GB (the default; env TRONLAKE_MEMORY_LIMIT)', size)
      .action((o: { data?: string; all?: boolean; memory?: string }) => rederiveCmd({ ...o, data: required(o.data, '--data <dir>') })),
  );
  cli.addCommand(
    tronlakeCommand('compact', 'merge every run of the by-address copies and hash index into one (a lake that stopped growing)')
      .addOption(dataOption('lake folder'))
      .option('--datasets <a,b>', 'datasets to compact; default every dataset with runs')
      .option('--buckets-per-step <n>', 'address buckets rewritten per published step; default all in one step', wholeNumber(1))
      .option('--keep-free-gb <g>', 'refuse a step that would leave less free disk than this', nonNegative, 8)
      .action((o: { data?: string; datasets?: string; bucketsPerStep?: number; keepFreeGb: number }) => compactCmd({ ...o, data: required(o.data, '--data <dir>') })),
  );
  cli.addCommand(
    tronlakeCommand('verify', 'read every file of a version with an independent reader; exit 1 listing damaged files')
      .addOption(dataOption('lake folder'))
      .option('--version <v>', 'the version to check; default the published one')
      .action((o: { data?: string; version?: string }) => verifyCmd({ ...o, data: required(o.data, '--data <dir>') })),
  );
  const start = serveOptions(tronlakeCommand('start', 'generate the default profile into ./data/default if absent (or rebuild stale derived tables), then serve on 3000'));
  start.action(() => startCmd(serveFlags(start), start.getOptionValue('quiet') === true));
  cli.addCommand(start);
  const reference = tronlakeCommand('reference', 'off-chain reference files (datasets/reference/)');
  reference.addCommand(
    tronlakeCommand('load', 'validate off-chain reference files and publish them into a lake')
      .option('--dir <dir>', 'the folder of reference files; required')
      .addOption(dataOption('lake folder'))
      .action((o: { data?: string; dir?: string }) => referenceLoadCmd({ dir: required(o.dir, '--dir <dir>'), data: required(o.data, '--data <dir>') })),
  );
  cli.addCommand(reference);
  cli.addCommand(
    delegated('bench', 'run a workload against servers, and compare runs (tronlake bench --help)', async (argv) => {
      const { benchCli } = await import('./bench/cli.ts');
      await benchCli(argv);
    }),
  );
  return cli;
}

runCommand(program(), process.argv.slice(2)).catch((e: unknown) => {
  const usage = e instanceof UsageError;
  const help = e instanceof UsageError && e.command ? `${e.command} --help` : 'tronlake --help';
  console.error(`tronlake: ${e instanceof Error ? e.message : String(e)}${usage ? ` (see ${help})` : ''}`);
  process.exit(usage ? 2 : 1);
});
