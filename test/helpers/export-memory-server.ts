/**
 * A server alone in its own process, for the export-memory test (test/http/admission.test.ts): its memory is the
 * server's only. Measured in a test worker, memory also holds what the worker's earlier files left.
 *
 * What it measures is what the server *keeps* while an export streams: the V8 heap and external memory after a full
 * collection (node --expose-gc), sampled every 50 ms. Plain RSS measured V8's collection timing instead: the same
 * 19 MB export grew RSS by 0 to 117 MB run to run, all of it garbage a full collection frees (with a collection
 * before each sample the growth was 0 on every run), so a bound on it failed at random and could not tell a
 * streaming server from one that buffers the export. RSS on a million rows stays measured in bench/export-rss.ts.
 *
 * Usage: node --expose-gc --import tsx test/helpers/export-memory-server.ts LAKE_DIR. It answers one whole export
 * (the warm-up: DuckDB's buffer pool, the sort's memory and the code, as on any server that has answered before),
 * listens on 127.0.0.1, prints `{"port", "idle"}` as one line (bytes kept), and on any line on stdin prints
 * `{"most", "idleRss", "maxRss"}` and exits.
 */
import net from 'node:net';
import { buildApp } from '../../src/http/app.ts';
import { endpoints } from '../../src/endpoints/index.ts';
import { bigCsv } from './big-export.ts';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc');
/** Bytes the process keeps: its live heap and external memory (Buffers, strings handed to sockets) after a full collection. */
const kept = (): { kept: number; rss: number } => {
  gc();
  const m = process.memoryUsage();
  return { kept: m.heapUsed + m.external, rss: m.rss };
};

const app = await buildApp({ dataDir: process.argv[2]!, endpoints: [...endpoints, bigCsv], cacheBytes: 0, csvStallMs: 120_000 });
// The warm-up's answer is not kept (its body is the whole export).
if ((await app.inject({ method: 'GET', url: bigCsv.path })).statusCode !== 200) throw new Error('the warm-up export failed');
await app.listen({ port: 0, host: '127.0.0.1' });
// Settled: what the warm-up left behind (its answer, pending finalizers) collected before idle is read.
for (let i = 0; i < 3; i++) {
  await new Promise((r) => setTimeout(r, 100));
  gc();
}
const idle = kept();
let most = idle.kept;
let maxRss = idle.rss;
const sampler = setInterval(() => {
  const now = kept();
  most = Math.max(most, now.kept);
  maxRss = Math.max(maxRss, now.rss);
}, 50);
process.stdout.write(`${JSON.stringify({ port: (app.server.address() as net.AddressInfo).port, idle: idle.kept })}\n`);
process.stdin.once('data', async () => {
  clearInterval(sampler);
  process.stdout.write(`${JSON.stringify({ most, idleRss: idle.rss, maxRss })}\n`);
  await app.close();
  process.exit(0);
});
