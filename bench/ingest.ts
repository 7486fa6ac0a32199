/**
 * Ingest throughput (issue 3): transactions per second from node JSON text to a published lake version,
 * excluding node latency. The real mainnet block 43,811,922 (198 transactions) is replayed renumbered into
 * `--blocks` consecutive blocks with the fake node's transaction infos; every node answer is rendered to bytes
 * before the clock starts and served from memory by an injected transport, so what is measured is the ingester:
 * UTF-8 decode + JSON parse, decode to rows, DuckDB bulk load, token metadata merge and the final publish
 * (Parquet write + derive + manifest swap).
 *
 * Two runs: the default address cache (mainnet addresses repeat; the replayed block repeats them even more), and
 * the cache disabled (every address pays base58check, the worst case).
 *
 * Each configuration runs `--repeat` times, interleaved; the report gives every run and the median. The machine is
 * shared (other processes show in the load average), so CPU seconds per transaction are reported beside wall time.
 *
 *   npx tsx bench/ingest.ts [--blocks 600] [--repeat 3] [--batch 100]   → bench/results/ingest.md
 *
 * `--ratio` measures what history costs a publish (issue 10): a lake of `--history` earlier blocks (6,000 by default,
 * ingested once, then hard-link-copied for each run) and an empty lake receive the same `--batch-blocks` (50) batch,
 * interleaved `--repeat` times; then `--blocks` (600) onto each, for the end-to-end rate on the larger lake.
 *
 *   npx tsx bench/ingest.ts --ratio [--history 6000] [--batch-blocks 50] [--blocks 600] [--repeat 5]   → bench/results/publish-ratio.md
 *
 * `--history-dir DIR` keeps the history lake in DIR (reused when it is there: building it takes minutes) and
 * `--out FILE` writes the report elsewhere, for profiling runs. The report lists the derived datasets whose derive
 * cost most more onto the history than onto the empty lake (manifest `cost`), which is what grows with history.
 */
import { execFileSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runIngest, type IngestSummary } from '../datasets/ingest/index.ts';
import type { Transport } from '../datasets/ingest/node-client.ts';
import { REAL_BLOCK, defaultState, handle } from '../test/datasets/ingest/fake-node.ts';
import { readManifest } from '../src/lake/manifest.ts';

function textFlag(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

function flag(name: string, dflt: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : dflt;
}

const BLOCKS = flag('blocks', 600);
const REPEAT = flag('repeat', 3);
const BATCH = flag('batch', 100);
const first = REAL_BLOCK - Math.floor(BLOCKS / 2);
const last = first + BLOCKS - 1;

async function prepare(): Promise<Map<string, Buffer>> {
  const state = defaultState({ low: first, head: last, solid: last, record: false });
  const answers = new Map<string, Buffer>();
  const put = (p: string, body: Record<string, unknown>): void => {
    answers.set(p + JSON.stringify(body), Buffer.from(handle(state, p, body).text, 'utf8'));
  };
  for (let a = first; a <= last; a += BATCH) put('/wallet/getblockbylimitnext', { startNum: a, endNum: Math.min(last + 1, a + BATCH) });
  for (let n = first; n <= last; n++) put('/wallet/gettransactioninfobyblocknum', { num: n });
  return answers;
}

function memoryTransport(answers: Map<string, Buffer>): Transport {
  const state = defaultState({ low: first, head: last, solid: last, record: false });
  return async (url, body) => {
    const p = new URL(url).pathname;
    const b = body ?? '{}';
    const hit = answers.get(p + b);
    if (hit) return { status: 200, text: hit.toString('utf8') };
    // Small calls (heads, witnesses, token metadata) are answered on the fly.
    return handle(state, p, JSON.parse(b));
  };
}

async function run(answers: Map<string, Buffer>, cache: number, worker = true): Promise<Run> {
  const out = await fs.mkdtemp(path.join(os.tmpdir(), 'tronlake-bench-ingest-'));
  const before = os.loadavg()[0]!;
  const cpu0 = process.cpuUsage();
  try {
    const s = await runIngest({
      node: 'http://memory',
      out,
      from: first,
      to: last,
      transport: memoryTransport(answers),
      progress: false,
      log: () => undefined,
      publishEveryBlocks: Number.MAX_SAFE_INTEGER,
      snapshots: false, // blocks to a published version only: node-state reads are measured apart (their cost is the node's)
      publishEverySeconds: 1e9,
      addressCacheSize: cache,
      batchSize: BATCH,
      worker,
    });
    const cpu = process.cpuUsage(cpu0);
    return { s, load: [before, os.loadavg()[0]!], cpu: (cpu.user + cpu.system) / 1e6 };
  } finally {
    await fs.rm(out, { recursive: true, force: true });
  }
}

interface Run {
  s: IngestSummary;
  load: [number, number];
  /** CPU seconds used by the process (all threads, DuckDB's included) during the run. */
  cpu: number;
}

const fmt = (n: number): string => Math.round(n).toLocaleString('en-US');

const row = (label: string, { s, load, cpu }: Run): string => {
  const t = s.timings;
  const rate = s.transactions / s.seconds;
  const staging = s.transactions / (s.seconds - t.publish / 1000);
  return `| ${label} | ${s.blocks} | ${s.transactions} | ${s.seconds.toFixed(2)} | **${fmt(rate)}** | ${fmt(staging)} | ${t.parse} | ${t.decode} | ${t.prepare} | ${t.load} | ${t.metadata} | ${t.publish} | ${fmt(s.addressCache.misses)} | ${cpu.toFixed(1)} | ${load[0].toFixed(1)} → ${load[1].toFixed(1)} |`;
};

async function main(): Promise<void> {
  const tp = performance.now();
  const answers = await prepare();
  const bytes = [...answers.values()].reduce((a, b) => a + b.length, 0);
  console.error(`prepared ${answers.size} node answers (${(bytes / 1e6).toFixed(0)} MB) in ${((performance.now() - tp) / 1000).toFixed(1)} s`);
  // Warm-up (JIT, DuckDB extension autoload) on a small slice is not needed for a 1000-block run; we report both runs as measured.
  const configs = [
    ['worker thread, address cache on (default)', 1_000_000, true],
    ['worker thread, address cache off (worst case)', 0, true],
    ['single thread (`worker: false`), cache on', 1_000_000, false],
  ] as const;
  const runs: [string, Run][] = [];
  for (let rep = 0; rep < REPEAT; rep++) {
    for (const [label, cache, worker] of configs) {
      const r = await run(answers, cache, worker);
      console.error(`${label}: ${fmt(r.s.transactions / r.s.seconds)} tx/s, ${r.cpu.toFixed(1)} CPU s in ${r.s.seconds.toFixed(1)} s`, r.s.timings);
      runs.push([label, r]);
    }
  }
  const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const summary = configs.map(([label]) => {
    const rs = runs.filter(([l]) => l === label).map(([, r]) => r);
    const rates = rs.map((r) => r.s.transactions / r.s.seconds);
    const before = rs.map((r) => r.s.transactions / (r.s.seconds - r.s.timings.publish / 1000));
    const perCpu = rs.map((r) => r.s.transactions / r.cpu);
    return `| ${label} | **${fmt(median(rates))}** | ${fmt(Math.max(...rates))} | ${fmt(median(before))} | ${fmt(median(perCpu))} |`;
  });
  const all = runs.map(([, r]) => r);
  const meanLoad = all.reduce((a, r) => a + (r.load[0] + r.load[1]) / 2, 0) / all.length;
  const publishShare = median(all.map((r) => r.s.timings.publish / 1000 / r.s.seconds));
  const best = (label: string, f: (r: Run) => number): number => Math.max(...runs.filter(([l]) => l === label).map(([, r]) => f(r)));
  const dflt = configs[0][0];
  const single = configs[2][0];
  const verdict = [
    `Mean 1-minute load average during the runs: ${meanLoad.toFixed(1)} on ${os.cpus().length} cores` +
      (meanLoad > os.cpus().length ? ' (other processes were using the CPU: wall-time rates are depressed and noisy; tx per CPU second is the steadier figure).' : '.'),
    `The final publish (Parquet write, derive of the by-address copies and rollups, manifest swap; src/lake/publish/publish.ts) takes ${Math.round(publishShare * 100)} % of a run (median).`,
    `Best end-to-end rate: ${fmt(best(dflt, (r) => r.s.transactions / r.s.seconds))} tx/s (worker), ${fmt(best(single, (r) => r.s.transactions / r.s.seconds))} tx/s (single thread); ` +
      `best rate before publish: ${fmt(best(dflt, (r) => r.s.transactions / (r.s.seconds - r.s.timings.publish / 1000)))} tx/s (worker), ${fmt(best(single, (r) => r.s.transactions / (r.s.seconds - r.s.timings.publish / 1000)))} tx/s (single thread).`,
  ];

  const cpus = os.cpus();
  const md = `# Ingest throughput

Generated by \`npx tsx bench/ingest.ts --blocks ${BLOCKS} --repeat ${REPEAT} --batch ${BATCH}\` on ${new Date().toISOString().slice(0, 10)}.

Machine: ${cpus.length} cores (${cpus[0]?.model.trim() ?? 'unknown CPU'}), ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB memory, ${os.platform()} ${os.release()}, Node ${process.version}.

Input: real mainnet block ${REAL_BLOCK} (198 transactions: 73 TRX, 62 TRC10, 63 contract calls) replayed as blocks
${first}..${last} with the fake node's transaction infos (test/datasets/ingest/fake-node.ts); ${answers.size} node answers,
${(bytes / 1e6).toFixed(0)} MB of JSON, rendered before the clock starts and served from memory by an injected transport
(no node latency, no HTTP; the worker's requests are answered by the main thread).
Measured: the whole \`runIngest\` call, from node JSON text to a published version (one publish at the end, as in a
range ingest of up to 10 000 blocks).

Summary over ${REPEAT} interleaved runs per configuration:

| configuration | tx/s end to end, median | best | tx/s before publish, median | tx per CPU second, median |
|---|---:|---:|---:|---:|
${summary.join('\n')}

Every run:

| run | blocks | transactions | seconds | tx/s end to end | tx/s before publish | parse ms | decode ms | prepare ms | load ms | metadata ms | publish ms | base58 conversions | CPU s | load avg (1 min) |
|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|
${runs.map(([label, r]) => row(label, r)).join('\n')}

tx/s end to end = transactions / the whole run; tx/s before publish = transactions / (the run minus the final
publish), i.e. the rate of fetch → parse → decode → DuckDB load.

Phases (ms, summed per batch): parse = text → objects (big-int-safe JSON.parse); decode = objects → columnar rows
(both in the worker thread by default, overlapping the main thread's load);
prepare = staging the touched days and deleting the re-ingested range; load = DuckDB bulk load (appender data chunks); metadata = token metadata merge (constant
calls answered from memory); publish = Parquet write of the touched day, derive, manifest swap.
Fetching runs two batches ahead and the worker decodes while the main thread loads, so the phases overlap and do
not add up to the total. CPU s = CPU time of the whole process (all threads, DuckDB's included) during the run.
The load average is the machine's (other processes included) before → after each run.

Target (issue 3): ≥ 20,000 transactions/s on this machine.

${verdict.join('\n')}
`;
  await fs.mkdir(new URL('./results/', import.meta.url), { recursive: true });
  await fs.writeFile(new URL('./results/ingest.md', import.meta.url), md);
  console.error('wrote bench/results/ingest.md');
}

/** Node answers of blocks first..last rendered to bytes (the measured batch), served with the small calls on the fly. */
async function renderRange(lo: number, hi: number, top: number, low: number): Promise<Transport> {
  const state = defaultState({ low, head: top, solid: top, record: false });
  const answers = new Map<string, Buffer>();
  const put = (p: string, body: Record<string, unknown>): void => {
    answers.set(p + JSON.stringify(body), Buffer.from(handle(state, p, body).text, 'utf8'));
  };
  for (let a = lo; a <= hi; a += BATCH) put('/wallet/getblockbylimitnext', { startNum: a, endNum: Math.min(hi + 1, a + BATCH) });
  for (let n = lo; n <= hi; n++) put('/wallet/gettransactioninfobyblocknum', { num: n });
  return async (url, body) => {
    const p = new URL(url).pathname;
    const b = body ?? '{}';
    const hit = answers.get(p + b);
    if (hit) return { status: 200, text: hit.toString('utf8') };
    return handle(state, p, JSON.parse(b));
  };
}

async function ingestRange(out: string, from: number, to: number, transport: Transport): Promise<Run & { rebuilt: string; costs: Record<string, number> }> {
  const before = os.loadavg()[0]!;
  const cpu0 = process.cpuUsage();
  const s = await runIngest({
    node: 'http://memory', out, from, to, transport, progress: false, log: () => undefined,
    publishEveryBlocks: Number.MAX_SAFE_INTEGER, publishEverySeconds: 1e9, batchSize: BATCH, snapshots: false,
  });
  const cpu = process.cpuUsage(cpu0);
  const m = await readManifest(out);
  const rebuilt = Object.entries(m?.tables ?? {})
    .filter(([, t]) => t.rebuilt)
    .map(([n, t]) => `${n}: ${t.rebuilt!.how}`)
    .join(', ');
  const costs = Object.fromEntries(Object.entries(m?.tables ?? {}).filter(([, t]) => t.cost).map(([n, t]) => [n, t.cost!.ms]));
  return { s, load: [before, os.loadavg()[0]!], cpu: (cpu.user + cpu.system) / 1e6, rebuilt, costs };
}

async function ratio(): Promise<void> {
  const HISTORY = flag('history', 6000);
  const BATCH_BLOCKS = flag('batch-blocks', 50);
  const low = REAL_BLOCK - HISTORY;
  const top = REAL_BLOCK + Math.max(BLOCKS, BATCH_BLOCKS) - 1;
  const root = await fs.mkdtemp(path.join(process.env.TRONLAKE_BENCH_TMP ?? os.tmpdir(), 'tronlake-ratio-'));
  const keep = textFlag('history-dir');
  try {
    const base = keep ?? path.join(root, 'history');
    const tb = performance.now();
    // The history lake: answers computed on the fly (not measured), one publish; a kept one is reused when it is there.
    const kept = keep ? await readManifest(keep) : null;
    if (!kept || kept.first.number !== low || kept.head.number !== REAL_BLOCK - 1) {
      const live = defaultState({ low, head: top, solid: top, record: false });
      await fs.rm(base, { recursive: true, force: true });
      await runIngest({
        node: 'http://memory', out: base, from: low, to: REAL_BLOCK - 1, progress: false, log: () => undefined,
        transport: async (url, body) => handle(live, new URL(url).pathname, JSON.parse(body ?? '{}')),
        publishEveryBlocks: Number.MAX_SAFE_INTEGER, publishEverySeconds: 1e9, batchSize: BATCH, snapshots: false,
      });
    }
    const history = (await readManifest(base))!;
    console.error(`history lake: ${history.tables.blocks!.rows} blocks, ${history.tables.transactions!.rows} transactions in ${((performance.now() - tb) / 1000).toFixed(0)} s`);
    const small = await renderRange(REAL_BLOCK, REAL_BLOCK + BATCH_BLOCKS - 1, top, low);
    const large = await renderRange(REAL_BLOCK, REAL_BLOCK + BLOCKS - 1, top, low);
    const results: { label: string; onto: 'history' | 'empty'; r: Run & { rebuilt: string; costs: Record<string, number> } }[] = [];
    let k = 0;
    const onto = async (kind: 'history' | 'empty', label: string, lo: number, hi: number, t: Transport): Promise<void> => {
      const out = path.join(root, `run-${k++}`);
      // A hard-link copy: a publish never writes into an existing version, it adds a new one.
      if (kind === 'history') execFileSync('cp', ['-al', base, out]);
      const r = await ingestRange(out, lo, hi, t);
      console.error(`${label} onto ${kind}: ${r.s.seconds.toFixed(2)} s, publish ${r.s.timings.publish} ms, load ${r.load[0].toFixed(1)}`);
      results.push({ label, onto: kind, r });
      await fs.rm(out, { recursive: true, force: true });
    };
    const batchLabel = `${BATCH_BLOCKS}-block batch`;
    const rateLabel = `${BLOCKS}-block ingest`;
    for (let rep = 0; rep < REPEAT; rep++) {
      await onto('history', batchLabel, REAL_BLOCK, REAL_BLOCK + BATCH_BLOCKS - 1, small);
      await onto('empty', batchLabel, REAL_BLOCK, REAL_BLOCK + BATCH_BLOCKS - 1, small);
    }
    for (let rep = 0; rep < Math.max(3, Math.ceil(REPEAT / 2)); rep++) {
      await onto('history', rateLabel, REAL_BLOCK, REAL_BLOCK + BLOCKS - 1, large);
      await onto('empty', rateLabel, REAL_BLOCK, REAL_BLOCK + BLOCKS - 1, large);
    }
    const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const pick = (label: string, kind: string) => results.filter((x) => x.label === label && x.onto === kind).map((x) => x.r);
    const secs = (label: string, kind: string) => median(pick(label, kind).map((r) => r.s.seconds));
    const pub = (label: string, kind: string) => median(pick(label, kind).map((r) => r.s.timings.publish / 1000));
    const rate = (label: string, kind: string) => median(pick(label, kind).map((r) => r.s.transactions / r.s.seconds));
    const cpuOf = (label: string, kind: string) => median(pick(label, kind).map((r) => r.cpu));
    const perCpu = (label: string, kind: string) => median(pick(label, kind).map((r) => r.s.transactions / r.cpu));
    const wallRatio = secs(batchLabel, 'history') / secs(batchLabel, 'empty');
    const pubRatio = pub(batchLabel, 'history') / pub(batchLabel, 'empty');
    const loads = results.map((x) => (x.r.load[0] + x.r.load[1]) / 2);
    const meanLoad = loads.reduce((a, b) => a + b, 0) / loads.length;
    // Per derived dataset: the median derive wall time of the batch onto each lake (manifest `cost`), largest growth first.
    const costOf = (name: string, kind: string): number => median(pick(batchLabel, kind).map((r) => r.costs[name] ?? 0));
    const growth = Object.keys(pick(batchLabel, 'history')[0]?.costs ?? {})
      .map((n) => ({ n, h: costOf(n, 'history'), e: costOf(n, 'empty') }))
      .sort((a, b) => (b.h - b.e) - (a.h - a.e));
    const derivedHistory = growth.reduce((a, g) => a + g.h, 0);
    const derivedEmpty = growth.reduce((a, g) => a + g.e, 0);
    const cpus = os.cpus();
    const md = `# Publish cost against history

Generated by \`npx tsx bench/ingest.ts --ratio --history ${HISTORY} --batch-blocks ${BATCH_BLOCKS} --blocks ${BLOCKS} --repeat ${REPEAT}\` on ${new Date().toISOString().slice(0, 16)} UTC.

Machine: ${cpus.length} cores (${cpus[0]?.model.trim() ?? 'unknown CPU'}), ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}; shared with other
engineers' builds and tests: mean 1-minute load average during the runs **${meanLoad.toFixed(1)}** (${Math.min(...loads).toFixed(1)}-${Math.max(...loads).toFixed(1)}).

Input: renumbered copies of mainnet block ${REAL_BLOCK} (198 transactions each, 3 s apart, fake node transaction infos), as in
bench/results/ingest.md. The history lake holds blocks ${low}..${REAL_BLOCK - 1} (${history.tables.blocks!.rows} blocks, ${history.tables.transactions!.rows.toLocaleString('en-US')} transactions,
one publish; they share the UTC day ${Object.keys(history.tables.blocks!.partitions ?? {}).join(', ')} with the batch). Each run ingests blocks
${REAL_BLOCK}.. onto a fresh hard-link copy of it or onto an empty folder; runs are interleaved (history, empty, history, …).

| measure | onto ${HISTORY} earlier blocks (median) | onto an empty lake (median) | ratio |
|---|---:|---:|---:|
| ${batchLabel}: whole ingest, s | ${secs(batchLabel, 'history').toFixed(2)} | ${secs(batchLabel, 'empty').toFixed(2)} | **${wallRatio.toFixed(2)}** |
| ${batchLabel}: publish only, s | ${pub(batchLabel, 'history').toFixed(2)} | ${pub(batchLabel, 'empty').toFixed(2)} | ${pubRatio.toFixed(2)} |
| ${batchLabel}: CPU s of the process (steadier under load) | ${cpuOf(batchLabel, 'history').toFixed(2)} | ${cpuOf(batchLabel, 'empty').toFixed(2)} | ${(cpuOf(batchLabel, 'history') / cpuOf(batchLabel, 'empty')).toFixed(2)} |
| ${rateLabel}: tx/s end to end | **${Math.round(rate(rateLabel, 'history')).toLocaleString('en-US')}** | ${Math.round(rate(rateLabel, 'empty')).toLocaleString('en-US')} | ${(rate(rateLabel, 'empty') / rate(rateLabel, 'history')).toFixed(2)} |
| ${rateLabel}: transactions per CPU second | ${Math.round(perCpu(rateLabel, 'history')).toLocaleString('en-US')} | ${Math.round(perCpu(rateLabel, 'empty')).toLocaleString('en-US')} | ${(perCpu(rateLabel, 'empty') / perCpu(rateLabel, 'history')).toFixed(2)} |

Targets (issue 10): wall-time ratio ≤ 1.5 → **${wallRatio <= 1.5 ? 'met' : 'missed'}** (${wallRatio.toFixed(2)}); ≥ 20,000 tx/s end to end on the larger lake →
**${rate(rateLabel, 'history') >= 20000 ? 'met' : 'missed'}** (${Math.round(rate(rateLabel, 'history')).toLocaleString('en-US')} tx/s, load average ${meanLoad.toFixed(1)} on ${cpus.length} cores).

Every run:

| run | onto | blocks | transactions | seconds | publish ms | tx/s | CPU s | load avg (1 min) |
|---|---|---:|---:|---:|---:|---:|---:|---|
${results.map(({ label, onto: o, r }) => `| ${label} | ${o} | ${r.s.blocks} | ${r.s.transactions} | ${r.s.seconds.toFixed(2)} | ${r.s.timings.publish} | ${Math.round(r.s.transactions / r.s.seconds).toLocaleString('en-US')} | ${r.cpu.toFixed(1)} | ${r.load[0].toFixed(1)} → ${r.load[1].toFixed(1)} |`).join('\n')}

What the batch publish onto the history lake rebuilt (manifest \`rebuilt\`, first run): ${pick(batchLabel, 'history')[0]?.rebuilt ?? ''}.

Derive wall time of the ${batchLabel} per derived dataset (manifest \`cost\`, median ms; all datasets:
${Math.round(derivedHistory)} ms onto history, ${Math.round(derivedEmpty)} ms onto empty), the ten that grow most with history:

| dataset | onto history, ms | onto empty, ms | difference |
|---|---:|---:|---:|
${growth.slice(0, 10).map((g) => `| ${g.n} | ${Math.round(g.h)} | ${Math.round(g.e)} | ${Math.round(g.h - g.e)} |`).join('\n')}
`;
    const outFile = textFlag('out') ?? new URL('./results/publish-ratio.md', import.meta.url).pathname;
    await fs.writeFile(outFile, md);
    console.error(`wrote ${outFile}`);
  } finally {
    await fs.rm(root, { recursive: true, force: true });
  }
}

(process.argv.includes('--ratio') ? ratio() : main()).catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
