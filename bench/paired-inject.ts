/**
 * Paired in-process comparison of two checkouts over the same lake: both apps are built in one process (response
 * cache off, pool of 2) and every benchmark URL (bench/samples.ts via body-identity's list) is answered by A and B
 * back to back, one request at a time, the order swapped every repetition. Per endpoint: the median latency of each
 * and their ratio. Fastify's inject skips the socket, so this measures the handler and SQL cost a refactor can
 * change, with the noise of a shared machine falling on both halves of each pair.
 *
 *   npx tsx bench/paired-inject.ts --a /tmp/base --b . --data data/default --urls urls.txt --reps 5 [--out file.md]
 *
 * `--aData DIR` serves A from another data folder: the same raw data derived by A's release when its derived layout
 * differs (`tronlake rederive` of a hard-linked copy), since a server refuses a lake derived with another layout.
 */
import { appendFileSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseFlags } from '../src/cli-flags.ts';

interface App {
  inject(o: { url: string }): Promise<unknown>;
  close(): Promise<void>;
}

const f = parseFlags(process.argv.slice(2));
const roots = { A: path.resolve(f.a ?? '.'), B: path.resolve(f.b ?? '.') };
const urls = readFileSync(f.urls!, 'utf8').split('\n').filter((u) => u && (!f.only || u.includes(f.only)));
const reps = Number(f.reps ?? 5);
const load = (root: string, rel: string) => import(pathToFileURL(path.join(root, rel)).href);
const apps: Record<'A' | 'B', App> = {} as Record<'A' | 'B', App>;
for (const k of ['A', 'B'] as const) {
  const { buildApp } = await load(roots[k], 'src/http/app.ts');
  const { endpoints } = await load(roots[k], 'src/endpoints/index.ts');
  const dataDir = path.resolve((k === 'A' ? f.aData : undefined) ?? f.data ?? 'data/default');
  apps[k] = await buildApp({ dataDir, endpoints, cacheBytes: 0, poolSize: 2 });
}
const loads = [os.loadavg()[0]!];
for (const u of urls) for (const k of ['A', 'B'] as const) await apps[k].inject({ url: u });
const byPath = new Map<string, { A: number[]; B: number[] }>();
for (let r = 0; r < reps; r++) {
  for (const [i, u] of urls.entries()) {
    for (const k of (r + i) % 2 ? (['A', 'B'] as const) : (['B', 'A'] as const)) {
      const t0 = performance.now();
      await apps[k].inject({ url: u });
      const dt = performance.now() - t0;
      const p = u.split('?')[0]!;
      if (!byPath.has(p)) byPath.set(p, { A: [], B: [] });
      byPath.get(p)![k].push(dt);
    }
  }
  loads.push(os.loadavg()[0]!);
}
for (const a of Object.values(apps)) await a.close();
const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const lines = [
  '',
  `## Paired in-process run (${new Date().toISOString()})`,
  '',
  `A = \`${f.aName ?? roots.A}\`, B = \`${f.bName ?? roots.B}\`; ${urls.length} URLs × ${reps} repetitions, one request at a time, A and B`,
  `back to back (order swapped each time). Load average (1 min) at the start and after each repetition: ${loads.map((x) => x.toFixed(2)).join(', ')}.`,
  '',
  `Command: \`npx tsx bench/paired-inject.ts ${process.argv.slice(2).join(' ')}\``,
  '',
  '| endpoint | requests | A median ms | B median ms | B / A |',
  '|---|---:|---:|---:|---:|',
  ...[...byPath].map(([p, x]) => `| ${p} | ${x.A.length} | ${med(x.A).toFixed(2)} | ${med(x.B).toFixed(2)} | ${(med(x.B) / med(x.A)).toFixed(2)} |`),
];
if (f.out) appendFileSync(f.out, `${lines.join('\n')}\n`);
console.log(lines.join('\n'));
