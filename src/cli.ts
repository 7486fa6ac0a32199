/**
 * The one CLI (ARCHITECTURE §2): thin, parses flags and calls the modules.
 *   tronlake generate --profile tiny|default|bench --seed N --out DIR [--end-date yyyy-MM-dd]
 *   tronlake ingest --node URL (--from N --to M | --follow) --out DIR [--api-key KEY]
 *   tronlake serve --data DIR --port N            (also DATA_DIR and PORT)
 *   tronlake rederive --data DIR [--all] [--memory 8GB] (rebuild the stale derived tables of a lake published by another release; --all: every one)
 *   tronlake compact --data DIR [--datasets a,b] [--buckets-per-step N] [--keep-free-gb G]  (merge every run of the runs datasets into one: a lake that stopped growing)
 *   tronlake verify --data DIR [--version V]      (read every file of a version with an independent reader; exit 1 listing damaged files)
 *   tronlake start                                (generate the default profile into ./data/default if absent, then serve on 3000)
 *   tronlake reference load --dir D --data DIR    (validate off-chain reference files and publish them into a lake)
 *   tronlake bench …                              (workload runner: sample-workload, run, compare; src/bench/cli.ts)
 */
import path from 'node:path';
import { serveConfig } from './config.ts';
import { readManifest } from './lake/manifest.ts';
import { staleLayout } from './lake/layout.ts';
import { parseFlags, type Flags } from './cli-flags.ts';

async function generateCmd(flags: Flags): Promise<void> {
  const { generate } = await import('../datasets/generate/index.ts');
  const profile = (flags.profile ?? 'tiny') as 'tiny' | 'default' | 'bench';
  if (!['tiny', 'default', 'bench'].includes(profile)) throw new Error(`--profile must be tiny, default or bench`);
  const seed = Number(flags.seed ?? 1);
  if (!Number.isSafeInteger(seed)) throw new Error('--seed must be an integer');
  const out = flags.out ?? path.join('data', profile);
  const t0 = Date.now();
  const m = await generate({ profile, seed, out, endDate: flags['end-date'], progress: process.stderr.isTTY || flags.progress === 'true', referenceDir: flags.reference });
  console.error(`generated ${profile} (seed ${seed}) into ${out} in ${((Date.now() - t0) / 1000).toFixed(1)} s: version ${m.version}, fingerprint ${m.fingerprint}`);
}

async function rederiveCmd(flags: Flags): Promise<void> {
  const dataDir = flags.data ?? process.env.DATA_DIR;
  if (!dataDir) throw new Error('--data DIR is required');
  const { rederive } = await import('./lake/publish.ts');
  const { staleDatasets } = await import('./lake/layout.ts');
  const all = flags.all === 'true';
  const before = await readManifest(dataDir);
  if (before && !all) {
    const stale = staleDatasets(before);
    console.error(stale.length ? `stale derived datasets (rebuilt; the others are linked): ${stale.join(', ')}` : 'no stale derived dataset: every one is linked');
  }
  const t0 = Date.now();
  // --memory: the derive's DuckDB budget (default 8GB, publish.ts DERIVE_MEMORY_LIMIT); sorts beyond it spill beside the lake.
  const memoryLimit = flags.memory ?? process.env.TRONLAKE_MEMORY_LIMIT;
  const m = await rederive(dataDir, (label, done, total) => console.error(`[${done + 1}/${total}] ${label}`), { all, memoryLimit });
  console.error(`rederived ${dataDir} in ${((Date.now() - t0) / 1000).toFixed(1)} s: version ${m.version}, fingerprint ${m.fingerprint}, layout ${m.layout}`);
}

async function compactCmd(flags: Flags): Promise<void> {
  const dataDir = flags.data ?? process.env.DATA_DIR;
  if (!dataDir) throw new Error('--data DIR is required');
  const { compact, runDatasets } = await import('./lake/compact.ts');
  const datasets = flags.datasets ? flags.datasets.split(',').map((d) => d.trim()).filter(Boolean) : runDatasets();
  const t0 = Date.now();
  const m = await compact(dataDir, datasets, {
    bucketsPerStep: flags['buckets-per-step'] ? Number(flags['buckets-per-step']) : undefined,
    // A shared machine: a step that would leave less than this free is refused before it writes (compact.ts checkDisk).
    keepFree: Number(flags['keep-free-gb'] ?? 8) * 1e9,
    onStep: (label, done, total) => console.error(`[${done + 1}/${total}] ${label}`),
    onPublished: (v, step, steps) => console.error(`step ${step + 1}/${steps} published: version ${v.version} (${((Date.now() - t0) / 1000).toFixed(1)} s)`),
  });
  const runs = datasets.map((d) => `${d} ${m.tables[d]?.runs?.length ?? 0}`).join(', ');
  console.error(`compacted ${dataDir} in ${((Date.now() - t0) / 1000).toFixed(1)} s: version ${m.version}, fingerprint ${m.fingerprint}; runs: ${runs}`);
}

async function verifyCmd(flags: Flags): Promise<void> {
  const dataDir = flags.data ?? process.env.DATA_DIR;
  if (!dataDir) throw new Error('--data DIR is required');
  const published = await readManifest(dataDir);
  if (!published) throw new Error(`no published dataset in ${path.resolve(dataDir)}`);
  let manifest = published;
  if (flags.version && flags.version !== published.version) {
    // An older version still on disk: its manifest is kept inside its folder by the publisher when present.
    const { versionManifest } = await import('./lake/verify.ts');
    manifest = await versionManifest(dataDir, flags.version);
  }
  const { verifyVersion } = await import('./lake/verify.ts');
  const t0 = Date.now();
  const r = await verifyVersion(dataDir, manifest, { deep: true });
  const secs = ((Date.now() - t0) / 1000).toFixed(1);
  if (r.problems.length === 0) {
    console.error(`verified version ${r.version}: ${r.files} files, ${r.rows} rows, no problem (${secs} s)`);
    return;
  }
  for (const p of r.problems) console.log(`${p.dataset}\t${p.file}\t${p.problem}`);
  console.error(`version ${r.version}: ${r.problems.length} problem(s) in ${new Set(r.problems.map((p) => p.file)).size} file(s) of ${r.files} (${secs} s)`);
  process.exitCode = 1;
}

async function serveCmd(flags: Flags): Promise<void> {
  const cfg = serveConfig(flags);
  const { buildApp } = await import('./http/app.ts');
  const { endpoints } = await import('./endpoints/index.ts');
  const app = await buildApp({ ...cfg, endpoints, logger: flags.quiet !== 'true' });
  await app.listen({ port: cfg.port, host: cfg.host });
  if (cfg.altPort !== undefined) {
    // The alternate base address on its own port (SPEC conventions): same app, same handlers.
    const { createServer } = await import('node:http');
    createServer((req, res) => app.routing(req, res)).listen(cfg.altPort, cfg.host);
  }
  const m = app.lake.current.manifest;
  console.error(`tronlake serving ${path.resolve(cfg.dataDir)} (version ${m.version}, head block ${m.head.number}) on http://${cfg.host.includes(':') ? `[${cfg.host}]` : cfg.host}:${cfg.port}`);
  const stop = () => void app.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

async function startCmd(flags: Flags): Promise<void> {
  const dataDir = flags.data ?? process.env.DATA_DIR ?? path.join('data', 'default');
  const m = await readManifest(dataDir);
  if (!m) {
    console.error(`No dataset in ${dataDir}: generating the default profile (first run only).`);
    await generateCmd({ profile: 'default', seed: '1', out: dataDir, progress: 'true' });
  } else if (await staleLayout(m, dataDir)) {
    console.error(`${dataDir} was derived by another tronlake release: rebuilding its derived tables (raw data kept).`);
    await rederiveCmd({ data: dataDir });
  }
  await serveCmd({ ...flags, data: dataDir, port: flags.port ?? process.env.PORT ?? '3000' });
}

async function referenceCmd(argv: string[]): Promise<void> {
  const [sub, ...rest] = argv;
  if (sub !== 'load') throw new Error('usage: tronlake reference load --dir D --data DIR');
  const flags = parseFlags(rest);
  const dataDir = flags.data ?? process.env.DATA_DIR;
  if (!dataDir) throw new Error('--data DIR is required');
  if (!flags.dir) throw new Error('--dir D (the folder of reference files) is required');
  const { loadReferences } = await import('./lake/reference.ts');
  const m = await loadReferences(dataDir, flags.dir);
  const loaded = Object.entries(m.tables).filter(([, t]) => t.kind === 'reference');
  console.error(`loaded into ${dataDir}: version ${m.version}, fingerprint ${m.fingerprint}; reference datasets: ${loaded.map(([n, t]) => `${n} (${t.rows} rows${t.loadedFrom ? ` from ${t.loadedFrom.file}` : ''})`).join(', ')}`);
}

async function benchCmd(argv: string[]): Promise<void> {
  const { benchCli } = await import('./bench/cli.ts');
  await benchCli(argv);
}

async function ingestCmd(argv: string[]): Promise<void> {
  const { ingestCli } = await import('../datasets/ingest/index.ts');
  await ingestCli(argv);
}

const USAGE = `usage:
  tronlake generate --profile tiny|default|bench --seed N --out DIR [--end-date yyyy-MM-dd]
  tronlake ingest --node URL (--from N --to M | --follow) --out DIR [--api-key KEY]
  tronlake serve --data DIR --port N
  tronlake rederive --data DIR [--all] [--memory 8GB]
  tronlake compact --data DIR [--datasets a,b] [--buckets-per-step N] [--keep-free-gb G]
  tronlake verify --data DIR [--version V]
  tronlake start
  tronlake reference load --dir D --data DIR
  tronlake bench --help`;

async function main(argv: string[]): Promise<void> {
  const [cmd, ...rest] = argv;
  switch (cmd) {
    case 'generate':
      return generateCmd(parseFlags(rest));
    case 'serve':
      return serveCmd(parseFlags(rest));
    case 'rederive':
      return rederiveCmd(parseFlags(rest));
    case 'compact':
      return compactCmd(parseFlags(rest));
    case 'verify':
      return verifyCmd(parseFlags(rest));
    case 'start':
      return startCmd(parseFlags(rest));
    case 'ingest':
      return ingestCmd(rest);
    case 'bench':
      return benchCmd(rest);
    case 'reference':
      return referenceCmd(rest);
    default:
      console.error(USAGE);
      process.exitCode = cmd === undefined || cmd === 'help' || cmd === '--help' ? 0 : 2;
  }
}

main(process.argv.slice(2)).catch((e: unknown) => {
  console.error(`tronlake: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
