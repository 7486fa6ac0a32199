/** How one setting is given: its flag (`--port`), its environment variable, the flag's value name and its help line. */
export interface ServeSetting {
  flag: string;
  env: string;
  arg: string;
  help: string;
}

/**
 * Every serve setting's flag and environment variable (flags win over the environment): `serveConfig` (src/config.ts) reads
 * them, `tronlake serve --help` lists them, and a bad value is reported under the name it was given by. A setting added to
 * the schema in src/config.ts needs its line here (its type check there says so). No zod here: the CLI imports this
 * table to build its help, and starts faster without it.
 */
export const SERVE_SETTINGS = {
  dataDir: { flag: 'data', env: 'DATA_DIR', arg: 'dir', help: 'lake folder (manifest.json, versions/); default data/default' },
  port: { flag: 'port', env: 'PORT', arg: 'n', help: 'TCP port, 0..65535; default 3000' },
  host: { flag: 'host', env: 'HOST', arg: 'address', help: 'interface to listen on; default 127.0.0.1 (loopback only)' },
  poolSize: { flag: 'pool', env: 'TRONLAKE_POOL', arg: 'n', help: 'DuckDB connections (concurrent queries, one core each with --threads 1); default max(2, cores)' },
  threads: { flag: 'threads', env: 'TRONLAKE_THREADS', arg: 'n', help: 'DuckDB worker threads (1: each query on its own connection, one core each); default 1' },
  memoryLimit: { flag: 'memory', env: 'TRONLAKE_MEMORY_LIMIT', arg: 'size', help: 'DuckDB memory limit, e.g. 4GB (the default)' },
  timeoutMs: { flag: 'timeout', env: 'TRONLAKE_TIMEOUT_MS', arg: 'ms', help: 'a query running longer is interrupted (503); default 15000' },
  cacheBytes: { flag: 'cache-bytes', env: 'TRONLAKE_CACHE_BYTES', arg: 'bytes', help: 'response cache budget (0 disables); default 64 MiB' },
  watchMs: { flag: 'watch-ms', env: 'TRONLAKE_WATCH_MS', arg: 'ms', help: 'poll the manifest and switch to a new version (0 disables); default 2000' },
  warmMaxMs: { flag: 'warm-max-ms', env: 'TRONLAKE_WARM_MAX_MS', arg: 'ms', help: "most time a new version spends answering the endpoints' warm-up requests before it is served (0 disables); default 30000" },
  scrubRate: { flag: 'scrub-rate', env: 'TRONLAKE_SCRUB_RATE', arg: 'bytes/s', help: 'background check of the served files against their content hashes, bytes read per second (0 disables); default 33554432 (32 MiB/s)' },
  scrubIntervalMs: { flag: 'scrub-interval-ms', env: 'TRONLAKE_SCRUB_INTERVAL_MS', arg: 'ms', help: 'least time between the starts of two scrub passes; default 900000 (15 min)' },
  altPrefix: { flag: 'alt-prefix', env: 'TRONLAKE_ALT_PREFIX', arg: 'path', help: 'alternate base path also serving /api/token/all; default /alt' },
  altPort: { flag: 'alt-port', env: 'TRONLAKE_ALT_PORT', arg: 'n', help: 'second port serving the alternate base address; default none' },
  apiKeys: { flag: 'api-keys', env: 'TRONLAKE_API_KEYS', arg: 'k1,k2', help: 'accepted keys of key-protected endpoints; default: any non-empty key' },
  maxQueue: { flag: 'max-queue', env: 'TRONLAKE_MAX_QUEUE', arg: 'n', help: 'requests queued beyond the pool before 503 OVERLOADED (-1 unbounded); default the pool size' },
  maxWaiting: { flag: 'max-waiting', env: 'TRONLAKE_MAX_WAITING', arg: 'n', help: 'requests waiting in line (FIFO) for a slot when pool and queue are full (more: 503 at once); default 1024' },
  maxWaitMs: { flag: 'max-wait-ms', env: 'TRONLAKE_MAX_WAIT_MS', arg: 'ms', help: 'longest wait in line for a slot, then 503 with Retry-After; default 1000' },
  csvStallMs: { flag: 'csv-stall-ms', env: 'TRONLAKE_CSV_STALL_MS', arg: 'ms', help: 'a CSV reader taking nothing this long is dropped; default 10000' },
  exportMaxMs: { flag: 'export-max-ms', env: 'TRONLAKE_EXPORT_MAX_MS', arg: 'ms', help: 'a CSV export running longer is cut, detectably (0 = no limit); default 3600000' },
  exportMaxRows: { flag: 'export-max-rows', env: 'TRONLAKE_EXPORT_MAX_ROWS', arg: 'n', help: 'a CSV export past this many rows is cut, detectably (0 = no limit); default 0' },
  maxExports: { flag: 'max-exports', env: 'TRONLAKE_MAX_EXPORTS', arg: 'n', help: 'CSV exports streaming at once, each on its own connection (more: 503); default 2' },
  maxUrlBytes: { flag: 'max-url-bytes', env: 'TRONLAKE_MAX_URL_BYTES', arg: 'bytes', help: 'longest request URL (longer is 414); default 8192' },
  bodyLimit: { flag: 'body-limit', env: 'TRONLAKE_BODY_LIMIT', arg: 'bytes', help: 'largest request body (larger is 413); default 1048576' },
  priceSource: { flag: 'price-source', env: 'TRONLAKE_PRICE_SOURCE', arg: 'name', help: "/api/trx/volume's default source (a price_candles source or sunswap); default the lake's first price_candles source by name, else sunswap" },
  workers: { flag: 'workers', env: 'TRONLAKE_WORKERS', arg: 'n', help: 'serving processes sharing the port, 1..64 (pool, queue, line, exports, memory, cache and scrub rate are shared out among them); default one per core, at most 2' },
} as const satisfies Record<string, ServeSetting>;

