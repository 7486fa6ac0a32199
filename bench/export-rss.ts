/**
 * Export memory (issue 30, defect 6): does a server's RSS stay within 100 MB of its idle RSS while it streams a CSV
 * download of at least a million rows? Starts `tronlake serve` on the lake (response cache, manifest watch and scrub
 * off, no request log; `--checkout DIR`: another checkout's server, e.g. the previous commit's), waits until /health
 * says its warm-up is over and lets it settle, records the idle RSS (VmRSS of /proc/<pid>/status, the
 * server's and every process below it), then downloads `--path` (a CSV export without `limit`: every row) as fast
 * as this process reads, counting the rows received (lines after the header) and reading the `X-Row-Count` trailer,
 * while sampling the RSS every 100 ms; `--repeat` (2) downloads one after the other, each against the RSS just before
 * it: the first shows what a cold server grows by (DuckDB's sort of the whole list happens before the first row: the
 * peak before the first byte), the second what streaming holds on a server that has answered an export before.
 * Writes idle, peak, peak − idle, rows, bytes, time and the verdict per download to `--out`.
 *
 *   npx tsx bench/export-rss.ts --data /work/bench/new-default [--path '/api/block?format=csv'] [--min-rows 1000000] [--repeat 2] [--port 7315] [--serve-flags '--memory 1GB'] [--checkout DIR] [--out bench/results/export-rss.md]
 */
import { spawn } from 'node:child_process';
import { promises as fs, readFileSync, readdirSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** A word as a POSIX shell reads it back (a URL's `&` and `?` quoted too). */
const shellWord = (w: string): string => (/^[\w@%+=:,./-]+$/.test(w) ? w : `'${w.replace(/'/g, `'\\''`)}'`);
const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const argv = process.argv.slice(2);
const flags = new Map<string, string>();
for (let i = 0; i < argv.length; i += 2) flags.set(argv[i]!.replace(/^--/, ''), argv[i + 1] ?? '');
const data = path.resolve(flags.get('data') ?? 'data/default');
const target = flags.get('path') ?? '/api/block?format=csv';
const minRows = Number(flags.get('min-rows') ?? 1_000_000);
const port = Number(flags.get('port') ?? 7315);
const serveFlags = (flags.get('serve-flags') ?? '').split(/\s+/).filter(Boolean);
const out = flags.get('out') ?? path.join('bench', 'results', 'export-rss.md');
const repeat = Number(flags.get('repeat') ?? 2);
const SERVE = ['--cache-bytes', '0', '--watch-ms', '0', '--scrub-rate', '0', '--quiet'];

/** Kilobytes of VmRSS of `pid` and of every process below it (/proc), e.g. a helper a loader started. */
function treeRssKb(pid: number): { total: number; byPid: Map<number, number> } {
  const byPid = new Map<number, number>();
  const children = new Map<number, number[]>();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const ppid = Number(/^PPid:\s+(\d+)/m.exec(readFileSync(`/proc/${d}/status`, 'utf8'))?.[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(d)]);
    } catch {
      // gone meanwhile
    }
  }
  const walk = (p: number): void => {
    try {
      byPid.set(p, Number(/^VmRSS:\s+(\d+)/m.exec(readFileSync(`/proc/${p}/status`, 'utf8'))?.[1] ?? 0));
    } catch {
      return;
    }
    for (const c of children.get(p) ?? []) walk(c);
  };
  walk(pid);
  return { total: [...byPid.values()].reduce((a, b) => a + b, 0), byPid };
}

interface Download {
  status: number;
  rows: number;
  bytes: number;
  trailer?: string;
  complete: boolean;
  seconds: number;
  firstByteMs: number;
  idleKb: number;
  peakKb: number;
  peakBeforeFirstByteKb: number;
  /** RSS at the first byte, and the most after it: what streaming itself adds. */
  firstByteKb: number;
  peakAfterFirstByteKb: number;
  samplesKb: number[];
}

/** One download of `target` while sampling the server's RSS every 100 ms. */
async function download(pid: number): Promise<Download> {
  const idleKb = treeRssKb(pid).total;
  let peakKb = idleKb;
  let peakBeforeFirstByteKb = idleKb;
  let firstByteMs = NaN;
  let firstByteKb = NaN;
  let peakAfterFirstByteKb = 0;
  const samplesKb: number[] = [];
  const sampler = setInterval(() => {
    const t = treeRssKb(pid).total;
    samplesKb.push(t);
    peakKb = Math.max(peakKb, t);
    if (Number.isNaN(firstByteMs)) peakBeforeFirstByteKb = Math.max(peakBeforeFirstByteKb, t);
    else {
      if (Number.isNaN(firstByteKb)) firstByteKb = t;
      peakAfterFirstByteKb = Math.max(peakAfterFirstByteKb, t);
    }
  }, 100);
  const t0 = performance.now();
  try {
    const r = await new Promise<{ status: number; rows: number; bytes: number; trailer?: string; complete: boolean }>((resolve, reject) => {
      http.get({ host: '127.0.0.1', port, path: target }, (res) => {
        let lines = 0;
        let bytes = 0;
        res.on('data', (d: Buffer) => {
          if (bytes === 0) firstByteMs = performance.now() - t0;
          bytes += d.length;
          for (let i = d.indexOf(10); i >= 0; i = d.indexOf(10, i + 1)) lines++;
        });
        res.on('end', () => {
          const trailer = res.trailers['x-row-count'];
          // Lines after the header; a quoted cell holding a newline would count twice, so the trailer is checked too.
          resolve({ status: res.statusCode ?? 0, rows: lines - 1, bytes, trailer: typeof trailer === 'string' ? trailer : undefined, complete: res.complete });
        });
        res.on('error', reject);
      }).on('error', reject);
    });
    return { ...r, seconds: (performance.now() - t0) / 1000, firstByteMs, idleKb, peakKb, peakBeforeFirstByteKb, firstByteKb, peakAfterFirstByteKb, samplesKb };
  } finally {
    clearInterval(sampler);
  }
}

const load0 = os.loadavg();
// The server of another checkout (--checkout DIR, e.g. the previous commit's worktree), measured by this script.
const serverRoot = path.resolve(flags.get('checkout') ?? root);
const child = spawn(process.execPath, ['--import', 'tsx', path.join(serverRoot, 'src', 'cli.ts'), 'serve', '--data', data, '--port', String(port), ...SERVE, ...serveFlags], {
  cwd: serverRoot,
  stdio: ['ignore', 'ignore', 'inherit'],
});
const stop = () => child.kill('SIGTERM');
process.once('SIGINT', stop);
try {
  let up = false;
  for (let i = 0; i < 900 && !up; i++) {
    try {
      const health = await fetch(`http://127.0.0.1:${port}/health`);
      // Measured once the warm-up is over: its builds (kept per-version state) ran beside the first download and
      // counted as the export's growth (420-560 MB of a first download here, 16-37 MB of the second).
      up = health.ok && (await health.json().then((h: { warmUp?: unknown }) => h.warmUp !== 'running', () => true));
    } catch {
      // not listening yet
    }
    if (!up) await new Promise((r) => setTimeout(r, 200));
  }
  if (!up) throw new Error('the server did not finish its warm-up within 180 s');
  // Settle: the start-up's garbage collected, nothing running.
  await new Promise((r) => setTimeout(r, 3_000));
  const started = treeRssKb(child.pid!);
  const runs: Download[] = [];
  for (let i = 0; i < repeat; i++) {
    runs.push(await download(child.pid!));
    console.error(`download ${i + 1}: ${runs.at(-1)!.rows} rows, RSS idle ${runs.at(-1)!.idleKb} kB, peak ${runs.at(-1)!.peakKb} kB`);
  }
  const load1 = os.loadavg();

  const mb = (kb: number) => (kb / 1024).toFixed(1);
  const lines = [
    '# Export memory (issue 30: RSS within 100 MB of idle while streaming 1M rows)',
    '',
    `Command: \`npx tsx bench/export-rss.ts ${argv.map(shellWord).join(' ')}\`; server \`tronlake serve --data ${data} ${[...SERVE, ...serveFlags].join(' ')}\`;`,
    `${repeat} download(s) of \`GET ${target}\` one after the other on the same server, each read as fast as the client takes it; RSS = VmRSS of the server and the`,
    `processes below it (${started.byPid.size} process(es)), sampled every 100 ms; idle = the RSS just before the download (the first: the server after start-up, settled 3 s).`,
    `Machine: ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB; load average (1 / 5 / 15 min) ${load0.map((x) => x.toFixed(1)).join(' / ')} at the start, ${load1.map((x) => x.toFixed(1)).join(' / ')} at the end.`,
    '',
    '| download | status | rows received | X-Row-Count | whole | MB | first byte s | s | rows/s | idle RSS MB | peak before first byte MB | peak RSS MB | peak − idle MB | ≤ 100 MB | while streaming: peak after first byte − RSS at it MB |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...runs.map((r, i) =>
      `| ${i + 1} | ${r.status} | ${r.rows} | ${r.trailer ?? '–'} | ${r.complete && r.trailer === String(r.rows) ? 'yes' : 'NO'} | ${(r.bytes / 1e6).toFixed(1)} | ${(r.firstByteMs / 1000).toFixed(1)} | ${r.seconds.toFixed(1)} | ${(r.rows / r.seconds).toFixed(0)} | ${mb(r.idleKb)} | ${mb(r.peakBeforeFirstByteKb)} | ${mb(r.peakKb)} | ${mb(r.peakKb - r.idleKb)} | ${r.rows < minRows ? `– (fewer than ${minRows} rows)` : r.peakKb - r.idleKb <= 100 * 1024 ? 'met' : 'NOT met'} | ${mb(r.peakAfterFirstByteKb - r.firstByteKb)} |`),
    '',
    ...runs.map((r, i) => `- download ${i + 1}, RSS every second (MB): ${r.samplesKb.filter((_, j) => j % 10 === 0).map((k) => mb(k)).join(' ')}`),
    '',
  ];
  await fs.writeFile(out, lines.join('\n'));
  console.error(lines.join('\n'));
} finally {
  stop();
  await new Promise((r) => child.once('exit', r));
}
