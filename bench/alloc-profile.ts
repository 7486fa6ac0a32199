/**
 * What an answer allocates, per label of a workload: the app built in this process over a lake and asked through
 * Fastify's `inject`, V8's sampling heap profiler on (objects the young and old collections took back included), so
 * the figure is every byte an answer allocates, not what it keeps. Allocation is what drives the scavenges that make a
 * lookup's p99 (bench/results/peers-lookups-s40.md), and unlike a latency it barely moves with a busy machine: a
 * change that cuts allocation can be checked here on a shared machine, then timed in the runner.
 *
 *   npx tsx bench/alloc-profile.ts --data DIR --workload FILE [--labels 'a,b'] [--requests 3000] [--warmup 2000]
 *     [--top 15] [--out FILE]
 *
 * Sampled every 4 KiB: a site's bytes are estimates (V8 scales each sample), good to a few percent over thousands of
 * answers. The inject harness's own allocations (light-my-request, its response object) are counted apart: a real
 * socket allocates differently there.
 */
import { promises as fs } from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import { parseFlags } from '../src/cli-flags.ts';
import { labelsOf, readWorkload, requestPath } from '../src/bench/workload.ts';
import { buildApp } from '../src/http/app.ts';
import { endpoints } from '../src/endpoints/index.ts';

interface ProfileNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: ProfileNode[];
}

const f = parseFlags(process.argv.slice(2));
if (!f.data || !f.workload) throw new Error('usage: alloc-profile.ts --data DIR --workload FILE [--labels a,b] [--requests N] [--warmup N] [--top N] [--out FILE]');
const requests = Number(f.requests ?? 3000);
const warmup = Number(f.warmup ?? 2000);
const top = Number(f.top ?? 15);
const workload = await readWorkload(f.workload);
const labels = f.labels ? f.labels.split(',') : labelsOf(workload.items);

const site = (n: ProfileNode): string => {
  const cf = n.callFrame;
  // Project files run through tsx's loader, which reports no lines: a line only where the runtime knows it.
  const where = cf.url ? `${cf.url.replace(/^.*\/(node_modules|src)\//, '$1/')}${cf.lineNumber > 0 ? `:${cf.lineNumber + 1}` : ''}` : '(native)';
  return `${cf.functionName || '(anonymous)'} ${where}`;
};
const harness = (s: string): boolean => s.includes('light-my-request');

const app = await buildApp({ dataDir: path.resolve(f.data), endpoints, watchMs: 0, cacheBytes: 0 });
const session = new Session();
session.connect();
const out: string[] = [
  '# Bytes allocated per answer (bench/alloc-profile.ts)',
  '',
  `Command: \`npx tsx bench/alloc-profile.ts ${process.argv.slice(2).join(' ')}\`. ${new Date().toISOString()}. Per label: ${warmup} answers to warm, then ${requests} sampled (every 4 KiB, collected objects included), in process through \`inject\`, response cache off.`,
  '',
];
try {
  for (const label of labels) {
    const urls = workload.items.filter((it) => it.label === label).map((it) => requestPath(it, ''));
    if (urls.length === 0) throw new Error(`no request labelled '${label}' in ${f.workload}`);
    const ask = async (i: number): Promise<number> => {
      const r = await app.inject({ method: 'GET', url: urls[i % urls.length]! });
      if (r.statusCode !== 200) throw new Error(`${urls[i % urls.length]}: HTTP ${r.statusCode}`);
      return r.rawPayload.length;
    };
    for (let i = 0; i < warmup; i++) await ask(i);
    await session.post('HeapProfiler.startSampling', { samplingInterval: 4096, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true } as never);
    let body = 0;
    for (let i = 0; i < requests; i++) body += await ask(i);
    const { profile } = (await session.post('HeapProfiler.stopSampling')) as unknown as { profile: { head: ProfileNode } };
    // Each site with its two callers; the harness's sites (any frame of light-my-request) apart.
    const sites = new Map<string, number>();
    let total = 0;
    let inHarness = 0;
    const walk = (n: ProfileNode, callers: string[], underHarness: boolean): void => {
      const s = site(n);
      const inIt = underHarness || harness(s);
      if (n.selfSize > 0) {
        if (inIt) inHarness += n.selfSize;
        else {
          const k = [s, ...callers.slice(0, 2)].join(' ← ');
          sites.set(k, (sites.get(k) ?? 0) + n.selfSize);
          total += n.selfSize;
        }
      }
      for (const c of n.children) walk(c, [s, ...callers.slice(0, 1)], inIt);
    };
    walk(profile.head, [], false);
    const kb = (b: number) => (b / requests / 1024).toFixed(1);
    out.push(`## ${label}`, '', `**${kb(total)} KB** allocated per answer outside the harness (harness ${kb(inHarness)} KB), body ${kb(body)} KB, ${urls.length} distinct requests.`, '');
    out.push('| KB per answer | share | site ← callers |', '|---:|---:|---|');
    for (const [k, v] of [...sites].sort((a, b) => b[1] - a[1]).slice(0, top)) out.push(`| ${kb(v)} | ${((v / total) * 100).toFixed(1)} % | ${k.replace(/\|/g, '\\|')} |`);
    out.push('');
    console.error(`${label}: ${kb(total)} KB per answer`);
  }
} finally {
  session.disconnect();
  await app.close();
}
if (f.out) await fs.writeFile(f.out, out.join('\n'));
else console.log(out.join('\n'));
