/**
 * A server alone in its own process, for the export-memory test (test/http/admission.test.ts): its RSS is the
 * server's only. Measured in a test worker, RSS also holds what the worker's earlier files left (apps, DuckDB
 * buffers, a larger heap that V8 lets fill with more garbage before it collects): the same export grew the worker's
 * RSS by 57 MB alone and by 133 MB after other files, for nothing the export itself kept.
 *
 * Usage: node --import tsx test/helpers/export-memory-server.ts LAKE_DIR. It answers one whole export (the warm-up:
 * DuckDB's buffer pool, the sort's memory and the code, as on any server that has answered before), listens on
 * 127.0.0.1, prints `{"port", "idleRss"}` as one line, samples its RSS every 5 ms, and on any line on stdin prints
 * `{"maxRss"}` and exits.
 */
import net from 'node:net';
import { buildApp } from '../../src/http/app.ts';
import { endpoints } from '../../src/endpoints/index.ts';
import { bigCsv } from './big-export.ts';

const app = await buildApp({ dataDir: process.argv[2]!, endpoints: [...endpoints, bigCsv], cacheBytes: 0, csvStallMs: 120_000 });
const warm = await app.inject({ method: 'GET', url: bigCsv.path });
if (warm.statusCode !== 200) throw new Error(`warm-up export answered ${warm.statusCode}`);
await app.listen({ port: 0, host: '127.0.0.1' });
const idleRss = process.memoryUsage.rss();
let maxRss = idleRss;
const sampler = setInterval(() => (maxRss = Math.max(maxRss, process.memoryUsage.rss())), 5);
process.stdout.write(`${JSON.stringify({ port: (app.server.address() as net.AddressInfo).port, idleRss })}\n`);
process.stdin.once('data', async () => {
  clearInterval(sampler);
  process.stdout.write(`${JSON.stringify({ maxRss })}\n`);
  await app.close();
  process.exit(0);
});
