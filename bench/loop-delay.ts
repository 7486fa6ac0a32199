/**
 * Event-loop delay of a server process, for the overload bench (bench/overload.ts): preloaded into the server
 * (`node --import ./bench/loop-delay.ts src/cli.ts serve …`) with TRONLAKE_LOOP_DELAY_OUT=FILE, it samples the delay
 * with node:perf_hooks `monitorEventLoopDelay` (10 ms resolution) and, on each SIGUSR2, appends what it saw since the
 * previous SIGUSR2 to FILE as one JSON line (ms: p50, p99, max, mean; the count of samples), then starts afresh. The
 * bench sends SIGUSR2 at the start and at the end of each phase, so a line is one phase. Nothing of it is in the
 * server's code: without the preload the server is as served.
 */
import { appendFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const out = process.env.TRONLAKE_LOOP_DELAY_OUT;
if (out) {
  const h = monitorEventLoopDelay({ resolution: 10 });
  h.enable();
  const ms = (ns: number) => Math.round(ns / 1e4) / 100;
  process.on('SIGUSR2', () => {
    const line = { p50: ms(h.percentile(50)), p99: ms(h.percentile(99)), max: ms(h.max), mean: ms(h.mean), count: h.count };
    appendFileSync(out, `${JSON.stringify(line)}\n`);
    h.reset();
  });
}
