/**
 * Hidden classes (V8 maps) an answer creates, per label of a workload. A serving process should create none once
 * warm: every answer of an endpoint has the same shapes. One that does leaves a map in old space per answer, and each
 * dead map keeps its young descriptors and values alive through every scavenge until the next full collection: the
 * scavenges grow with the traffic since the last one (bench/results/map-churn.md). In Node 20 the usual cause is an
 * object literal that starts with a spread and goes on (`{ ...a, b }`, `{ ...a, ...b }`): each result gets a map of
 * its own; `Object.assign({}, a, { b })` does not (test/contract/spread-first.test.ts keeps it out of serving code).
 *
 *   npx tsx bench/map-churn.ts --data DIR [--workload FILE] [--labels 'a,b'] [--requests 300] [--warmup 300] [--out FILE]
 *
 * Without --workload, the sample workload of every endpoint (`tronlake bench sample-workload`). The app is built in a
 * child node run with `--log-maps` and asked through `inject`; a marker object between labels splits V8's map log.
 * Counted: every map event but `NormalizeCached` (a dictionary-mode map taken from V8's cache, not a new one).
 */
import { spawnSync } from 'node:child_process';
import { createReadStream, promises as fs, mkdtempSync, rmSync } from 'node:fs';
import { createInterface } from 'node:readline';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseFlags } from '../src/cli-flags.ts';
import { labelsOf, readWorkload, requestPath, type Workload } from '../src/bench/workload.ts';

const f = parseFlags(process.argv.slice(2));
const MARK = '__map_churn_label_';

if (process.env.MAP_CHURN_CHILD) await child();
else await parent();

/** Asks each label's requests (warm-up, marker, measured), in a process whose V8 logs every map it makes. */
async function child(): Promise<void> {
  const { buildApp } = await import('../src/http/app.ts');
  const { endpoints } = await import('../src/endpoints/index.ts');
  const work = JSON.parse(process.env.MAP_CHURN_CHILD!) as { data: string; labels: { label: string; urls: string[] }[]; requests: number; warmup: number };
  const app = await buildApp({ dataDir: work.data, endpoints, watchMs: 0, cacheBytes: 0 });
  const kept: unknown[] = [];
  // A property no code has: its transition in the log marks where a label's measured answers begin and end.
  const mark = (i: number, edge: 'begin' | 'end') => kept.push({ [`${MARK}${i}_${edge}`]: 1 });
  try {
    for (const [i, { urls }] of work.labels.entries()) {
      const ask = async (n: number) => {
        const r = await app.inject({ method: 'GET', url: urls[n % urls.length]! });
        if (r.statusCode >= 500) throw new Error(`${urls[n % urls.length]}: HTTP ${r.statusCode}`);
      };
      for (let n = 0; n < work.warmup; n++) await ask(n);
      mark(i, 'begin');
      for (let n = 0; n < work.requests; n++) await ask(n);
      mark(i, 'end');
    }
  } finally {
    await app.close();
  }
}

async function parent(): Promise<void> {
  if (!f.data) throw new Error('usage: map-churn.ts --data DIR [--workload FILE] [--labels a,b] [--requests N] [--warmup N] [--out FILE]');
  const data = path.resolve(f.data);
  const requests = Number(f.requests ?? 300);
  const warmup = Number(f.warmup ?? 300);
  let workload: Workload;
  if (f.workload) workload = await readWorkload(f.workload);
  else workload = await (await import('../src/bench/sample-workload.ts')).sampleWorkload(data);
  const wanted = f.labels ? f.labels.split(',') : labelsOf(workload.items);
  const labels = wanted.map((label) => ({ label, urls: workload.items.filter((it) => it.label === label).map((it) => requestPath(it, '')) }));
  for (const l of labels) if (l.urls.length === 0) throw new Error(`no request labelled '${l.label}'`);

  const dir = mkdtempSync(path.join(os.tmpdir(), 'map-churn-'));
  const log = path.join(dir, 'v8.log');
  try {
    const run = spawnSync(process.execPath, ['--log-maps', '--no-log-maps-details', `--logfile=${log}`, '--no-logfile-per-isolate', '--import', 'tsx', fileURLToPath(import.meta.url)], {
      env: { ...process.env, MAP_CHURN_CHILD: JSON.stringify({ data, labels, requests, warmup }) },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (run.status !== 0) throw new Error(`the measuring process failed (exit ${run.status})`);
    const perLabel = await countPerLabel(log, labels.length);
    const out = [
      '# Maps created per answer (bench/map-churn.ts)',
      '',
      `Command: \`npx tsx bench/map-churn.ts ${process.argv.slice(2).join(' ')}\`. ${new Date().toISOString()}. Per label: ${warmup} answers to warm, then ${requests} counted, in process through \`inject\`, response cache off; V8's map log (\`--log-maps\`), every event but NormalizeCached.`,
      '',
      '| label | maps per answer | most frequent (event, property) |',
      '|---|---:|---|',
    ];
    let churning = 0;
    for (const [i, { label }] of labels.entries()) {
      const events = perLabel[i]!;
      const total = [...events.values()].reduce((a, b) => a + b, 0);
      if (total / requests >= 0.5) churning++;
      const top = [...events].sort((a, b) => b[1] - a[1]).slice(0, 4).map(([k, n]) => `${k} ${(n / requests).toFixed(2)}`).join('; ');
      out.push(`| ${label.replace(/\|/g, '\\|')} | ${(total / requests).toFixed(2)} | ${top.replace(/\|/g, '\\|')} |`);
    }
    out.push('', `${churning} of ${labels.length} labels create half a map or more per answer.`, '');
    if (f.out) await fs.writeFile(f.out, out.join('\n'));
    else console.log(out.join('\n'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Map events between each label's two markers, by `event property` (V8 log lines `map,<event>,…,<reason>,<name>`). */
async function countPerLabel(file: string, n: number): Promise<Map<string, number>[]> {
  const out = Array.from({ length: n }, () => new Map<string, number>());
  let at: number | undefined;
  for await (const line of createInterface({ input: createReadStream(file), crlfDelay: Infinity })) {
    if (!line.startsWith('map,')) continue;
    const cells = line.split(',');
    const event = cells[1]!;
    const name = cells[cells.length - 1]!;
    if (name.startsWith(MARK)) {
      const [i, edge] = name.slice(MARK.length).split('_');
      at = edge === 'begin' ? Number(i) : undefined;
      continue;
    }
    if (at === undefined || event === 'NormalizeCached') continue;
    const key = `${event} ${name || cells[cells.length - 2]}`.trim();
    out[at]!.set(key, (out[at]!.get(key) ?? 0) + 1);
  }
  return out;
}
