/**
 * The OpenAPI 3.1 document of the served endpoints, generated from their declarations by zod-openapi (never written
 * by hand): one operation per endpoint with its query parameters (the zod schema's input side: what a client sends),
 * the declared response schema, and the error catalog as the error responses. Operations are titled by path and
 * tagged by their SPEC §4 section (read from the spec as data, docs/api/endpoints.json); `servers` is the origin the
 * client asked, so the page's curl examples name a host that answers.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject } from 'zod-openapi';
import type { AnyEndpoint } from '../endpoints/kit/endpoint.ts';
import { ERRORS, type ErrorCode } from '../wire/errors.ts';

/** The error body of the catalog (ARCHITECTURE §5.4). */
export const errorBody = z
  .object({
    message: z.string(),
    error: z.enum(Object.keys(ERRORS) as [ErrorCode, ...ErrorCode[]]),
    param: z.string().optional().meta({ description: 'The parameter at fault, for a 400.' }),
  })
  .meta({ id: 'Error', description: 'Every error answer: a message, a stable code from the catalog, and the parameter at fault.' });

/**
 * The zod object of an endpoint's query parameters: its params schema without the transforms after it, e.g.
 * `queryObject(ep).shape` has `start`, `limit`, `sort`, … (OpenAPI, the generic contract tests).
 */
export function queryObject(ep: AnyEndpoint): z.ZodObject {
  let s = ep.params as unknown as z.ZodType;
  for (;;) {
    const def = (s as unknown as { _zod: { def: { type: string; in?: z.ZodType; innerType?: z.ZodType } } })._zod.def;
    if (def.type === 'object') return s as unknown as z.ZodObject;
    const next = def.type === 'pipe' ? def.in : def.innerType;
    if (!next) throw new Error(`${ep.path}: params are not a zod object`);
    s = next;
  }
}

/** Error responses an endpoint can give (status → codes of the catalog). */
function errorResponses(ep: AnyEndpoint) {
  const by = new Map<number, ErrorCode[]>();
  for (const [code, e] of Object.entries(ERRORS) as [ErrorCode, { status: number }][]) {
    if (code === 'UNAUTHORIZED' && !ep.requiresKey) continue;
    if (code === 'NOT_FOUND' || code === 'METHOD_NOT_ALLOWED' || code === 'BAD_BODY') continue;
    by.set(e.status, [...(by.get(e.status) ?? []), code]);
  }
  return Object.fromEntries(
    [...by].map(([status, codes]) => [
      String(status),
      { description: codes.map((c) => `${c}: ${ERRORS[c].message}`).join(' '), content: { 'application/json': { schema: errorBody } } },
    ]),
  );
}

interface SpecEntry {
  method: string;
  path: string;
  group: string;
  section: string;
}

/** SPEC §4 section of each specified operation (`GET /api/block` → 4.9 Block), from the spec as data. */
function specSections(): Map<string, { section: string; group: string }> {
  const file = path.resolve(import.meta.dirname, '../../docs/api/endpoints.json');
  const spec = JSON.parse(readFileSync(file, 'utf8')) as { endpoints: SpecEntry[] };
  return new Map(spec.endpoints.map((e) => [`${e.method} ${e.path}`, { section: e.section, group: e.group }]));
}

/** Tag of an operation outside SPEC §4 (none today; the spec-coverage test keeps it so). */
const UNSPECIFIED_TAG = 'Not in the specification';

/** The tag name of a SPEC §4 section, e.g. `sectionTag({ section: '4.9', group: 'Block' })` = '4.9 Block'. */
export function sectionTag(s: { section: string; group: string }): string {
  return `${s.section} ${s.group}`;
}

/** Orders '4.2' before '4.10'. */
function bySectionNumber(a: string, b: string): number {
  const pa = a.split(' ')[0]!.split('.').map(Number);
  const pb = b.split(' ')[0]!.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? -1) - (pb[i] ?? -1);
    if (d !== 0 && !Number.isNaN(d)) return d;
  }
  return a.localeCompare(b);
}

type JsonObject = Record<string, unknown>;
const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Lifts what the declaration says about a parameter to where readers look: the schema's description to the
 * parameter, and an example (the schema's first declared example, else its default, its first enum value, or the
 * smallest integer it accepts).
 */
function liftParameterFacts(doc: JsonObject): void {
  const paths = isObject(doc.paths) ? doc.paths : {};
  for (const item of Object.values(paths)) {
    if (!isObject(item)) continue;
    for (const op of Object.values(item)) {
      if (!isObject(op) || !Array.isArray(op.parameters)) continue;
      for (const p of op.parameters as unknown[]) {
        if (!isObject(p) || !isObject(p.schema)) continue;
        const schema = p.schema;
        if (p.description === undefined && typeof schema.description === 'string') p.description = schema.description;
        if (p.example === undefined) {
          const example = Array.isArray(schema.examples) && schema.examples.length > 0
            ? schema.examples[0]
            : schema.default !== undefined
              ? schema.default
              : Array.isArray(schema.enum)
                ? schema.enum[0]
                : schema.type === 'integer' && typeof schema.minimum === 'number'
                  ? schema.minimum
                  : undefined;
          if (example !== undefined) p.example = example;
        }
      }
    }
  }
}

/** The OpenAPI 3.1 document of `endpoints`, e.g. `openApiDocument(endpoints).paths['/api/block']`. */
export function openApiDocument(endpoints: readonly AnyEndpoint[], info: { version: string } = { version: '0.1.0' }) {
  const paths: ZodOpenApiPathsObject = {};
  const sections = specSections();
  const tags = new Set<string>();
  for (const ep of endpoints) {
    const s = sections.get(`${ep.method} ${ep.path}`);
    const tag = s ? sectionTag(s) : UNSPECIFIED_TAG;
    tags.add(tag);
    const op: ZodOpenApiOperationObject = {
      summary: ep.path,
      description: ep.summary,
      tags: [tag],
      operationId: `${ep.method.toLowerCase()}${ep.path.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
      ...(ep.method === 'GET' ? { requestParams: { query: queryObject(ep) } } : { requestBody: { content: { 'application/json': { schema: queryObject(ep) } } } }),
      ...(ep.requiresKey ? { security: [{ apiKey: [] }] } : {}),
      responses: {
        '200': {
          description: ep.csv ? 'The answer (JSON); with format=csv a streamed RFC 4180 CSV download.' : 'The answer.',
          content: {
            'application/json': { schema: ep.response ?? z.unknown() },
            ...(ep.csv ? { 'text/csv': { schema: z.string() } } : {}),
          },
        },
        ...errorResponses(ep),
      },
    };
    paths[ep.path] = { [ep.method.toLowerCase()]: op };
  }
  const doc = createDocument({
    openapi: '3.1.0',
    info: {
      title: 'tronlake',
      version: info.version,
      description:
        'A self-hosted, TronScan-compatible, read-only HTTP API over TRON chain data. Unknown parameters are ignored; ' +
        'a malformed value is a 400 naming the parameter; times are milliseconds unless a parameter says otherwise.',
    },
    tags: [...tags].sort(bySectionNumber).map((name) => ({
      name,
      description: name === UNSPECIFIED_TAG ? 'Served, but not part of the specification.' : `SPEC §${name.split(' ')[0]}.`,
    })),
    components: { securitySchemes: { apiKey: { type: 'apiKey', in: 'header', name: 'CHAIN-PRO-API-KEY' } } },
    paths,
  }, {
    // zod-openapi drops a meta's `examples` on the input side; the parameter atoms declare theirs there (src/params).
    override: ({ jsonSchema, zodSchema, io }) => {
      const examples = io === 'input' ? z.globalRegistry.get(zodSchema)?.examples : undefined;
      if (Array.isArray(examples) && examples.length > 0 && jsonSchema.examples === undefined) jsonSchema.examples = examples;
    },
  });
  liftParameterFacts(doc as unknown as JsonObject);
  return doc;
}

/** A Host header fit to be echoed as a server address (name or IP, optional port); anything else is not echoed. */
const HOST_RE = /^(?:[A-Za-z0-9](?:[A-Za-z0-9.-]{0,251}[A-Za-z0-9])?|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/;

/**
 * The document as served to one request, from its JSON text built once: `servers` is the origin the client used
 * (e.g. `http://localhost:3000`), so the page's curl examples name a host that answers; a malformed Host header gets
 * the relative `/`. Spliced as text: the 430 kB document is not serialized again per request.
 */
export function documentJsonForOrigin(json: string, protocol: string, host: string | undefined): string {
  const url = host && HOST_RE.test(host) && (protocol === 'http' || protocol === 'https') ? `${protocol}://${host}` : '/';
  if (!json.startsWith('{')) throw new Error('the OpenAPI document is not a JSON object');
  return `{"servers":${JSON.stringify([{ url, description: 'This server (the address your request used)' }])},${json.slice(1)}`;
}

/**
 * The /docs page (Scalar) as a self-hosted page: the bundled script, no font host (system fonts), no vendor
 * buttons, panels or telemetry, operations titled by path and grouped by SPEC section.
 */
export const DOCS_PAGE = {
  url: '/openapi.json',
  title: 'tronlake API',
  favicon: '/favicon.ico',
  withDefaultFonts: false,
  telemetry: false,
  hideClientButton: true,
  showDeveloperTools: 'never',
  showToolbar: 'never',
  operationTitleSource: 'path',
  defaultOpenAllTags: false,
  hideModels: true,
  // The integration badge adds the vendor's "Deploy" call to action; the agent is the "Ask AI" button (a remote service).
  _integration: null,
  agent: { disabled: true },
  // System fonts instead of the vendor's font host; the sidebar's "Powered by" link hidden.
  customCss:
    ':root { --scalar-font: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; --scalar-font-code: ui-monospace, "DejaVu Sans Mono", monospace; } ' +
    'a[href^="https://www.scalar.com"] { display: none; }',
} as const;
