/**
 * Issue 32's peer benchmark: tronlake beside the same rows in PostgreSQL (explorer indexes, a temporary cluster) and
 * DuckDB over the raw Parquet by hand, each behind a bare Fastify route, all three over HTTP in one interleaved run of
 * the runner (`tronlake bench --mode per-label`, floor included). Before measuring, every request is asked of all
 * three and their row ids compared; the report says which match.
 *
 *   npx tsx bench/peers/run.ts --data /work/bench/new17 [--requests 10 | --seconds S] [--repeat 3] [--connections 1]
 *     [--warmup N (default: ten passes over the distinct requests)] [--warmup-seconds S (default 60)] [--port-base N] [--report DIR] [--out bench/results/peers.md] [--only 'block by number,latest blocks']
 *   npx tsx bench/peers/run.ts --render DIR [--out FILE]   (the report again from a run's folder)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseFlags } from '../../src/cli-flags.ts';
import { benchCli, shellWord } from '../../src/bench/cli.ts';
import { readReport } from '../../src/bench/compare.ts';
import { serverCostText, warmupText, type BenchReport, type TargetResult } from '../../src/bench/report.ts';
import { freePort, parseServeSpec, startServed } from '../../src/bench/servers.ts';
import { serializeWorkload } from '../../src/bench/workload.ts';
import { readManifest, versionDir } from '../../src/lake/manifest.ts';
import { startCluster, INDEXES, TABLES, type Cluster } from './postgres.ts';
import { duckStatement, parseRequest, pgStatement } from './queries.ts';
import { answeredLatency, peerLatency, type PeerLatency } from './verdict.ts';
import { ourIds, peerIds, peerItems, samplePeers, workloadItems, type PeerItem, type PeerSamples } from './requests.ts';

const f = parseFlags(process.argv.slice(2));
// --render DIR: the lake is the one the run measured (peers.json), unless --data says otherwise.
const rendered = f.render ? (JSON.parse(await fs.readFile(path.join(f.render, 'peers.json'), 'utf8')) as { lake?: string }) : undefined;
const lake = path.resolve(f.data ?? rendered?.lake ?? 'data/default');
const out = f.out ?? path.join('bench', 'results', 'peers.md');
const reportDir = f.report ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'tronlake-peers-')));
await fs.mkdir(reportDir, { recursive: true });
const log = (s: string) => console.error(`[peers] ${s}`);
const m = await readManifest(lake);
if (!m) throw new Error(`no lake in ${lake}`);
const vdir = versionDir(lake, m);

/** A peer server process (server.ts) and its URL, once /health answers. */
async function startPeer(args: string[], fixedPort?: number): Promise<{ url: string; child: ChildProcess }> {
  const port = fixedPort ?? (await freePort());
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'server.ts'), ...args, '--port', String(port)], { stdio: ['ignore', 'ignore', 'inherit'] });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`peer ${args.join(' ')} exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/health`)).ok) return { url, child };
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill();
  throw new Error(`peer ${args.join(' ')} did not answer /health in 60 s`);
}

async function getJson(url: string): Promise<Record<string, unknown>> {
  const r = await fetch(url, { signal: AbortSignal.timeout(60_000) });
  if (r.status !== 200) throw new Error(`${url}: HTTP ${r.status} ${(await r.text()).slice(0, 200)}`);
  return (await r.json()) as Record<string, unknown>;
}

const target = (it: PeerItem) => `${it.path}?${new URLSearchParams(it.query).toString()}`;

/** Every request asked of the three systems: per label, how many requests returned the same ids in the same order. */
interface SameRows {
  same: number;
  n: number;
  rows: number;
  diff: string[];
}

async function verify(items: readonly PeerItem[], urls: { tronlake: string; postgres: string; duckdb: string }): Promise<Map<string, SameRows>> {
  const byLabel = new Map<string, SameRows>();
  for (const it of items) {
    const e = byLabel.get(it.label) ?? { same: 0, n: 0, rows: 0, diff: [] };
    byLabel.set(it.label, e);
    const ours = ourIds(it.path, it.query, await getJson(urls.tronlake + target(it)));
    const pg = peerIds(it.path, await getJson(urls.postgres + target(it)));
    const duck = peerIds(it.path, await getJson(urls.duckdb + target(it)));
    e.n++;
    e.rows += ours.length;
    const eq = (a: string[]) => a.length === ours.length && a.every((x, i) => x === ours[i]);
    if (eq(pg) && eq(duck) && ours.length > 0) e.same++;
    else e.diff.push(`${target(it)}: tronlake ${ours.length} rows, PostgreSQL ${pg.length}${eq(pg) ? ' (same)' : ' (differ)'}, DuckDB ${duck.length}${eq(duck) ? ' (same)' : ' (differ)'}`);
  }
  return byLabel;
}

/** `--only 'label,label'`: measure only these requests of the set (its labels, e.g. 'transaction by hash'); all when absent. */
function chosen(items: PeerItem[], only: readonly string[] | undefined): PeerItem[] {
  if (!only) return items;
  const labels = new Set(items.map((i) => i.label));
  for (const l of only) if (!labels.has(l)) throw new Error(`--only: no request labelled '${l}' (labels: ${[...labels].join(', ')})`);
  return items.filter((i) => only.includes(i.label));
}
const onlyFlag = f.only ? String(f.only).split(',').map((x) => x.trim()).filter(Boolean) : undefined;

const uptime = async () => (await fs.readFile('/proc/loadavg', 'utf8')).split(' ').slice(0, 3).join(' ');

/** What the report needs besides the runner's report.json (kept as peers.json beside it: `--render DIR` redraws). */
interface Measured {
  lake: string;
  samples: PeerSamples;
  cluster: Omit<Cluster, 'stop'>;
  same: [string, SameRows][];
  load: { before: string; after: string };
  args: string[];
  bytes: Record<string, number>;
  command: string;
  /** The labels measured (`--only`); absent: the whole set. */
  only?: string[];
}

if (f.render) {
  const x = { ...(rendered as Measured), lake };
  await fs.writeFile(out, render(await readReport(path.join(f.render, 'report.json')), x));
  log(`wrote ${out}`);
} else {
  await measure();
}

async function measure(): Promise<void> {
  const loadBefore = await uptime();
  log(`sampling ${vdir}`);
  const samples = await samplePeers(vdir);
  const items = chosen(peerItems(samples), onlyFlag);
  const workloadFile = path.join(reportDir, 'peers.jsonl');
  await fs.writeFile(workloadFile, serializeWorkload({ comments: [`issue 32 peer set drawn from ${lake} (version ${m!.version})`], items: workloadItems(items) }));
  // --port-base N: the cluster on N, the PostgreSQL peer on N+1, the DuckDB peer on N+2 (default: free ports).
  const base = f['port-base'] ? Number(f['port-base']) : undefined;
  let cluster: Cluster | undefined;
  const children: ChildProcess[] = [];
  const cleanUp = (): void => {
    for (const c of children) c.kill('SIGTERM');
    cluster?.stop();
  };
  // Stopped by a signal, the script still stops its peers and removes its cluster (they outlived it before).
  const onSignal = (sig: NodeJS.Signals): void => {
    log(`${sig}: stopping the peers and the cluster`);
    cleanUp();
    process.exit(130);
  };
  process.once('SIGINT', onSignal).once('SIGTERM', onSignal);
  try {
    log('PostgreSQL: temporary cluster and load');
    cluster = await startCluster(lake, base ?? (await freePort()), log);
    const pg = await startPeer(['--kind', 'postgres', '--socket', cluster.socketDir, '--pgport', String(cluster.port), '--user', cluster.user], base && base + 1);
    children.push(pg.child);
    const duck = await startPeer(['--kind', 'duckdb', '--lake', lake], base && base + 2);
    children.push(duck.child);

    log('same rows? every request asked of all three');
    const ours = await startServed(parseServeSpec('tronlake=.', lake, false), 120_000);
    let same;
    try {
      same = await verify(items, { tronlake: ours.url, postgres: pg.url, duckdb: duck.url });
    } finally {
      await ours.stop();
    }
    for (const [l, e] of same) log(`${l}: ${e.same}/${e.n} requests with the same rows`);

    const args = ['--serve', 'tronlake=.', '--data', lake, '--url', `postgres=${pg.url}`, '--url', `duckdb=${duck.url}`, '--workload', workloadFile,
      '--mode', 'per-label', '--repeat', f.repeat ?? '3', '--connections', f.connections ?? '1', '--timeout', '60', '--out', reportDir, '--progress', 'false',
      // ten passes over the set's distinct requests per system before measuring: warm compiled code, as a long-running server has
      '--warmup', f.warmup ?? String(10 * items.length)];
    // every system warmed for the same time as well (default 60 s): tronlake's compiled code needs thousands of answers
    // where the peers' routes need a few (bench/results/warm-curve.md); --warmup-seconds 0 for the count alone
    args.push('--warmup-seconds', f['warmup-seconds'] ?? '60');
    if (f.seconds) args.push('--duration', f.seconds);
    else args.push('--requests', f.requests ?? '10');
    log(`tronlake bench ${args.map(shellWord).join(' ')}`);
    await benchCli(args);
    const { stop: _stop, ...figures } = cluster;
    const x: Measured = {
      lake, samples, cluster: figures, same: [...same], load: { before: loadBefore, after: await uptime() }, args, bytes: await folderBytes(vdir),
      command: `npx tsx bench/peers/run.ts ${process.argv.slice(2).map(shellWord).join(' ')}`,
      ...(onlyFlag ? { only: onlyFlag } : {}),
    };
    await fs.writeFile(path.join(reportDir, 'peers.json'), JSON.stringify(x, null, 2));
    await fs.writeFile(out, render(await readReport(path.join(reportDir, 'report.json')), x));
    log(`wrote ${out} (runner's report and peers.json in ${reportDir})`);
  } finally {
    process.off('SIGINT', onSignal).off('SIGTERM', onSignal);
    cleanUp();
  }
}

/** Bytes of the files under a folder, per top-level part (raw, derived, …) and the raw tables the peers read. */
async function folderBytes(dir: string): Promise<Record<string, number>> {
  const sizes: Record<string, number> = {};
  const walk = async (d: string, key: string): Promise<void> => {
    for (const e of await fs.readdir(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) await walk(p, key);
      else sizes[key] = (sizes[key] ?? 0) + (await fs.stat(p)).size;
    }
  };
  for (const part of await fs.readdir(dir)) {
    const p = path.join(dir, part);
    if ((await fs.stat(p)).isDirectory()) await walk(p, part);
  }
  for (const t of ['blocks', 'transactions', 'token_transfers', 'stablecoin_events']) await walk(path.join(dir, 'raw', t), `peer:${t}`);
  sizes['peer:trc20_snapshots'] = (await fs.stat(path.join(dir, 'snap', 'trc20_snapshots.parquet'))).size;
  return sizes;
}

function render(r: BenchReport, x: Measured): string {
  const { samples, cluster: c, load, args, bytes } = x;
  const its = chosen(peerItems(samples), x.only);
  const same = new Map(x.same);
  const by = (name: string): TargetResult => r.targets.find((t) => t.name === name)!;
  const [tl, pg, dk] = [by('tronlake'), by('postgres'), by('duckdb')];
  const lab = (t: TargetResult, l: string) => t.labels.find((x) => x.label === l)?.total;
  const ms = (x: number | undefined) => (x === undefined ? '–' : x < 10 ? x.toFixed(2) : x.toFixed(1));
  const ratio = (a: number | undefined, b: number | undefined) => (a === undefined || !b ? '–' : (a / b).toFixed(2));
  const mb = (x: number) => `${(x / 2 ** 20).toFixed(0)} MiB`;
  const labels = [...new Set(its.map((i) => i.label))];
  const lines: string[] = [];
  const cmd = x.command;
  lines.push('# Peer benchmark (issue 32): tronlake, PostgreSQL with explorer indexes, DuckDB by hand', '');
  lines.push(`Lake: \`${lake}\` (version ${m!.version}, head block ${m!.head.number}). Started ${r.started}, finished ${r.finished}.`, '');
  lines.push(`Command: \`${cmd}\` (= \`tronlake bench ${args.map(shellWord).join(' ')}\`, the workload written by the script).`, '');
  lines.push(`Machine: ${r.machine.cpus} × ${r.machine.model}, ${r.machine.memoryGiB} GiB, shared. Load average before the script ${load.before}, after ${load.after}; the runner's own: before ${r.machine.loadBefore.join(' ')}, after ${r.machine.loadAfter.join(' ')}.`, '');
  lines.push(`Settings: per-label mode, ${r.settings.connections} connection, ${r.settings.requests !== undefined ? `${r.settings.requests} requests` : `${r.settings.duration} s`} per label, target and round, ${r.settings.repeat} rounds interleaved (targets' order alternates); response cache off in tronlake; ${warmupText(r.settings)}, the distinct requests in turn, after tronlake's own warm-up (/health \`warmUp\` no longer running). p50 / p99 are nearest-rank over every answered request of all rounds (${p99Reading(r.settings.repeat * (r.settings.requests ?? 0))}).`, '');
  const fl = r.floor?.overall.total.latency;
  lines.push(`Floor (bare Fastify route, same run): p50 ${ms(fl?.p50)} ms, p99 ${ms(fl?.p99)} ms.`, '');
  lines.push('## Latency per request (ms) and the acceptance', '');
  lines.push('Acceptance (issue 32): tronlake p50 and p99 ≤ PostgreSQL\'s and ≤ 1/5 of DuckDB-by-hand\'s. Ratios are tronlake / peer (p50 | p99).', '');
  lines.push('| request | same rows | tronlake p50 / p99 | PostgreSQL p50 / p99 | DuckDB p50 / p99 | tronlake/PostgreSQL | tronlake/DuckDB | verdict |', '|---|---|---|---|---|---|---|---|');
  let met = 0;
  const missedBy = new Map<string, string[]>();
  const slowerNotes: string[] = [];
  for (const l of labels) {
    const a = answeredLatency(lab(tl, l));
    const [b, d] = [peerLatency(lab(pg, l), r.settings.duration, pg.errors), peerLatency(lab(dk, l), r.settings.duration, dk.errors)];
    for (const [name, x] of [['PostgreSQL', b], ['DuckDB', d]] as const) {
      if (x?.beyond !== undefined) slowerNotes.push(`${name}, ${l}: none of the ${x.beyond} requests sent was answered within its ${r.settings.duration} s window, so each took longer than that; its p50 and p99 are shown as "> ${r.settings.duration! * 1000}" and compared as that bound.`);
    }
    const s = same.get(l)!;
    const misses: string[] = [];
    if (!a || !b || !d) misses.push('not measured');
    else {
      if (a.p50 > b.p50) misses.push('p50 > PostgreSQL');
      if (a.p99 > b.p99) misses.push('p99 > PostgreSQL');
      if (a.p50 > d.p50 / 5) misses.push('p50 > DuckDB/5');
      if (a.p99 > d.p99 / 5) misses.push('p99 > DuckDB/5');
    }
    if (misses.length === 0) met++;
    for (const x of misses) missedBy.set(x, [...(missedBy.get(x) ?? []), l]);
    // A peer's bound (none answered in its window) prints as "> window" and its ratios as "< ratio".
    const at = (x: PeerLatency | undefined, q: 'p50' | 'p99') => (x?.beyond !== undefined ? `> ${x[q]}` : ms(x?.[q]));
    const over = (y: PeerLatency | undefined, q: 'p50' | 'p99') => {
      const v = ratio(a?.[q], y?.[q]);
      return y?.beyond === undefined ? v : v === '0.00' ? '< 0.01' : `< ${v}`;
    };
    lines.push(`| ${l} | ${s.same}/${s.n} | ${ms(a?.p50)} / ${ms(a?.p99)} | ${at(b, 'p50')} / ${at(b, 'p99')} | ${at(d, 'p50')} / ${at(d, 'p99')} | ${over(b, 'p50')} \\| ${over(b, 'p99')} | ${over(d, 'p50')} \\| ${over(d, 'p99')} | ${misses.length ? `**missed** (${misses.join('; ')})` : 'met'} |`);
  }
  lines.push('', `Met on ${met} of ${labels.length} requests; the acceptance point is ${met === labels.length ? 'met' : '**missed**'}.`, '');
  for (const [x, ls] of missedBy) lines.push(`- missed, ${x}: ${ls.join(', ')}`);
  if (missedBy.size) lines.push('');
  for (const n of slowerNotes) lines.push(`- ${n}`);
  if (slowerNotes.length) lines.push('');
  lines.push('How to read it:', '');
  lines.push(`- One run, one machine, shared: load average ${r.machine.loadBefore[0]?.toFixed(2)} → ${r.machine.loadAfter[0]?.toFixed(2)} on ${r.machine.cpus} cores, and the floor's own p99 is ${ms(fl?.p99)} ms. Absolute figures move with the machine; the ratios compare systems measured back to back in the same rounds.`);
  lines.push('- tronlake\'s answers carry more than the rows: totals (`total`, `rangeTotal`), names, tags, token info, confirmations. The peers compute none of that.');
  lines.push('- `/api/stableCoin/holder/top` is kept per dataset version by tronlake (src/endpoints/deep/holder-top.ts): after the warm-up its rows come from memory; the peers compute the ledger every time, as a user without a rollup would.');
  lines.push('- The peers\' heavy answers (holders, daily counts in PostgreSQL) are full scans of a token\'s or the lake\'s rows: they grow with history, where tronlake\'s rollups do not.', '');
  if (tl.server) lines.push('tronlake, measured from its /health before and after each of its phases:', '', ...serverCostText(tl.server, tl.overall.total.requests).map((l) => `- ${l}.`), '');
  lines.push('Requests answered per label and target (status 200 / all), checks failed, and the mean body each answer carries:', '');
  lines.push('| request | tronlake | PostgreSQL | DuckDB |', '|---|---|---|---|');
  for (const l of labels) {
    const cell = (t: TargetResult) => {
      const x = lab(t, l);
      return x ? `${x.statuses['200'] ?? 0} / ${x.requests}${x.checksFailed ? `, ${x.checksFailed} failed` : ''}, ${Math.round(x.bodyBytesMean)} B` : '–';
    };
    lines.push(`| ${l} | ${cell(tl)} | ${cell(pg)} | ${cell(dk)} |`);
  }
  if (r.settings.requests === undefined) {
    const cut = [tl, pg, dk].flatMap((t) => labels.map((l) => (lab(t, l) ? lab(t, l)!.sent - lab(t, l)!.requests : 0)));
    lines.push('', `Timed phases: the request in flight at the end of each window is not counted (sent − answered per label and target: ${Math.min(...cut)}-${Math.max(...cut)}, one per round at most with one connection).`);
  }
  lines.push('', '## Same rows', '');
  lines.push('Before the run every request was asked of the three systems (a tronlake of this checkout on the same lake) and the ordered row ids compared: block numbers; transaction hashes; transfer transaction hashes; day and count; holder and exact balance; the 50 holders. "same rows" above counts the requests whose three lists are equal and not empty. Our answers carry more than the peers\' rows (envelopes, totals, names and tags, token info, confirmations): the peers return rows only.', '');
  const diffs = [...same.values()].flatMap((s) => s.diff);
  lines.push(diffs.length ? `Differences:\n\n${diffs.map((d) => `- ${d}`).join('\n')}` : 'No difference.', '');
  lines.push('## Load time and bytes', '');
  lines.push('| system | load | bytes |', '|---|---|---|');
  lines.push(`| ${c.version} | ${c.load.totalS} s: DuckDB writes CSV ${c.load.csvS} s, COPY ${c.load.copyS} s, ${INDEXES.length} indexes ${c.load.indexS} s, VACUUM ANALYZE ${c.load.analyzeS} s | ${mb(c.totalBytes)} (pg_total_relation_size: ${TABLES.map((t) => `${t.name} ${mb(c.bytes[t.name]!)}`).join(', ')}) |`);
  const peerRaw = Object.entries(bytes).filter(([k]) => k.startsWith('peer:')).reduce((a, [, v]) => a + v, 0);
  lines.push(`| DuckDB by hand | none (reads the raw day files) | ${mb(peerRaw)} (the Parquet it reads: ${Object.entries(bytes).filter(([k]) => k.startsWith('peer:')).map(([k, v]) => `${k.slice(5)} ${mb(v)}`).join(', ')}) |`);
  const own = Object.entries(bytes).filter(([k]) => !k.startsWith('peer:'));
  lines.push(`| tronlake | the lake's build (generate + derive), not re-measured here | ${mb(own.reduce((a, [, v]) => a + v, 0))} (the version folder: ${own.map(([k, v]) => `${k} ${mb(v)}`).join(', ')}) |`);
  lines.push('', `PostgreSQL rows: ${TABLES.map((t) => `${t.name} ${c.rows[t.name]}`).join(', ')}. Cluster settings: ${c.settings} (a throwaway cluster: durability off for the load; queries read from memory either way), the rest PostgreSQL's defaults.`, '');
  lines.push('Indexes:', '', ...INDEXES.map((i) => `- \`${i}\``), '- `blocks.block_number` is the primary key', '');
  lines.push('## What each peer runs', '');
  lines.push('Each peer process is `bench/peers/server.ts`: a Fastify route at our endpoint\'s path taking the same parameters, one statement per request (bench/peers/queries.ts), parameters bound, answered as `{ data: rows }`. PostgreSQL through a minimal protocol-3 client on the cluster\'s Unix socket (Parse/Bind/Execute, text values); DuckDB one in-memory connection over `read_parquet` globs of the raw day files (hive partitions), no derived dataset. One example per request, PostgreSQL first (DuckDB\'s differs only in the table names, read_parquet of the day files, and HUGEINT for numeric):', '');
  for (const l of labels) {
    const it = its.find((i) => i.label === l)!;
    const req = parseRequest(it.path, new URLSearchParams(it.query));
    const p = pgStatement(req, samples.head);
    const dq = duckStatement(req, samples.head, vdir);
    lines.push(`### ${l}`, '', `\`GET ${target(it)}\``, '', '```sql', p.sql, '```', '', `Parameters: ${JSON.stringify(p.params)}. DuckDB reads ${[...new Set([...dq.sql.matchAll(/(?:raw|snap)\/(\w+)[/.]/g)].map((x) => x[1]))].join(', ')} by hand.`, '');
  }
  return lines.join('\n') + '\n';
}

/** What a nearest-rank p99 of `n` samples is: the slowest answer up to 100 samples, else the ceil(0.99 n)-th. */
function p99Reading(n: number): string {
  if (n <= 0) return 'samples per label and target as answered';
  const rank = Math.ceil(0.99 * n);
  return rank >= n
    ? `with ${n} samples per label and target, nearest rank makes the p99 the slowest answer: read it as a max`
    : `with ${n} samples per label and target, the p99 is the ${rank}th of ${n}: the ${n - rank} slowest answers are above it`;
}
