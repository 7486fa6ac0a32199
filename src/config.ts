/**
 * Configuration: environment and flags → one typed object (zod). Flags win over environment, environment over
 * defaults. Defaults were chosen by the benchmark on a 2-core machine (bench/README.md).
 */
import os from 'node:os';
import { z } from 'zod';

const num = (d: number) => z.coerce.number().int().positive().default(d);

export const serveConfigSchema = z.object({
  dataDir: z.string().default('data/default'),
  port: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Interface to listen on: loopback by default; exposing the port (`--host 0.0.0.0`) is the operator's choice. */
  host: z.string().default('127.0.0.1'),
  /** DuckDB connections: concurrent queries. */
  poolSize: num(Math.max(2, os.cpus().length)),
  /** DuckDB worker threads. */
  threads: num(Math.max(1, os.cpus().length)),
  memoryLimit: z.string().regex(/^\d+(\.\d+)?\s*(KB|MB|GB|TB|KiB|MiB|GiB|TiB)$/i).default('4GB'),
  /** A query running longer is interrupted (503). */
  timeoutMs: num(15_000),
  /** Response cache budget in bytes (0 disables). */
  cacheBytes: z.coerce.number().int().min(0).default(64 * 1024 * 1024),
  /** Poll the manifest and switch to a newly published version (ms; 0 disables). */
  watchMs: z.coerce.number().int().min(0).default(2_000),
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
});

export type ServeConfig = z.infer<typeof serveConfigSchema>;

/** Builds the serve configuration from flags and the environment, e.g. `serveConfig({ port: '8080' })`. */
export function serveConfig(flags: Record<string, string | undefined>, env: NodeJS.ProcessEnv = process.env): ServeConfig {
  const pick = (flag: string, envName: string): string | undefined => flags[flag] ?? env[envName];
  return serveConfigSchema.parse({
    dataDir: pick('data', 'DATA_DIR'),
    port: pick('port', 'PORT'),
    host: pick('host', 'HOST'),
    poolSize: pick('pool', 'TRONLAKE_POOL'),
    threads: pick('threads', 'TRONLAKE_THREADS'),
    memoryLimit: pick('memory', 'TRONLAKE_MEMORY_LIMIT'),
    timeoutMs: pick('timeout', 'TRONLAKE_TIMEOUT_MS'),
    cacheBytes: pick('cache-bytes', 'TRONLAKE_CACHE_BYTES'),
    watchMs: pick('watch-ms', 'TRONLAKE_WATCH_MS'),
    altPrefix: pick('alt-prefix', 'TRONLAKE_ALT_PREFIX'),
    altPort: pick('alt-port', 'TRONLAKE_ALT_PORT'),
    apiKeys: pick('api-keys', 'TRONLAKE_API_KEYS'),
    maxQueue: pick('max-queue', 'TRONLAKE_MAX_QUEUE'),
    csvStallMs: pick('csv-stall-ms', 'TRONLAKE_CSV_STALL_MS'),
    exportMaxMs: pick('export-max-ms', 'TRONLAKE_EXPORT_MAX_MS'),
    exportMaxRows: pick('export-max-rows', 'TRONLAKE_EXPORT_MAX_ROWS'),
    maxExports: pick('max-exports', 'TRONLAKE_MAX_EXPORTS'),
    maxUrlBytes: pick('max-url-bytes', 'TRONLAKE_MAX_URL_BYTES'),
    bodyLimit: pick('body-limit', 'TRONLAKE_BODY_LIMIT'),
  });
}
