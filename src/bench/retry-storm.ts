/**
 * A retry storm against a running server (issue 30): `clients` clients, each on one keep-alive connection of its own,
 * send the requests of `paths` in turn; a 503 is either honoured (wait its Retry-After, then send the same request
 * again with its Retry-Ticket) or resent at once (the storm). Beside them one prober asks /health on a connection of
 * its own every `healthEveryMs`. Used by bench/overload.ts and test/http/admission.test.ts; run as a script
 * (`node --import tsx src/bench/retry-storm.ts '<StormOptions as JSON>'`) it prints the StormResult as JSON, so the
 * clients can run in a process of their own, away from the server's event loop.
 */
import http from 'node:http';
import { fileURLToPath } from 'node:url';

export interface StormOptions {
  /** Base URL, e.g. http://127.0.0.1:7321 */
  url: string;
  /** Request paths (with query), sent round robin, each client starting at its own offset. */
  paths: readonly string[];
  clients: number;
  seconds: number;
  /** 'honour': wait Retry-After and send the ticket back; 'resend': send the same request again at once. */
  mode: 'honour' | 'resend';
  healthEveryMs?: number;
  /** Seconds to wait for one answer. */
  timeoutS?: number;
  /** Seconds at the start not counted in goodput (the line fills up; default 0). */
  warmupS?: number;
  /** Ask /health beside the clients (default true). */
  probeHealth?: boolean;
}

export interface Quantiles {
  n: number;
  p50: number;
  p99: number;
  max: number;
}

export interface StormResult {
  mode: StormOptions['mode'];
  clients: number;
  seconds: number;
  /** 200 answers per second, counted after the warm-up until the end. */
  goodput: number;
  ok: number;
  refused: number;
  /** Answers neither 200 nor 503, and transport errors. */
  other: number;
  /** Latency (ms) of each 200 answer (its last try), of each 503, and of /health. */
  admitted: Quantiles;
  rejected: Quantiles;
  health: Quantiles;
  /** Every /health latency (ms), to pool runs. */
  healthMs: number[];
  /** The most refusals one request met before its 200. */
  maxRefusalsInARow: number;
}

/** p50 / p99 / max of `xs` (ms), nearest rank. */
export function quantiles(xs: number[]): Quantiles {
  const s = [...xs].sort((a, b) => a - b);
  const at = (q: number) => (s.length === 0 ? NaN : s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)]!);
  return { n: s.length, p50: at(0.5), p99: at(0.99), max: s.length ? s[s.length - 1]! : NaN };
}

interface Answer {
  status: number;
  retryAfterS: number;
  ticket?: string;
  ms: number;
}

function get(agent: http.Agent, base: URL, path: string, headers: Record<string, string>, timeoutS: number): Promise<Answer> {
  const t0 = performance.now();
  return new Promise((resolve) => {
    const req = http.get({ host: base.hostname, port: base.port, path, agent, headers, timeout: timeoutS * 1000 }, (res) => {
      res.on('data', () => undefined);
      res.on('end', () => {
        const ticket = res.headers['retry-ticket'];
        resolve({
          status: res.statusCode ?? 0,
          retryAfterS: Number(res.headers['retry-after'] ?? 1) || 1,
          ticket: typeof ticket === 'string' ? ticket : undefined,
          ms: performance.now() - t0,
        });
      });
      res.on('error', () => resolve({ status: 0, retryAfterS: 1, ms: performance.now() - t0 }));
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve({ status: 0, retryAfterS: 1, ms: performance.now() - t0 }));
  });
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Runs one storm; resolves when `seconds` have passed and every client has its last answer. */
export async function retryStorm(o: StormOptions): Promise<StormResult> {
  const base = new URL(o.url);
  const timeoutS = o.timeoutS ?? 30;
  const end = performance.now() + o.seconds * 1000;
  const counted = performance.now() + (o.warmupS ?? 0) * 1000;
  const admitted: number[] = [];
  const rejected: number[] = [];
  const health: number[] = [];
  let other = 0;
  let maxInARow = 0;
  let okInTime = 0;

  const client = async (c: number) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    let i = c;
    try {
      while (performance.now() < end) {
        const path = o.paths[i++ % o.paths.length]!;
        let refusals = 0;
        let headers: Record<string, string> = {};
        for (;;) {
          const a = await get(agent, base, path, headers, timeoutS);
          if (a.status === 200) {
            admitted.push(a.ms);
            if (performance.now() <= end && performance.now() >= counted) okInTime++;
            maxInARow = Math.max(maxInARow, refusals);
            break;
          }
          if (a.status !== 503) {
            other++;
            break;
          }
          rejected.push(a.ms);
          refusals++;
          if (performance.now() >= end) break;
          if (o.mode === 'honour') {
            await sleep(a.retryAfterS * 1000);
            headers = a.ticket ? { 'retry-ticket': a.ticket } : {};
          }
        }
      }
    } finally {
      agent.destroy();
    }
  };

  const prober = async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      while (performance.now() < end) {
        const a = await get(agent, base, '/health', {}, timeoutS);
        if (a.status === 200) health.push(a.ms);
        else other++;
        await sleep(o.healthEveryMs ?? 20);
      }
    } finally {
      agent.destroy();
    }
  };

  const t0 = performance.now();
  await Promise.all([...Array.from({ length: o.clients }, (_, c) => client(c)), ...(o.probeHealth === false ? [] : [prober()])]);
  const seconds = Math.min(o.seconds, (performance.now() - t0) / 1000);
  return {
    mode: o.mode,
    clients: o.clients,
    seconds,
    goodput: okInTime / (o.seconds - (o.warmupS ?? 0)),
    ok: admitted.length,
    refused: rejected.length,
    other,
    admitted: quantiles(admitted),
    rejected: quantiles(rejected),
    health: quantiles(health),
    healthMs: health,
    maxRefusalsInARow: maxInARow,
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const r = await retryStorm(JSON.parse(process.argv[2] ?? '{}') as StormOptions);
  process.stdout.write(JSON.stringify(r));
}
