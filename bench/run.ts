/**
 * The project's latency and throughput benchmark (ARCHITECTURE §6), on the same runner as `tronlake bench`
 * (src/bench: one load-measuring code path). Starts the server on a profile's lake (response cache off, so every
 * request reaches DuckDB), draws a workload from the data (addresses, hashes, blocks: never constants), measures
 * every registered endpoint on its own (per-label mode) beside the bare Fastify route of the same run, and writes
 * bench/results/<profile>.md (and .json for `tronlake bench compare`).
 *
 *   npm run bench -- --profile default [--seconds 5] [--connections 4] [--repeat 1] [--only /api/block[,/api/x]] [--out FILE.md]
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { parseFlags } from '../src/cli-flags.ts';
import { readManifest } from '../src/lake/manifest.ts';
import { toolVersion } from '../src/bench/cli.ts';
import { renderMarkdown } from '../src/bench/report.ts';
import { runBench } from '../src/bench/runner.ts';
import { sampleWorkload } from '../src/bench/sample-workload.ts';
import { startTronlake } from '../src/bench/servers.ts';

async function main(): Promise<void> {
  const flags = parseFlags(process.argv.slice(2));
  const profile = flags.profile ?? 'default';
  if (!['tiny', 'default', 'bench'].includes(profile)) throw new Error('--profile must be tiny, default or bench');
  const dataDir = flags.data ?? path.join('data', profile);
  const seconds = Number(flags.seconds ?? 5);
  const connections = Number(flags.connections ?? 4);
  const repeat = Number(flags.repeat ?? 1);
  if (!(await readManifest(dataDir))) {
    console.error(`no lake in ${dataDir}: generating profile ${profile} (seed 1)`);
    const { generate } = await import('../datasets/generate/index.ts');
    await generate({ profile: profile as 'tiny' | 'default' | 'bench', seed: 1, out: dataDir, progress: true });
  }
  // --only takes one path part or several, comma-separated (e.g. the statistics endpoints).
  const only = flags.only?.split(',').filter(Boolean);
  const workload = await sampleWorkload(dataDir, only ? (p) => only.some((o) => p.includes(o)) : undefined);
  const server = await startTronlake({ dataDir, cache: false, forwardLogs: false, startTimeoutMs: 10 * 60_000 });
  try {
    const report = await runBench({
      targets: [{ name: `tronlake (${dataDir})`, url: server.url, note: `profile ${profile}, response cache off` }],
      workload,
      workloadFile: `(sample of ${dataDir})`,
      mode: 'per-label',
      connections,
      duration: seconds,
      repeat,
      warmup: workload.items.length,
      timeoutS: 30,
      bailout: 1000,
      floor: true,
      progress: false,
      command: `npm run bench -- ${process.argv.slice(2).join(' ')}`.trim(),
      tool: await toolVersion(),
    });
    const out = flags.out ?? path.join('bench', 'results', `${profile}.md`);
    await fs.mkdir(path.dirname(out), { recursive: true });
    await fs.writeFile(out, renderMarkdown(report));
    await fs.writeFile(out.replace(/\.md$/, '') + '.json', JSON.stringify(report, null, 2) + '\n');
    console.error(`wrote ${out}`);
  } finally {
    await server.stop();
  }
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
