/**
 * The Fastify app factory: the endpoint registry turned into routes by one generic handler (no hand-written
 * route per endpoint), plus /health, the error catalog, the response cache and CSV streaming.
 */
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ApiError, ERRORS } from './errors.ts';
import { addAdmissionControl } from './admission.ts';
import { requireApiKey } from './api-key.ts';
import { catalogClientError, catalogFrameworkError, rejectLongUrls } from './framework-errors.ts';
import { toJson } from './json.ts';
import { ResponseCache, etagOf } from './cache.ts';
import { csvLines, writeOrDrop } from './csv.ts';
import { createLookups, LOOKUP_QUERIES } from '../endpoints/kit/lookups.ts';
import type { AnyEndpoint, CsvSpec, EndpointContext } from '../endpoints/kit/endpoint.ts';
import { EngineFaultError, PublishedLake } from '../engine/published.ts';
import { DataUnavailableError, QueryTimeoutError, type BindValue, type Engine } from '../engine/engine.ts';
import { checkBinds, loadTemplate, type SqlTemplate } from '../lake/sql-files.ts';
import { serveConfigSchema, type ServeConfig } from '../config.ts';
import apiReference from '@scalar/fastify-api-reference';
import { absentReferences } from '../lake/reference.ts';
import { DOCS_PAGE, documentJsonForOrigin, openApiDocument } from './openapi.ts';
import { faviconIco } from './favicon.ts';
import { serverRelease } from './health.ts';

export interface AppOptions extends Partial<ServeConfig> {
  dataDir: string;
  /** Endpoints to serve: the registry (src/endpoints/index.ts), handed in by the CLI or a test, so http/ never imports it. */
  endpoints: readonly AnyEndpoint[];
  logger?: boolean;
  /**
   * Check every JSON body against the endpoint's declared response schema and fail loudly (a 500) on a mismatch.
   * On under vitest (VITEST=true), so every endpoint test is also a conformance test; off in production.
   */
  checkResponses?: boolean;
}

export interface TronlakeApp extends FastifyInstance {
  lake: PublishedLake;
}

/** Builds the app over a published lake, e.g. `const app = await buildApp({ dataDir: 'data/tiny', endpoints })`. */
export async function buildApp(opts: AppOptions): Promise<TronlakeApp> {
  const cfg = serveConfigSchema.parse({ watchMs: 0, ...opts });
  const endpoints = opts.endpoints;
  const templates = await loadTemplates(endpoints);
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
    watchMs: cfg.watchMs,
  });
  const cache = new ResponseCache(cfg.cacheBytes);
  const apiKeys = new Set(cfg.apiKeys.split(',').map((k) => k.trim()).filter(Boolean));

  const app = Fastify({
    logger: opts.logger ?? false,
    bodyLimit: cfg.bodyLimit,
    // Errors Fastify and Node answer before a route runs get catalog bodies too (bad URL, 431, malformed request).
    frameworkErrors: catalogFrameworkError,
    clientErrorHandler: catalogClientError,
  }) as unknown as TronlakeApp;
  for (const m of early.splice(0)) app.log.warn(m);
  warn = (m) => app.log.warn(m);
  app.decorate('lake', lake);
  app.addHook('onRequest', rejectLongUrls(cfg.maxUrlBytes));
  const routesByPath = new Map<string, string[]>();
  addAdmissionControl(app, {
    maxInFlight: cfg.maxQueue === -1 ? Number.POSITIVE_INFINITY : cfg.poolSize + (cfg.maxQueue ?? cfg.poolSize),
    retryAfterSeconds: 1,
    guarded: (req) => req.routeOptions.url !== undefined && req.routeOptions.url !== '/health' && routesByPath.has(req.routeOptions.url),
  });
  app.addHook('onClose', async () => lake.close());

  app.setErrorHandler((err: Error & { statusCode?: number; validation?: unknown }, _req, reply) => {
    if (err instanceof ApiError) return sendError(reply, err);
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
  app.get('/health', async (_req, reply) => {
    const m = lake.current.manifest;
    const h = lake.health();
    reply.header('cache-control', 'no-store');
    return {
      status: h.status,
      ...(h.status === 'degraded' ? { reasons: h.reasons, unavailable: h.unavailable } : {}),
      ...(h.refused ? { refused: h.refused } : {}),
      ...(h.engineRestarts ? { engineRestarts: h.engineRestarts } : {}),
      version: m.version,
      fingerprint: m.fingerprint,
      head: m.head,
      solidBlock: m.solidBlock,
      refreshTime: m.refreshTime,
      source: m.source,
      release,
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
    const handler = makeHandler(ep, { lake, cache, templates, apiKeys, checkResponses, csvStallMs: cfg.csvStallMs });
    const paths = [ep.path, ...(ep.alsoOnAltBase ? [`${cfg.altPrefix.replace(/\/$/, '')}${ep.path}`] : [])];
    for (const url of paths) {
      app.route({ method: ep.method, url, handler });
      routesByPath.set(url, [...(routesByPath.get(url) ?? []), ep.method]);
    }
  }
  return app;
}

interface HandlerDeps {
  lake: PublishedLake;
  cache: ResponseCache;
  templates: Map<string, SqlTemplate>;
  apiKeys: Set<string>;
  checkResponses: boolean;
  /** CSV: a reader that takes nothing for this long is dropped (ms). */
  csvStallMs: number;
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

    await deps.lake.use(async (engine) => {
      const m = engine.manifest;
      if (csv?.wanted(p)) return streamCsv(reply, engine, context(engine, deps, ep), csv, p, deps);

      const key = `${m.version}|${ep.method} ${ep.path}|${stableKey(p)}`;
      let hit = deps.cache.get(key);
      if (!hit) {
        const timings: string[] = [];
        const ctx = context(engine, deps, ep, timings);
        const answer = await handle(p, ctx);
        if (deps.checkResponses && ep.response) checkResponse(ep, answer);
        const body = toJson(answer);
        // Server-Timing names each SQL template and its time, so a slow answer explains itself.
        reply.header('server-timing', timings.join(', '));
        hit = { body, etag: etagOf(body), contentType: 'application/json; charset=utf-8' };
        deps.cache.set(key, hit);
      }
      reply.header('etag', hit.etag);
      reply.header('cache-control', 'public, max-age=3');
      reply.header('x-dataset-version', m.version);
      if (req.headers['if-none-match'] === hit.etag) return reply.code(304).send();
      return reply.type(hit.contentType).send(hit.body);
    });
  };
}

/** The declared template of a query name (or its derived count); an undeclared name is a programming error. */
function templateOf(deps: HandlerDeps, ep: AnyEndpoint, name: string, count = false): SqlTemplate {
  const id = ep.queries[name];
  if (!id) throw new Error(`${ep.path}: no query named ${name}`);
  const t = deps.templates.get(id);
  if (!t) throw new Error(`template ${id} not loaded`);
  if (count && !t.total) throw new Error(`${id}.sql has no -- @total header`);
  return count ? t.total! : t;
}

function context(engine: Engine, deps: HandlerDeps, ep: AnyEndpoint, timings: string[] = []): EndpointContext {
  const run = async (t: SqlTemplate, binds: Record<string, BindValue>, orderBy?: string) => {
    if (orderBy !== undefined && !ep.orderBys?.includes(orderBy)) throw new Error(`${t.id}: ORDER BY not in the whitelist`);
    checkBinds(t, binds, orderBy);
    const t0 = performance.now();
    const rows = (await engine.query(t, binds, orderBy)).rows;
    timings.push(`${t.id.replace(/[^\w.-]/g, '_')};dur=${(performance.now() - t0).toFixed(1)}`);
    return rows;
  };
  return {
    now: engine.manifest.head.timestamp,
    manifest: engine.manifest,
    lookups: createLookups((id, binds) => run(deps.templates.get(id)!, binds), {
      key: engine.manifest,
      tokenRows: engine.manifest.tables.tokens?.rows ?? Infinity,
      contractRows: engine.manifest.tables.contracts?.rows ?? Infinity,
    }),
    rows: (name, binds, orderBy) => run(templateOf(deps, ep, name), binds, orderBy),
    count: (name, binds) => run(templateOf(deps, ep, name, true), binds),
    declared: (name, count) => templateOf(deps, ep, name, count).params.map((x) => x.name),
  };
}

async function streamCsv(
  reply: FastifyReply,
  engine: Engine,
  ctx: EndpointContext,
  csv: CsvSpec<unknown>,
  p: unknown,
  deps: HandlerDeps,
): Promise<void> {
  if (csv.table) {
    const { columns, rows } = await csv.table(p, ctx);
    reply.raw.writeHead(200, {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${csv.filename}"`,
      'x-dataset-version': engine.manifest.version,
    });
    reply.hijack();
    reply.raw.end(csvLines([columns, ...rows]));
    return;
  }
  if (!csv.plan) throw new Error('a CSV spec needs plan or table');
  const plan = await csv.plan(p, ctx);
  const t = deps.templates.get(plan.query);
  if (!t) throw new Error(`template ${plan.query} not loaded`);
  checkBinds(t, plan.binds, plan.orderBy);
  const raw = reply.raw;
  let closed = false;
  raw.on('close', () => (closed = true));
  let started = false;
  let columns = csv.columns;
  const start = (resultColumns: readonly string[]) => {
    if (started) return;
    started = true;
    columns ??= resultColumns.map((c) => ({ header: c, field: c }));
    raw.writeHead(200, {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${csv.filename}"`,
      'x-dataset-version': engine.manifest.version,
    });
    raw.write(csvLines([columns.map((c) => c.header)]));
  };
  reply.hijack();
  try {
    await engine.stream(
      t,
      plan.binds,
      async (resultColumns, rows, signal) => {
        start(resultColumns);
        if (closed) return false;
        const idx = columns!.map((c) => resultColumns.indexOf(c.field));
        return writeOrDrop(raw, csvLines(rows.map((r) => idx.map((i) => (i >= 0 ? (r[i] ?? null) : null)))), deps.csvStallMs, signal);
      },
      plan.orderBy,
    );
    start([]);
    raw.end();
  } catch (e) {
    if (!started) {
      const err = e instanceof QueryTimeoutError ? new ApiError('QUERY_TIMEOUT')
        : e instanceof DataUnavailableError ? new ApiError('DATA_UNAVAILABLE', undefined, undefined, e.dataset)
        : new ApiError('INTERNAL');
      raw.writeHead(err.status, { 'content-type': 'application/json; charset=utf-8' });
      raw.end(toJson(err.body()));
    } else raw.destroy();
  }
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
  const out: Record<string, string> = {};
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

async function loadTemplates(endpoints: readonly AnyEndpoint[]): Promise<Map<string, SqlTemplate>> {
  const ids = new Set<string>(LOOKUP_QUERIES);
  for (const ep of endpoints) for (const id of Object.values(ep.queries)) ids.add(id);
  const out = new Map<string, SqlTemplate>();
  for (const id of ids) out.set(id, await loadTemplate(id));
  return out;
}

export { ERRORS };
