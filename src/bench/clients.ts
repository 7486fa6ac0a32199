/**
 * The runner's own HTTP clients, for what autocannon cannot do: one request at a time with its exact latency (the
 * `sequential` mode, targets answering the same request back to back), and closed-loop clients that wait the
 * `Retry-After` a rejected answer asks for (overload runs). Each client holds one keep-alive connection, like an
 * autocannon connection; answers are recorded into the same per-label samples as autocannon's.
 */
import http from 'node:http';
import https from 'node:https';
import type net from 'node:net';
import { failedCheck } from './checks.ts';
import { Samples } from './stats.ts';
import type { WorkloadItem } from './workload.ts';

/** A workload item made ready to send: its full request path under the target's base path, body serialized. */
export interface Prepared {
  label: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
  check: WorkloadItem['expect'];
  parse: boolean;
}

/** One answered request. */
export interface Answer {
  status: number;
  /** From writing the request to the last byte of the answer, in ms (sub-millisecond resolution). */
  ms: number;
  /** Bytes read from the connection for this answer (status line, headers and body). */
  wireBytes: number;
  bodyBytes: number;
  /** The body text when a check needs it, else ''. */
  body: string;
  /** `Retry-After` of the answer in seconds, when it carried one (a number of seconds or an HTTP date). */
  retryAfterS?: number;
}

/** `Retry-After` in seconds, e.g. `retryAfterSeconds('2')` = `2`; an HTTP date counts from now; junk is undefined. */
export function retryAfterSeconds(v: string | undefined, now = Date.now()): number | undefined {
  if (v === undefined) return undefined;
  const t = v.trim();
  if (/^\d+$/.test(t)) return Number(t);
  const at = Date.parse(t);
  return Number.isNaN(at) ? undefined : Math.max(0, (at - now) / 1000);
}

/** One keep-alive connection to a target (a second socket is never opened while the first is in use). */
export class Connection {
  private readonly agent: http.Agent;
  private readonly mod: typeof http | typeof https;

  constructor(private readonly origin: URL) {
    this.mod = origin.protocol === 'https:' ? https : http;
    this.agent = new this.mod.Agent({ keepAlive: true, maxSockets: 1 });
  }

  /** Sends one prepared request and waits for its whole answer; rejects on a connection error or after `timeoutMs`. */
  send(p: Prepared, timeoutMs: number): Promise<Answer> {
    return new Promise((resolve, reject) => {
      let socket: net.Socket | undefined;
      let readBefore = 0;
      const t0 = performance.now();
      const req = this.mod.request(
        { protocol: this.origin.protocol, hostname: this.origin.hostname, port: this.origin.port, path: p.path, method: p.method, headers: p.headers, agent: this.agent },
        (res) => {
          const chunks: Buffer[] = [];
          let bodyBytes = 0;
          res.on('data', (c: Buffer) => {
            bodyBytes += c.length;
            if (p.parse) chunks.push(c);
          });
          res.on('end', () => {
            const ms = performance.now() - t0;
            const ra = retryAfterSeconds(res.headers['retry-after']);
            resolve({
              status: res.statusCode ?? 0,
              ms,
              wireBytes: socket ? socket.bytesRead - readBefore : bodyBytes,
              bodyBytes,
              body: p.parse ? Buffer.concat(chunks).toString('utf8') : '',
              ...(ra !== undefined ? { retryAfterS: ra } : {}),
            });
          });
          res.on('error', reject);
        },
      );
      req.on('socket', (s: net.Socket) => {
        socket = s;
        readBefore = s.bytesRead;
      });
      req.setTimeout(timeoutMs, () => req.destroy(Object.assign(new Error(`no answer within ${timeoutMs / 1000} s`), { code: 'TIMEOUT' })));
      req.on('error', reject);
      req.end(p.body);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

/** Records an answer into its label's samples (checks included), e.g. after `Connection.send`. */
export function recordAnswer(s: Samples, p: Prepared, a: Answer): void {
  s.record(a.status, a.ms, a.wireBytes, a.bodyBytes, failedCheck(p.check, a.status, p.parse ? a.body : '', a.bodyBytes), p.path);
  if (a.retryAfterS !== undefined) s.retryAfter++;
}

/** Counts a failed request (connection error or timeout); returns its short name, e.g. `'ECONNRESET'`. */
export function errorName(e: unknown): string {
  const err = e as NodeJS.ErrnoException;
  return err?.code ?? (e instanceof Error ? e.message : String(e));
}

export interface ClientsOptions {
  connections: number;
  duration?: number;
  requests?: number;
  timeoutS: number;
  bailout: number;
  /**
   * After a 503 or 429 with `Retry-After`, the client waits that long before its next request; one told to come back
   * after the end of a timed phase stops there.
   */
  honourRetryAfter: boolean;
  onProgress?: (answered: number) => void;
}

export interface ClientsResult {
  labels: Map<string, Samples>;
  seconds: number;
  errors: number;
  timeouts: number;
  firstError?: string;
}

/**
 * Closed-loop clients: each sends the next request of the shared order as soon as its previous one is answered (or
 * its Retry-After has passed). A timed phase lets the requests in flight at its end finish (nothing is cut off).
 */
export async function runClients(origin: URL, prepared: readonly Prepared[], next: () => number, o: ClientsOptions): Promise<ClientsResult> {
  const labels = new Map<string, Samples>();
  for (const p of prepared) if (!labels.has(p.label)) labels.set(p.label, new Samples());
  const t0 = performance.now();
  const deadline = o.requests === undefined ? t0 + (o.duration ?? 10) * 1000 : Number.POSITIVE_INFINITY;
  let started = 0;
  let answered = 0;
  let errors = 0;
  let timeouts = 0;
  let firstError: string | undefined;
  let stop = false;
  const tick = o.onProgress && setInterval(() => o.onProgress!(answered), 1000);
  // A client claims its next request before it waits, so with `requests` no client waits for a request another one
  // will send.
  const claim = (): boolean => {
    if (stop || performance.now() >= deadline || (o.requests !== undefined && started >= o.requests)) return false;
    started++;
    return true;
  };
  const client = async () => {
    const c = new Connection(origin);
    try {
      let mine = claim();
      while (mine) {
        const p = prepared[next()]!;
        const s = labels.get(p.label)!;
        s.sent++;
        let a: Answer;
        try {
          a = await c.send(p, o.timeoutS * 1000);
        } catch (e) {
          errors++;
          if ((e as NodeJS.ErrnoException).code === 'TIMEOUT') timeouts++;
          firstError ??= errorName(e);
          if (errors >= o.bailout) stop = true;
          mine = claim();
          continue;
        }
        answered++;
        recordAnswer(s, p, a);
        mine = claim();
        if (mine && o.honourRetryAfter && a.retryAfterS !== undefined && (a.status === 503 || a.status === 429)) {
          const wait = a.retryAfterS * 1000;
          // Told to come back after the phase has ended: this client is done.
          if (performance.now() + wait >= deadline) break;
          s.retryWaitMs += wait;
          await new Promise((r) => setTimeout(r, wait));
        }
      }
    } finally {
      c.close();
    }
  };
  try {
    await Promise.all(Array.from({ length: o.connections }, client));
  } finally {
    if (tick) clearInterval(tick);
  }
  const seconds = (performance.now() - t0) / 1000;
  for (const s of labels.values()) s.seconds = seconds;
  return { labels, seconds, errors, timeouts, ...(firstError ? { firstError } : {}) };
}
