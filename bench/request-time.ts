/**
 * A served request's time as the server sees it, to split a client's latency tail into the server's part and the rest
 * (the loopback, scheduling, the client itself). Preloaded into any Node HTTP server (`node --import tsx --import
 * ./bench/request-time.ts bin/tronlake.js serve --workers 1 …`) with TRONLAKE_REQUEST_TIME_OUT=FILE, it times every
 * request but /health from Node's 'request' event to the response's 'finish' (the last byte handed to the kernel), and
 * the gap from one 'finish' to the next request (the client's turn, at one connection). On each SIGUSR2 it appends
 * what it saw since the previous SIGUSR2 to FILE as one JSON line (ms, nearest rank), then starts afresh: signal
 * before and after the runner's phase. Nothing of it is in the server's code: without the preload the server is as
 * served. Results: bench/results/tail-split.md.
 */
import { appendFileSync } from 'node:fs';
import http from 'node:http';
import { nearestRank } from '../src/bench/stats.ts';

const out = process.env.TRONLAKE_REQUEST_TIME_OUT;
if (out) {
  let served: number[] = [];
  let gaps: number[] = [];
  let lastFinish = 0;
  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function (this: http.Server, event: string, ...args: unknown[]): boolean {
    if (event === 'request') {
      const [req, res] = args as [http.IncomingMessage, http.ServerResponse];
      if (!req.url?.startsWith('/health')) {
        const t0 = performance.now();
        if (lastFinish > 0) gaps.push(t0 - lastFinish);
        res.once('finish', () => {
          lastFinish = performance.now();
          served.push(lastFinish - t0);
        });
      }
    }
    return Reflect.apply(emit, this, [event, ...args]) as boolean;
  } as typeof emit;
  const rank = (xs: number[], p: number): number | null =>
    xs.length === 0 ? null : Math.round(nearestRank(Float64Array.from(xs).sort(), p) * 1000) / 1000;
  process.on('SIGUSR2', () => {
    const line = {
      answers: served.length,
      p50: rank(served, 50), p90: rank(served, 90), p99: rank(served, 99), p999: rank(served, 99.9), max: rank(served, 100),
      gapP50: rank(gaps, 50), gapP99: rank(gaps, 99),
    };
    appendFileSync(out, `${JSON.stringify(line)}\n`);
    served = [];
    gaps = [];
    lastFinish = 0;
  });
}
