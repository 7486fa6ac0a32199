/**
 * The one load-measuring code path: drives a workload against one target with autocannon and records every
 * response per label (latency, status, bytes, checks). Used by `tronlake bench` and by the project's bench/.
 */
import http from 'node:http';
import https from 'node:https';
import autocannon from 'autocannon';
import { failedCheck, needsJson } from './checks.ts';
import { runClients, type Prepared } from './clients.ts';
import type { GcKind, GcPauses } from '../http/health.ts';
import { Samples } from './stats.ts';
import { requestPath, WorkloadSchedule, type WorkloadItem } from './workload.ts';

/** Where requests go: a base URL (origin and an optional base path) and a name for the report. */
export interface Target {
  name: string;
  url: string;
}

export interface PhaseOptions {
  connections: number;
  /** Seconds under load; ignored when `requests` is set. */
  duration?: number;
  /** Total requests to make (spread over the connections); overrides `duration`. */
  requests?: number;
  /** Seconds to wait for one response before counting a timeout. */
  timeoutS: number;
  /** Connection errors and timeouts after which the phase stops (so a dead target cannot hang a run). */
  bailout: number;
  /** Called about once a second with the responses so far. */
  onProgress?: (answered: number) => void;
  /**
   * Clients wait the `Retry-After` of a 503 or 429 before their next request (the contract asks clients to). Runs on
   * the runner's own clients (clients.ts): autocannon cannot pause a connection.
   */
  honourRetryAfter?: boolean;
}

export interface PhaseResult {
  /** Samples per label, in the workload's label order. */
  labels: Map<string, Samples>;
  seconds: number;
  /** Connection errors (timeouts included) and timeouts, as autocannon counted them. */
  errors: number;
  timeouts: number;
  /** Set when the phase stopped early: why. */
  aborted?: string;
}

/** A target's base URL, checked (http or https, no query or fragment), e.g. `parseTarget('http://127.0.0.1:3000').origin`. */
export function parseTarget(url: string): URL {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new Error(`--url ${url}: not a URL (expected http://host:port or https://host/base)`);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error(`--url ${url}: only http and https are supported`);
  if (u.search || u.hash) throw new Error(`--url ${url}: give a base URL without query or fragment (paths come from the workload)`);
  return u;
}

/** The items ready to send to a target whose base path is `basePath` (`''` for the root). */
export function prepare(items: readonly WorkloadItem[], basePath: string): Prepared[] {
  return items.map((it) => {
    const headers: Record<string, string> = { ...(it.headers ?? {}) };
    let body: string | undefined;
    if (it.body !== undefined) {
      body = typeof it.body === 'string' ? it.body : JSON.stringify(it.body);
      if (!Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) headers['content-type'] = 'application/json';
    }
    return { label: it.label, method: it.method, path: requestPath(it, basePath), headers, body, check: it.expect, parse: needsJson(it.expect) };
  });
}

/** Runs one phase: the items in their weighted order over `connections` connections until the duration or count is reached. */
export async function runPhase(target: Target, items: readonly WorkloadItem[], opts: PhaseOptions): Promise<PhaseResult> {
  if (!opts.honourRetryAfter) return runAutocannon(target, items, opts);
  const base = parseTarget(target.url);
  const prepared = prepare(items, base.pathname === '/' ? '' : base.pathname);
  const schedule = new WorkloadSchedule(items);
  const r = await runClients(base, prepared, () => schedule.next(), {
    connections: opts.connections,
    duration: opts.duration,
    requests: opts.requests,
    timeoutS: opts.timeoutS,
    bailout: opts.bailout,
    honourRetryAfter: true,
    onProgress: opts.onProgress,
  });
  const out: PhaseResult = { labels: r.labels, seconds: r.seconds, errors: r.errors, timeouts: r.timeouts };
  if (opts.bailout > 0 && r.errors >= opts.bailout) out.aborted = `stopped after ${r.errors} connection errors or timeouts${r.firstError ? ` (first: ${r.firstError})` : ''}`;
  return out;
}

function runAutocannon(target: Target, items: readonly WorkloadItem[], opts: PhaseOptions): Promise<PhaseResult> {
  const base = parseTarget(target.url);
  const prepared = prepare(items, base.pathname === '/' ? '' : base.pathname);
  const schedule = new WorkloadSchedule(items);
  const labels = new Map<string, Samples>();
  for (const p of prepared) if (!labels.has(p.label)) labels.set(p.label, new Samples());
  let answered = 0;
  let firstError: string | undefined;
  // autocannon reports a response in two synchronous steps: the request's onResponse (status, body, our context)
  // then the instance's 'response' event (latency, bytes). The first leaves the item here for the second.
  let pending: { item: Prepared; status: number; body: string; retryAfter: boolean } | undefined;

  return new Promise((resolve, reject) => {
    let instance: autocannon.Instance;
    try {
      instance = autocannon(
        {
          url: base.origin,
          connections: opts.connections,
          ...(opts.requests !== undefined ? { amount: opts.requests } : { duration: opts.duration ?? 10 }),
          timeout: opts.timeoutS,
          // autocannon notices the end of a phase on its sampling tick (1 s by default): a short tick ends a
          // counted phase as soon as its last response is in.
          sampleInt: 50,
          bailout: opts.bailout,
          requests: [
            {
              setupRequest: (req, context) => {
                const p = prepared[schedule.next()]!;
                (context as { item?: Prepared }).item = p;
                labels.get(p.label)!.sent++;
                return { ...req, method: p.method as 'GET', path: p.path, headers: { ...req.headers, ...p.headers }, body: p.body };
              },
              onResponse: (status, body, context, headers) => {
                pending = { item: (context as { item: Prepared }).item, status, body, retryAfter: Object.keys(headers ?? {}).some((h) => h.toLowerCase() === 'retry-after') };
              },
            },
          ],
        },
        (err, result) => {
          if (err) return reject(err);
          const seconds = result.duration;
          for (const s of labels.values()) s.seconds = seconds;
          const out: PhaseResult = { labels, seconds, errors: result.errors, timeouts: result.timeouts };
          if (opts.bailout > 0 && result.errors >= opts.bailout) {
            out.aborted = `stopped after ${result.errors} connection errors or timeouts${firstError ? ` (first: ${firstError})` : ''}`;
          }
          resolve(out);
        },
      );
    } catch (e) {
      reject(e);
      return;
    }
    instance.on('response', (_client, statusCode, resBytes, responseTime) => {
      const r = pending;
      pending = undefined;
      if (!r) return;
      const bodyBytes = Buffer.byteLength(r.body);
      const failed = failedCheck(r.item.check, statusCode, r.item.parse ? r.body : '', bodyBytes);
      const s = labels.get(r.item.label)!;
      s.record(statusCode, responseTime, resBytes, bodyBytes, failed, r.item.path);
      if (r.retryAfter) s.retryAfter++;
      answered++;
    });
    instance.on('reqError', (e: Error) => {
      firstError ??= (e as NodeJS.ErrnoException).code ?? e.message;
    });
    if (opts.onProgress) instance.on('tick', () => opts.onProgress!(answered));
  });
}

/** Why a target cannot be benchmarked, in words (connection refused, no answer in time, …). */
export class UnreachableError extends Error {
  override name = 'UnreachableError';
}

/**
 * One request outside the measured load (probe, warm-up), bounded by `timeoutMs`. Plain node:http(s), not fetch:
 * fetch refuses some ports (6000, 6667, …) that a target may well use.
 */
function request(
  url: string, o: { method?: string; headers?: Record<string, string>; body?: string; timeoutMs: number; ownConnection?: boolean },
): Promise<{ status: number; text: string }> {
  const u = new URL(url);
  const mod = u.protocol === 'https:' ? https : http;
  // ownConnection: a new connection, closed after, so serving processes sharing a port each get their turn.
  const connection = o.ownConnection ? { agent: false as const, headers: { ...o.headers, connection: 'close' } } : { headers: o.headers };
  return new Promise((resolve, reject) => {
    const req = mod.request(u, { method: o.method ?? 'GET', ...connection }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.setTimeout(o.timeoutMs, () => req.destroy(Object.assign(new Error(`no answer within ${o.timeoutMs / 1000} s`), { code: 'TIMEOUT' })));
    req.on('error', reject);
    req.end(o.body);
  });
}

function describeError(e: unknown): string {
  const err = e as NodeJS.ErrnoException;
  if (err?.code === 'TIMEOUT') return err.message;
  if (err?.code) return `${err.code}${err.message && !err.message.startsWith(err.code) ? ` (${err.message})` : ''}`;
  // Connecting to "localhost" tries each address; the errors come together.
  if (e instanceof AggregateError && e.errors.length > 0) return describeError(e.errors[0]);
  return e instanceof Error ? e.message : String(e);
}

/**
 * Checks that the target answers before any load is sent, and reads its `/health` when it is a tronlake
 * (null otherwise). Never hangs: the request is bounded by `timeoutMs`.
 */
export async function probe(target: Target, timeoutMs: number): Promise<Record<string, unknown> | null> {
  const base = parseTarget(target.url);
  let res: { status: number; text: string };
  try {
    res = await request(`${base.origin}/health`, { headers: { accept: 'application/json' }, timeoutMs });
  } catch (e) {
    throw new UnreachableError(`cannot reach ${target.url}: ${describeError(e)}`);
  }
  // Any status: a degraded tronlake answers /health with 503 and still names its dataset.
  try {
    const h = JSON.parse(res.text) as unknown;
    return h && typeof h === 'object' && !Array.isArray(h) && 'fingerprint' in h ? (h as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * What a tronlake target's serving processes spent over a stretch of the run, summed over them (/health `cpuMs` and
 * `gc`): CPU time (user + system, DuckDB's threads included), a steadier measure of a change than latency on a busy
 * machine, and the GC pauses that hold the answers in flight.
 */
export interface ServerCost {
  processes: number;
  cpuMs: number;
  gc: GcPauses;
}

/** One serving process's /health `cpuMs` and `gc` (running totals since it started). */
type ProcessCost = Omit<ServerCost, 'processes'>;

/**
 * /health's `cpuMs` and `gc` of every serving process of a tronlake target, by process index (0 alone), e.g. before
 * and after the rounds; null when the target reports none (another API, an older tronlake) or a process did not answer
 * within a few tries (each try a new connection: the port hands connections to its processes in turn).
 */
export async function costOfProcesses(target: Target, timeoutMs: number): Promise<Map<number, ProcessCost> | null> {
  const base = parseTarget(target.url);
  const seen = new Map<number, ProcessCost>();
  for (let attempt = 0, of = 1; seen.size < of && attempt < 8 * of; attempt++) {
    let h: { cpuMs?: number; gc?: GcPauses; worker?: { index?: unknown; of?: unknown } };
    try {
      h = JSON.parse((await request(`${base.origin}/health`, { headers: { accept: 'application/json' }, timeoutMs, ownConnection: true })).text) as typeof h;
    } catch {
      return null;
    }
    if (typeof h?.cpuMs !== 'number' || typeof h.gc?.minor?.count !== 'number' || typeof h.gc.major?.count !== 'number') return null;
    const w = h.worker;
    if (typeof w?.index === 'number' && typeof w.of === 'number') of = w.of;
    seen.set(typeof w?.index === 'number' ? w.index : 0, { cpuMs: h.cpuMs, gc: h.gc });
  }
  return seen;
}

/**
 * A tronlake target's cost summed over stretches of the run (its phases), e.g. `meter.add(before, after)` around each;
 * `total` is undefined when no stretch was read, or one could not be (a process missing before or after).
 */
export class CostMeter {
  private sum: ServerCost | undefined;
  private unreadable = false;

  add(before: Map<number, ProcessCost> | null, after: Map<number, ProcessCost> | null): void {
    if (!before || !after || before.size !== after.size || [...after.keys()].some((k) => !before.has(k))) {
      this.unreadable = true;
      return;
    }
    const sum = (this.sum ??= { processes: 0, cpuMs: 0, gc: { minor: { count: 0, ms: 0 }, major: { count: 0, ms: 0 } } });
    sum.processes = Math.max(sum.processes, after.size);
    for (const [k, a] of after) {
      const b = before.get(k)!;
      sum.cpuMs += a.cpuMs - b.cpuMs;
      for (const kind of ['minor', 'major'] as const) {
        sum.gc[kind].count += a.gc[kind].count - b.gc[kind].count;
        sum.gc[kind].ms += a.gc[kind].ms - b.gc[kind].ms;
      }
    }
  }

  get total(): ServerCost | undefined {
    if (this.unreadable || !this.sum) return undefined;
    const round = (ms: number): number => Math.round(ms * 100) / 100;
    const { processes, cpuMs, gc } = this.sum;
    const kind = (k: GcKind): GcKind => ({ count: k.count, ms: round(k.ms) });
    return { processes, cpuMs: round(cpuMs), gc: { minor: kind(gc.minor), major: kind(gc.major) } };
  }
}

/**
 * Sends each of the first `n` items once, one at a time, so the measured phase starts on a warm server. A target of
 * several serving processes on one port (`processes`, /health `worker.of`) gets each item once per process, each on a
 * connection of its own, which the port's round robin hands to the next process: over one kept-alive connection the
 * whole warm-up went to one process, and the phases the other took were measured cold. With `minMs`, the items are
 * sent again from the first until `minMs` has passed as well (the request in flight is finished).
 */
export async function warmUp(target: Target, items: readonly WorkloadItem[], n: number, timeoutMs: number, processes = 1, minMs = 0): Promise<void> {
  const base = parseTarget(target.url);
  const prepared = prepare(items, base.pathname === '/' ? '' : base.pathname).slice(0, n);
  const t0 = performance.now();
  for (let k = 0; prepared.length > 0 && (k < prepared.length || performance.now() - t0 < minMs); k++) {
    const p = prepared[k % prepared.length]!;
    for (let i = 0; i < processes; i++) {
      try {
        await request(base.origin + p.path, { method: p.method, headers: p.headers, body: p.body, timeoutMs, ownConnection: processes > 1 });
      } catch (e) {
        throw new UnreachableError(`warm-up request ${p.method} ${p.path} to ${target.url} failed: ${describeError(e)}`);
      }
    }
  }
}
