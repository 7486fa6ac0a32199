/**
 * Configuration: environment and flags → one typed object (zod). Flags win over environment, environment over
 * defaults. Defaults were chosen by the benchmark on a 2-core machine (bench/README.md).
 */
import os from 'node:os';
import { z } from 'zod';
import { SERVE_SETTINGS, type ServeSetting } from './serve-settings.ts';

export { SERVE_SETTINGS, type ServeSetting };

const num = (d: number) => z.coerce.number().int().positive().default(d);

export const serveConfigSchema = z.object({
  dataDir: z.string().default('data/default'),
  port: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Interface to listen on: loopback by default; exposing the port (`--host 0.0.0.0`) is the operator's choice. */
  host: z.string().default('127.0.0.1'),
  /**
   * DuckDB connections: concurrent queries. One per core: with one thread per query (below) the cores are busy when
   * every connection is; twice the cores was not told apart from it (src/engine/README.md "Sizing").
   */
  poolSize: num(Math.max(2, os.cpus().length)),
  /**
   * DuckDB worker threads of the instance; 1 = each query runs on its own connection's thread, one core per query.
   * Interactive requests come many at once, so parallelism comes from the pool, not from splitting one query: with 2
   * threads the list mix took 1.4-1.8× the server CPU per answer (src/engine/README.md "Sizing").
   */
  threads: num(1),
  memoryLimit: z.string().regex(/^\d+(\.\d+)?\s*(KB|MB|GB|TB|KiB|MiB|GiB|TiB)$/i).default('4GB'),
  /** A query running longer is interrupted (503). */
  timeoutMs: num(15_000),
  /** Response cache budget in bytes (0 disables). */
  cacheBytes: z.coerce.number().int().min(0).default(64 * 1024 * 1024),
  /** Poll the manifest and switch to a newly published version (ms; 0 disables). */
  watchMs: z.coerce.number().int().min(0).default(2_000),
  /**
   * Most time spent answering the endpoints' `warm` requests on a newly published version before switching to it, so
   * what the version keeps (kit/per-version.ts) is built before a client asks (ms; 0 disables: then, and at start,
   * the first client waits for it). At start the warm-up runs beside serving.
   */
  warmMaxMs: z.coerce.number().int().min(0).default(30_000),
  /** Background scrub of the served version's files against their content hashes: bytes read per second (0 disables). */
  scrubRate: z.coerce.number().int().min(0).default(32 * 1024 * 1024),
  /** Least time between the starts of two scrub passes (ms). */
  scrubIntervalMs: z.coerce.number().int().min(0).default(15 * 60_000),
  /** Alternate base path under which /api/token/all is also served (SPEC conventions: {alt_base_url}). */
  altPrefix: z.string().default('/alt'),
  /** Second port serving the alternate base address, when set. */
  altPort: z.coerce.number().int().min(0).max(65535).optional(),
  /** Accepted API keys for key-protected endpoints (comma-separated); empty = any non-empty key is accepted. */
  apiKeys: z.string().default(''),
  /**
   * Requests queued beyond the pool before new ones are refused with 503 OVERLOADED (admission control); the
   * default admits the pool plus as many again waiting, so an admitted answer waits at most about one query
   * (bench/results/overload.md). -1 = unbounded.
   */
  maxQueue: z.coerce.number().int().min(-1).optional(),
  /**
   * Requests that wait, first in first out, for a slot when pool and queue are full, each at most `maxWaitMs`; past
   * that number a request is refused at once (503 OVERLOADED, no slot, no wait). 0 = refuse at once as before issue 30.
   */
  maxWaiting: z.coerce.number().int().min(0).default(1_024),
  /** Longest wait for a slot (ms), then 503 OVERLOADED with Retry-After. */
  maxWaitMs: z.coerce.number().int().min(0).default(1_000),
  /** A CSV reader that takes nothing for this long is dropped and its connection released (ms). */
  csvStallMs: num(10_000),
  /**
   * Exports (streamed CSV) are bounded by the operator, not by `timeoutMs`: an export running longer than this is cut
   * (ms; 0 = no time limit). One hour by default: the default lake's largest table streams in minutes to a reader
   * that keeps up.
   */
  exportMaxMs: z.coerce.number().int().min(0).default(3_600_000),
  /** An export past this many rows is cut (0 = no row limit). */
  exportMaxRows: z.coerce.number().int().min(0).default(0),
  /**
   * Exports streamed at once, each on a DuckDB connection of its own beside the query pool (the export lane): a long
   * download never holds a query connection; past this, a new export is 503 OVERLOADED with Retry-After.
   */
  maxExports: num(2),
  /** Longest request URL accepted (bytes): longer is 414. Headers over Node's 16 KiB are 431. */
  maxUrlBytes: num(8_192),
  /** Largest request body (bytes): larger is 413. */
  bodyLimit: num(1_048_576),
  /**
   * Issue 33: the price source /api/trx/volume answers without `source` (a price_candles source name, or `sunswap`,
   * the chain's own swaps). Unset: the lake's first price_candles USD source by name, else `sunswap` (docs/compat.md
   * "## Prices (issue 33)").
   */
  priceSource: z.string().trim().min(1).max(64).optional(),
  /**
   * Serving processes sharing the port (src/http/workers.ts), each with its own main thread and DuckDB instance. One
   * Node main thread does every answer's JSON, key-file pages and socket writes: on 2 cores the list mix at 50
   * connections was answered 650-1,060 times a second by one process and 2,070-2,510 by two, in alternating runs
   * (bench/results/throughput.md). One per core, at most 2 by default: each process keeps its own copy of what a
   * version holds in memory (~1.5 GB on the default lake). The machine-wide limits above are shared out (`forWorker`).
   */
  workers: z.coerce.number().int().min(1).max(64).default(Math.min(2, os.cpus().length)),
});

export type ServeConfig = z.infer<typeof serveConfigSchema>;

/** Bytes of a DuckDB size, e.g. `sizeBytes('4GB')` = 4e9 (DuckDB's units: KB = 1000 bytes, KiB = 1024). */
function sizeBytes(size: string): number {
  const m = /^(\d+(?:\.\d+)?)\s*([KMGT])(i?)B$/i.exec(size)!;
  return Number(m[1]) * (m[3] ? 1024 : 1000) ** ('KMGT'.indexOf(m[2]!.toUpperCase()) + 1);
}

/**
 * The settings of serving process `index` (0-based) of `cfg.workers`: the machine-wide limits shared out so that
 * together the processes hold what one would (pool connections, queue, line, exports, DuckDB memory, response cache,
 * scrub rate), a remainder going to the first processes, e.g. a pool of 3 over 2 workers is 2 + 1. A limit that is
 * on keeps at least 1 a process (a pool of 1 over 2 workers is 1 + 1); 0 (off) and -1 (unbounded) stay as they are.
 */
export function forWorker(cfg: ServeConfig, index: number): ServeConfig {
  const n = cfg.workers;
  if (n === 1) return cfg;
  const share = (total: number): number => (total <= 0 ? total : Math.max(1, Math.floor(total / n) + (index < total % n ? 1 : 0)));
  return {
    ...cfg,
    poolSize: share(cfg.poolSize),
    maxQueue: cfg.maxQueue === undefined ? undefined : share(cfg.maxQueue),
    maxWaiting: share(cfg.maxWaiting),
    maxExports: share(cfg.maxExports),
    memoryLimit: `${Math.max(1, Math.floor(sizeBytes(cfg.memoryLimit) / n / 1e6))}MB`,
    cacheBytes: share(cfg.cacheBytes),
    scrubRate: share(cfg.scrubRate),
  };
}

/**
 * Every setting's flag and environment variable (src/serve-settings.ts, kept free of zod so the CLI starts fast): a
 * setting added to the schema needs its line there, and this check says so.
 */
SERVE_SETTINGS satisfies Record<keyof z.input<typeof serveConfigSchema>, ServeSetting>;

/** A setting given a value it cannot take; the message names the flag or variable, e.g. `--port: expected an integer, got 'x'`. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** A zod issue in words, e.g. `expected an integer` (the value itself is added by the caller). */
function issueText(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.expected === 'number' || issue.expected === 'int' ? 'expected an integer' : `expected ${issue.expected}`;
    case 'too_small':
      return `must be ${issue.inclusive === false ? '>' : '≥'} ${String(issue.minimum)}`;
    case 'too_big':
      return `must be ${issue.inclusive === false ? '<' : '≤'} ${String(issue.maximum)}`;
    case 'invalid_format':
      return issue.format === 'regex' ? 'expected a size such as 512MB or 4GB' : `expected the ${issue.format} format`;
    default:
      return issue.message;
  }
}

/** Builds the serve configuration from flags and the environment, e.g. `serveConfig({ port: '8080' })`. */
export function serveConfig(flags: Record<string, string | undefined>, env: NodeJS.ProcessEnv = process.env): ServeConfig {
  const input: Record<string, string | undefined> = {};
  // Where each value came from, to name it in an error: the flag when given, else the environment variable.
  const source = new Map<string, string>();
  for (const [key, s] of Object.entries(SERVE_SETTINGS) as [keyof typeof SERVE_SETTINGS, ServeSetting][]) {
    const fromFlag = flags[s.flag];
    input[key] = fromFlag ?? env[s.env];
    source.set(key, fromFlag !== undefined ? `--${s.flag}` : s.env);
  }
  const r = serveConfigSchema.safeParse(input);
  if (r.success) return r.data;
  const lines = r.error.issues.map((issue) => {
    const key = String(issue.path[0] ?? '');
    const raw = input[key];
    return `${source.get(key) ?? key}: ${issueText(issue)}${raw !== undefined ? `, got '${raw.slice(0, 80)}'` : ''}`;
  });
  throw new ConfigError(lines.join('; '));
}
