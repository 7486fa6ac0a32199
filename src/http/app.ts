/**
 * The Fastify app factory: the endpoint registry turned into routes by one generic handler (no hand-written
 * route per endpoint), plus /health, the error catalog, the response cache and CSV streaming.
 */
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ApiError, ERRORS } from '../wire/errors.ts';
import { addAdmissionControl, type Admission } from './admission.ts';
import { requireApiKey } from './api-key.ts';
import { catalogClientError, catalogFrameworkError, rejectLongUrls, requireHost } from './framework-errors.ts';
import { toJson } from '../wire/json.ts';
import { ResponseCache, etagOf } from './cache.ts';
import { csvLineSql, csvLines, writeOrDrop } from './csv.ts';
import { endpointContext, loadTemplates, planStatement, type Templates } from '../endpoints/kit/context.ts';
import { warmVersion } from '../endpoints/kit/warm.ts';
import type { AnyEndpoint, CsvItems, CsvPlan, CsvSpec, EndpointContext } from '../endpoints/kit/endpoint.ts';
import { EngineFaultError, PublishedLake } from '../engine/published.ts';
import { DataUnavailableError, QueryTimeoutError, type BindValue, type Engine } from '../engine/engine.ts';
import { serveConfigSchema, type ServeConfig } from '../config.ts';
import apiReference from '@scalar/fastify-api-reference';
import { absentReferences } from '../lake/publish/reference.ts';
import { DOCS_PAGE, documentJsonForOrigin, openApiDocument } from './openapi.ts';
import { faviconIco } from './favicon.ts';
import { rowOf, type Cell } from '../duckdb/duck.ts';
import type { SqlTemplate } from '../lake/sql-files.ts';
import { cpuMs, gcPauses, serverRelease } from './health.ts';
import { BatchedLog } from './log-stream.ts';
import type { WorkerPlace } from './workers.ts';

export interface AppOptions extends Partial<ServeConfig> {
  dataDir: string;
  /** Endpoints to serve: the registry (src/endpoints/index.ts), handed in by the CLI or a test, so http/ never imports it. */
  endpoints: readonly AnyEndpoint[];
  logger?: boolean;
  /** Where the request log goes instead of stdout (tests), with `logger: true`. */
  logStream?: { write(line: string): void };
  /**
   * Check every JSON body against the endpoint's declared response schema and fail loudly (a 500) on a mismatch.
   * On under vitest (VITEST=true), so every endpoint test is also a conformance test; off in production.
   */
  checkResponses?: boolean;
  /** This process's place among the serving processes (http/workers.ts), shown by /health when there are several. */
  worker?: WorkerPlace;
}

export interface TronlakeApp extends FastifyInstance {
  lake: PublishedLake;
  /** Requests in progress per admission lane (tests, diagnostics). */
  admission: Pick<Admission, 'inFlight' | 'waiting' | 'exports'>;
}

/** Builds the app over a published lake, e.g. `const app = await buildApp({ dataDir: 'data/tiny', endpoints })`. */
export async function buildApp(opts: AppOptions): Promise<TronlakeApp> {
  // An app built in code (tests) neither watches nor warms unless asked; `tronlake serve` does both by default.
  const cfg = serveConfigSchema.parse({ watchMs: 0, warmMaxMs: 0, ...opts });
  const endpoints = opts.endpoints;
  const templates = await loadTemplates(endpoints);
  const settings = { priceSource: cfg.priceSource };
  // Damaged files found while opening are logged once the app's logger exists.
  const early: string[] = [];
  let warn = (m: string): void => void early.push(m);
  const lake = await PublishedLake.open({
    log: (m) => warn(m),
    dataDir: cfg.dataDir,
    poolSize: cfg.poolSize,
    threads: cfg.threads,
    memoryLimit: cfg.memoryLimit,
    timeoutMs: cfg.timeoutMs,
    exportPoolSize: cfg.maxExports,
    watchMs: cfg.watchMs,
    scrubBytesPerSec: cfg.scrubRate,
    scrubIntervalMs: cfg.scrubIntervalMs,
    prepare: (engine) => warmVersion(engine, templates, endpoints, settings, (m) => warn(m)),
    prepareMaxMs: cfg.warmMaxMs,
  });
  const cache = new ResponseCache(cfg.cacheBytes);
  const apiKeys = new Set(cfg.apiKeys.split(',').map((k) => k.trim()).filter(Boolean));

  // The request log is gathered and written in batches (log-stream.ts), not a write per line.
  const logStream = opts.logger ? (opts.logStream ?? new BatchedLog()) : undefined;
  const app = Fastify({
    logger: logStream ? { stream: logStream } : false,
    // One line per answered request (`logRequests`), not Fastify's two; refusals are counted, not logged one by one.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: cfg.bodyLimit,
    // Errors Fastify and Node answer before a route runs get catalog bodies too (bad URL, 431, malformed request).
    frameworkErrors: catalogFrameworkError,
    clientErrorHandler: catalogClientError,
    // A request without Host is answered by `requireHost` with a catalog body, not by Node with an empty one.
    http: { requireHostHeader: false },
  }) as unknown as TronlakeApp;
  for (const m of early.splice(0)) app.log.warn(m);
  warn = (m) => app.log.warn(m);
  app.decorate('lake', lake);
  app.addHook('onRequest', requireHost);
  app.addHook('onRequest', rejectLongUrls(cfg.maxUrlBytes));
  const routesByPath = new Map<string, string[]>();
  const admission = addAdmissionControl(app, {
    maxInFlight: cfg.maxQueue === -1 ? Number.POSITIVE_INFINITY : cfg.poolSize + (cfg.maxQueue ?? cfg.poolSize),
    maxWaiting: cfg.maxQueue === -1 ? 0 : cfg.maxWaiting,
    maxWaitMs: cfg.maxWaitMs,
    maxExports: cfg.maxExports,
    retryAfterSeconds: 1,
    guarded: (req) => req.routeOptions.url !== undefined && req.routeOptions.url !== '/health' && routesByPath.has(req.routeOptions.url),
  });
  app.decorate('admission', { inFlight: admission.inFlight, waiting: admission.waiting, exports: admission.exports });
  if (opts.logger) logRequests(app, admission);
  app.addHook('onClose', async () => {
    await lake.close();
    if (logStream instanceof BatchedLog) logStream.close();
  });

  app.setErrorHandler((err: Error & { statusCode?: number; validation?: unknown }, _req, reply) => {
    if (err instanceof ApiError) return sendError(err.code === 'OVERLOADED' ? reply.header('retry-after', '1') : reply, err);
    if (err instanceof QueryTimeoutError) return sendError(reply, new ApiError('QUERY_TIMEOUT'));
    if (err instanceof DataUnavailableError) {
      // The file is in the log (detail); the body names the dataset only.
      app.log.error({ dataset: err.dataset, detail: err.detail }, 'data unavailable');
      return sendError(reply, new ApiError('DATA_UNAVAILABLE', `Dataset ${err.dataset} is damaged or missing in the published version; the operator is told in /health and the log.`, undefined, err.dataset));
    }
    if (err instanceof EngineFaultError) return sendError(reply.header('retry-after', '1'), new ApiError('ENGINE_FAULT'));
    if (err.statusCode === 413) return sendError(reply, new ApiError('PAYLOAD_TOO_LARGE'));
    if (err.statusCode === 414) return sendError(reply, new ApiError('URI_TOO_LONG'));
    if (err.statusCode === 415) return sendError(reply, new ApiError('UNSUPPORTED_MEDIA_TYPE'));
    if (err.statusCode === 400 && /^FST_ERR_CTP_/.test((err as { code?: string }).code ?? '')) return sendError(reply, new ApiError('BAD_BODY'));
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) return sendError(reply, new ApiError('BAD_REQUEST'));
    app.log.error(err);
    return sendError(reply, new ApiError('INTERNAL'));
  });
  app.setNotFoundHandler((req, reply) => {
    const p = req.url.split('?')[0]!;
    const allowed = routesByPath.get(p);
    // A known path asked with another method: 405 with the methods it has (a HEAD of a GET route is served by Fastify).
    if (allowed) return sendError(reply.header('allow', allowed.join(', ')), new ApiError('METHOD_NOT_ALLOWED', `${p} answers ${allowed.join(', ')}, not ${req.method}.`));
    return sendError(reply, new ApiError('NOT_FOUND', `No endpoint ${req.method} ${p}.`));
  });

  const release = await serverRelease();
  gcPauses(); // counting starts with the app, not at the first /health
  app.get('/health', async (_req, reply) => {
    const m = lake.current.manifest;
    const h = lake.health();
    reply.header('cache-control', 'no-store');
    return {
      status: h.status,
      ...(h.status === 'degraded' ? { reasons: h.reasons, unavailable: h.unavailable } : {}),
      ...(h.refused ? { refused: h.refused } : {}),
      ...(h.engineRestarts ? { engineRestarts: h.engineRestarts } : {}),
      warmUp: h.warmUp,
      ...(opts.worker && opts.worker.of > 1 ? { worker: { index: opts.worker.index + 1, of: opts.worker.of } } : {}),
      version: m.version,
      fingerprint: m.fingerprint,
      head: m.head,
      solidBlock: m.solidBlock,
      refreshTime: m.refreshTime,
      source: m.source,
      release,
      cpuMs: cpuMs(),
      gc: gcPauses(),
      // Reference datasets (off-chain facts) never loaded into this lake: what their absence does is in docs/compat.md.
      absentReference: absentReferences(m),
    };
  });

  // The API described from the declarations (openapi.ts) and browsable at /docs, with `servers` set to the origin the
  // client used (the Host differs between clients; the document itself is built once).
  const documentJson = toJson(openApiDocument(endpoints));
  app.get('/openapi.json', async (req, reply) =>
    reply.type('application/json; charset=utf-8').send(documentJsonForOrigin(documentJson, req.protocol, req.host)),
  );
  app.get('/favicon.ico', async (_req, reply) => reply.type('image/x-icon').header('cache-control', 'public, max-age=86400').send(faviconIco()));
  await app.register(apiReference, { routePrefix: '/docs', logLevel: 'silent', configuration: DOCS_PAGE });

  const checkResponses = opts.checkResponses ?? process.env.VITEST === 'true';
  for (const ep of endpoints) {
    const handler = makeHandler(ep, {
      lake, cache, templates, apiKeys, checkResponses, admission, settings,
      exports: { stallMs: cfg.csvStallMs, maxMs: cfg.exportMaxMs, maxRows: cfg.exportMaxRows },
    });
    const paths = [ep.path, ...(ep.alsoOnAltBase ? [`${cfg.altPrefix.replace(/\/$/, '')}${ep.path}`] : [])];
    for (const url of paths) {
      app.route({ method: ep.method, url, handler });
      routesByPath.set(url, [...(routesByPath.get(url) ?? []), ep.method]);
    }
  }
  return app;
}

/**
 * The request log: one line per answered request (method, URL, status, ms), made by pino on the main thread and
 * written in batches (log-stream.ts). A retry storm is thousands of refusals a second, each a line at Fastify's default (two lines:
 * "incoming request", "request completed"), which slowed every other answer, /health included. So a 503 OVERLOADED
 * refusal is counted, and the count logged once a second while there are refusals; /health (asked by monitors every
 * few seconds) is not logged.
 */
function logRequests(app: FastifyInstance, admission: Admission): void {
  app.addHook('onResponse', (req, reply, done) => {
    const refusal = reply.statusCode === 503 && reply.getHeader('retry-ticket') !== undefined;
    if (!refusal && req.routeOptions.url !== '/health') {
      req.log.info({ req: { method: req.method, url: req.url, remoteAddress: req.ip }, res: { statusCode: reply.statusCode }, responseTime: reply.elapsedTime }, 'request completed');
    }
    done();
  });
  const timer = setInterval(() => {
    const n = admission.takeRefused();
    if (n > 0) app.log.warn({ refused: n }, 'requests refused 503 OVERLOADED (line full or wait run out) in the last second');
  }, 1_000).unref();
  app.addHook('onClose', async () => clearInterval(timer));
}

interface HandlerDeps {
  lake: PublishedLake;
  cache: ResponseCache;
  templates: Templates;
  /** Serve settings an answer depends on (EndpointContext.settings). */
  settings: NonNullable<EndpointContext['settings']>;
  apiKeys: Set<string>;
  checkResponses: boolean;
  admission: Admission;
  exports: ExportLimits;
}

/** What bounds a streamed export (ARCHITECTURE §4 Exports): never the query timeout. */
interface ExportLimits {
  /** A reader that takes nothing for this long is dropped (ms). */
  stallMs: number;
  /** The operator's limits: an export running longer (ms) or past this many rows is cut; 0 = none. */
  maxMs: number;
  maxRows: number;
}

function makeHandler(ep: AnyEndpoint, deps: HandlerDeps) {
  const params = ep.params as z.ZodType<unknown>;
  const handle = ep.handle as (p: unknown, ctx: EndpointContext) => Promise<unknown>;
  const csv = ep.csv as CsvSpec<unknown> | undefined;

  return async (req: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (ep.requiresKey) checkKey(req, deps.apiKeys);
    const input = ep.method === 'POST' ? normalizeBody(req.body) : normalizeQuery(req.query);
    const parsed = params.safeParse(input);
    if (!parsed.success) throw zodToApiError(parsed.error);
    const p = parsed.data;
    const csvAsked = asksCsv(input);
    // Never JSON with 200 to a client that asked for a file: an endpoint that is neither a list nor a series says so.
    if (csvAsked && !csv) {
      throw new ApiError('BAD_PARAMETER', `format=csv is answered by lists and series only; ${ep.path} answers JSON (leave format out)`, 'format');
    }

    await deps.lake.use(async (engine) => {
      const m = engine.manifest;
      if (csv?.wanted(p)) return streamCsv(req, reply, engine, endpointContext(engine, deps.templates, ep, [], deps.settings), csv, p, deps);

      // With the cache off (--cache-bytes 0) no key is built: sorting and serializing the parameters cost every answer.
      const key = deps.cache.enabled ? `${m.version}|${engine.serial}|${ep.method} ${ep.path}|${stableKey(p)}` : undefined;
      let hit = key === undefined ? undefined : deps.cache.get(key);
      if (!hit) {
        const timings: string[] = [];
        const ctx = endpointContext(engine, deps.templates, ep, timings, deps.settings);
        const answer = await handle(p, ctx);
        if (deps.checkResponses && ep.response) checkResponse(ep, answer);
        const body = toJson(answer);
        // Server-Timing names each SQL template and its time, so a slow answer explains itself.
        reply.header('server-timing', timings.join(', '));
        hit = { body, etag: etagOf(body), contentType: 'application/json; charset=utf-8' };
        if (key !== undefined) deps.cache.set(key, hit);
      }
      reply.header('etag', hit.etag);
      reply.header('cache-control', 'public, max-age=3');
      reply.header('x-dataset-version', m.version);
      if (req.headers['if-none-match'] === hit.etag) return reply.code(304).send();
      return reply.type(hit.contentType).send(hit.body);
    });
  };
}

/**
 * Answers a CSV export (ARCHITECTURE §4 Exports). A series' table is computed like JSON and sent at once. A list's
 * plan (a statement, or the items of a list computed after SQL) is streamed chunk by chunk in the export lane,
 * bounded by the reader's stall and the operator's limits, never by the query timeout. The client can tell a whole
 * export from a cut one: a whole export ends with the terminating chunk and the trailer `X-Row-Count` (data rows,
 * header excluded); a cut one (stalled reader, operator limit, fault) has its connection closed after the rows written
 * (`cutStream`), so it has neither (docs/compat.md "Exports").
 */
async function streamCsv(
  req: FastifyRequest,
  reply: FastifyReply,
  engine: Engine,
  ctx: EndpointContext,
  csv: CsvSpec<unknown>,
  p: unknown,
  deps: HandlerDeps,
): Promise<void> {
  if (csv.table) {
    const { columns, rows } = await csv.table(p, ctx);
    return sendCsvTable(reply, engine, csv.filename, columns, rows);
  }
  if (!csv.plan) throw new Error('a CSV spec needs plan or table');
  const source = sourceOf(await csv.plan(p, ctx), csv, engine, deps);
  // Throws OVERLOADED (nothing written yet) when every export slot is taken.
  const release = deps.admission.toExportLane(req);
  const { stallMs, maxMs, maxRows } = deps.exports;
  const raw = reply.raw;
  const stop = new AbortController();
  let cut: string | undefined;
  const halt = (why: string): void => {
    cut ??= why;
    stop.abort();
  };
  let finished = false;
  raw.once('close', () => {
    if (!finished) halt('client gone');
  });
  const timer = maxMs > 0 ? setTimeout(() => halt(`export limit ${maxMs} ms`), maxMs) : undefined;
  let started = false;
  let written = 0;
  let columns = csv.columns;
  const start = (resultColumns: readonly string[]) => {
    if (started) return;
    started = true;
    columns ??= resultColumns.map((c) => ({ header: c, field: c }));
    raw.writeHead(200, csvHead(csv.filename, engine));
    raw.write(csvLines([columns.map((c) => c.header)]));
  };
  reply.hijack();
  try {
    const r = await source(
      async (resultColumns, batch) => {
        start(resultColumns);
        if (stop.signal.aborted) return false;
        const n = batchLength(batch);
        const take = maxRows > 0 && written + n > maxRows ? maxRows - written : n;
        const idx = columns!.map((c) => resultColumns.indexOf(c.field));
        // Lines written by SQL are the result's columns in order (sourceOf asks for them only without declared columns).
        let ok = true;
        if ('lines' in batch) {
          // Written LINES_PER_WRITE at a time: a chunk's lines joined at once made strings of ~0.8 MB, which V8 keeps
          // in the old generation until a full collection (a transactions download grew the server up to 129 MB).
          for (let i = 0; ok && i < take; i += LINES_PER_WRITE) ok = await writeOrDrop(raw, `${batch.lines.slice(i, Math.min(take, i + LINES_PER_WRITE)).join('\r\n')}\r\n`, stallMs, stop.signal);
        } else if (take > 0) {
          ok = await writeOrDrop(raw, csvLines(batch.cells.slice(0, take).map((row) => idx.map((i) => (i >= 0 ? (row[i] ?? null) : null)))), stallMs, stop.signal);
        }
        if (!ok) {
          halt(`reader took nothing for ${stallMs} ms or went away`);
          return false;
        }
        written += take;
        if (take < n) {
          halt(`export limit ${maxRows} rows`);
          return false;
        }
        return true;
      },
      stop.signal,
    );
    if (r.complete && cut === undefined) {
      start(r.columns);
      raw.addTrailers({ 'x-row-count': String(written) });
      finished = true;
      raw.end();
      return;
    }
    req.log.warn({ path: req.url.split('?')[0], rows: written, reason: cut }, 'export cut');
    if (!started && !raw.destroyed) {
      const err = new ApiError('EXPORT_LIMIT', `The export ran past the operator's limit (${cut}) before its first row and was stopped; narrow it (a time window, filters, limit).`);
      finished = true;
      raw.writeHead(err.status, { 'content-type': 'application/json; charset=utf-8' });
      raw.end(toJson(err.body()));
    } else cutStream(raw, stallMs);
  } catch (e) {
    if (!started && !raw.destroyed) {
      const err = e instanceof QueryTimeoutError ? new ApiError('QUERY_TIMEOUT')
        : e instanceof DataUnavailableError ? new ApiError('DATA_UNAVAILABLE', undefined, undefined, e.dataset)
        : new ApiError('INTERNAL');
      if (err.code === 'INTERNAL') req.log.error(e);
      finished = true;
      raw.writeHead(err.status, { 'content-type': 'application/json; charset=utf-8' });
      raw.end(toJson(err.body()));
    } else {
      req.log.warn({ path: req.url.split('?')[0], rows: written, reason: e instanceof Error ? e.message.split('\n')[0] : String(e) }, 'export cut by a fault');
      cutStream(raw, stallMs);
    }
  } finally {
    clearTimeout(timer);
    // The export's DuckDB connection is free again, even while a cut socket still flushes its last rows.
    release();
  }
}

const unexpected = (b: ExportBatch): never => {
  throw new Error(`an export of mapped rows got ${batchLength(b)} CSV lines instead of cells`);
};

/** A chunk of an export: rows of cells (written by csvLines), or rows SQL already wrote as CSV lines (csvLineSql). */
type ExportBatch = { cells: Cell[][] } | { lines: string[] };
const batchLength = (b: ExportBatch): number => ('lines' in b ? b.lines.length : b.cells.length);
const batchSlice = (b: ExportBatch, from: number, to: number): ExportBatch =>
  from === 0 && to === batchLength(b) ? b : 'lines' in b ? { lines: b.lines.slice(from, to) } : { cells: b.cells.slice(from, to) };

/** Rows of an export handed over chunk by chunk (`onRows` false: stop); resolves with the columns and whether every row went. */
type ExportSource = (
  onRows: (columns: string[], batch: ExportBatch) => Promise<boolean>,
  signal: AbortSignal,
) => Promise<{ columns: string[]; complete: boolean }>;

/** CSV lines written by SQL per socket write: ~50 KB, under V8's large-object size. */
const LINES_PER_WRITE = 128;

/** Items written per chunk when a download's items are computed in TypeScript (`CsvItems`). */
const ITEM_CHUNK = 2048;

/**
 * The rows of a download: a declared statement streamed on the export lane's connection (its result columns, or the
 * declared columns of the items its rows map to), or items computed after SQL, cut into chunks. Every source is
 * written by `streamCsv`, so each is bounded and ended the same way.
 */
function sourceOf(plan: CsvPlan | CsvItems, csv: CsvSpec<unknown>, engine: Engine, deps: HandlerDeps): ExportSource {
  const cellsOf = (fields: readonly string[]) => (it: Record<string, unknown>): Cell[] =>
    fields.map((f) => (Object.hasOwn(it, f) ? ((it[f] ?? null) as Cell) : null));
  if ('items' in plan) {
    if (!csv.columns) throw new Error(`${csv.filename}: a download of computed items needs declared columns`);
    const fields = csv.columns.map((c) => c.field);
    const cells = cellsOf(fields);
    return async (onRows, signal) => {
      for (let i = 0; i < plan.items.length; i += ITEM_CHUNK) {
        if (signal.aborted) return { columns: fields, complete: false };
        if (!(await onRows(fields, { cells: plan.items.slice(i, i + ITEM_CHUNK).map(cells) }))) return { columns: fields, complete: false };
      }
      return { columns: fields, complete: !signal.aborted };
    };
  }
  const t = planStatement(deps.templates, plan);
  const item = plan.item;
  // The statement's own rows and columns: its lines written by SQL where its column types allow (Engine.streamText).
  if (!item) return (onRows, signal) => streamPlan(engine, t, plan, onRows, signal, csv.columns === undefined);
  if (!csv.columns) throw new Error(`${csv.filename}: a download of mapped rows needs declared columns`);
  const fields = csv.columns.map((c) => c.field);
  const cells = cellsOf(fields);
  return async (onRows, signal) => {
    const r = await streamPlan(
      engine,
      t,
      plan,
      (columns, batch) =>
        onRows(fields, {
          // streamPlan hands cells here (it writes lines only when asked to): a batch of lines would be a bug.
          cells: ('cells' in batch ? batch.cells : unexpected(batch)).map((cs) => cells(item(rowOf(columns, cs)))),
        }),
      signal,
    );
    return { columns: fields, complete: r.complete };
  };
}

/** A plan's rows: its statement once, or once per window in order with the first `skip` rows dropped (CsvPlan.windows). */
async function streamPlan(
  engine: Engine,
  t: SqlTemplate,
  plan: CsvPlan,
  onRows: (columns: string[], batch: ExportBatch) => Promise<boolean>,
  signal: AbortSignal,
  asLines = false,
): Promise<{ columns: string[]; complete: boolean }> {
  // One statement: as CSV lines written by SQL when asked and its column types allow, else as cells.
  const run = async (binds: Record<string, BindValue>, on: (columns: string[], batch: ExportBatch) => Promise<boolean>) =>
    (asLines ? await engine.streamText(t, binds, csvLineSql, (cols, lines) => on(cols, { lines }), plan.orderBy, signal) : undefined)
    ?? engine.stream(t, binds, (cols, cells) => on(cols, { cells }), plan.orderBy, signal);
  if (!plan.windows?.length) return run(plan.binds, onRows);
  let skip = plan.skip ?? 0;
  let left = plan.take ?? Number.POSITIVE_INFINITY;
  let columns: string[] = [];
  for (const w of plan.windows) {
    let refused = false;
    const r = await run(Object.assign({}, plan.binds, w), async (cols, batch) => {
      const n = batchLength(batch);
      const from = Math.min(skip, n);
      const to = Math.min(n, from + left);
      skip -= from;
      left -= to - from;
      if (to > from && !(await onRows(cols, batchSlice(batch, from, to)))) {
        refused = true;
        return false;
      }
      // Past the page's last row (`take`): the statement stops here, and the download is whole.
      return left > 0;
    });
    columns = r.columns;
    if (refused || (!r.complete && left > 0)) return { columns, complete: false };
    if (left <= 0) break;
  }
  return { columns, complete: !signal.aborted };
}

/**
 * Ends a started export without its terminating chunk, so the client sees it cut (curl: "transfer closed with
 * outstanding read data remaining", node:http: `complete` false). The rows already written are flushed first (a
 * destroy would drop them and leave the client nothing to resume from); a reader that takes nothing for `stallMs`
 * more is dropped. Never `res.end()`: that writes the terminating chunk, a cut that looks whole.
 */
function cutStream(raw: import('node:http').ServerResponse, stallMs: number): void {
  const socket = raw.socket;
  if (raw.destroyed || !socket || socket.destroyed) return void raw.destroy();
  socket.end();
  setTimeout(() => socket.destroy(), stallMs).unref();
}

/** Headers of a CSV answer: chunked, with the row count announced as a trailer. */
function csvHead(filename: string, engine: Engine): Record<string, string> {
  return {
    'content-type': 'text/csv; charset=utf-8',
    'content-disposition': `attachment; filename="${filename}"`,
    'x-dataset-version': engine.manifest.version,
    'cache-control': 'no-store',
    trailer: 'X-Row-Count',
  };
}

/** A CSV table computed at once (a series), with the same ending as a stream: terminator + trailer. */
function sendCsvTable(reply: FastifyReply, engine: Engine, filename: string, columns: string[], rows: Cell[][]): void {
  const raw = reply.raw;
  reply.hijack();
  raw.writeHead(200, csvHead(filename, engine));
  raw.write(csvLines([columns, ...rows]));
  raw.addTrailers({ 'x-row-count': String(rows.length) });
  raw.end();
}

/** True when the request asks for CSV (`format=csv`, any case, spaces around), as the kit's `format` parameter reads it. */
function asksCsv(input: unknown): boolean {
  const f = input && typeof input === 'object' ? (input as Record<string, unknown>).format : undefined;
  return typeof f === 'string' && f.trim().toLowerCase() === 'csv';
}

/** Throws when a body does not match the declared response schema (tests only: `checkResponses`). */
function checkResponse(ep: AnyEndpoint, body: unknown): void {
  const r = (ep.response as z.ZodType).safeParse(body);
  if (!r.success) {
    const issue = r.error.issues[0];
    console.error(`${ep.path}: response does not match its schema at ${issue?.path.join('.')}: ${issue?.message}`);
    throw new Error(`${ep.path}: response does not match its schema at ${issue?.path.join('.')}: ${issue?.message}`);
  }
}

function checkKey(req: FastifyRequest, keys: Set<string>): void {
  requireApiKey(req.headers, keys);
}

/** Repeated key → last value; empty string → absent; non-strings dropped (ARCHITECTURE §5.3). */
export function normalizeQuery(q: unknown): Record<string, string> {
  // Keys are user text: no prototype, so `__proto__` or `constructor` is a plain (ignored) key, never an inherited one.
  const out: Record<string, string> = Object.create(null);
  if (!q || typeof q !== 'object') return out;
  for (const [k, v] of Object.entries(q as Record<string, unknown>)) {
    const last = Array.isArray(v) ? v[v.length - 1] : v;
    if (typeof last === 'string' && last.trim() !== '') out[k] = last;
  }
  return out;
}

function normalizeBody(b: unknown): unknown {
  if (b === undefined || b === null) return {};
  if (typeof b !== 'object' || Array.isArray(b)) throw new ApiError('BAD_BODY');
  return b;
}

/** The first zod issue as a catalogued 400 naming the parameter. */
export function zodToApiError(err: z.ZodError): ApiError {
  const issue = err.issues[0];
  const param = issue && issue.path.length > 0 ? String(issue.path[0]) : undefined;
  if (!issue) return new ApiError('BAD_PARAMETER');
  const missing = issue.code === 'invalid_type' && /received undefined/i.test(issue.message);
  if (missing) return new ApiError('MISSING_PARAMETER', `${param} is required`, param);
  if (param === 'start' && /less than 10000/.test(issue.message)) return new ApiError('OUT_OF_WINDOW', `start ${issue.message}`, param);
  const message = param ? `${param} ${issue.message}` : issue.message;
  return new ApiError('BAD_PARAMETER', message, param);
}

function sendError(reply: FastifyReply, err: ApiError): FastifyReply {
  return reply.code(err.status).type('application/json; charset=utf-8').send(toJson(err.body()));
}

/** A stable text key of parsed params (sorted keys), for the cache. */
function stableKey(v: unknown): string {
  return toJson(sortKeys(v));
}

function sortKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortKeys);
  if (v && typeof v === 'object') {
    return Object.fromEntries(Object.keys(v as object).sort().map((k) => [k, sortKeys((v as Record<string, unknown>)[k])]));
  }
  return v;
}

export { ERRORS };
