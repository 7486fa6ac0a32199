/**
 * The OpenAPI 3.1 document of the served endpoints, generated from their declarations by zod-openapi (never written
 * by hand): one operation per endpoint with its query parameters (the zod schema's input side: what a client sends),
 * the declared response schema, and the error catalog as the error responses.
 */
import { z } from 'zod';
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject } from 'zod-openapi';
import type { AnyEndpoint } from '../endpoints/kit/endpoint.ts';
import { ERRORS, type ErrorCode } from './errors.ts';

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

/** The OpenAPI 3.1 document of `endpoints`, e.g. `openApiDocument(endpoints).paths['/api/block']`. */
export function openApiDocument(endpoints: readonly AnyEndpoint[], info: { version: string } = { version: '0.1.0' }) {
  const paths: ZodOpenApiPathsObject = {};
  for (const ep of endpoints) {
    const op: ZodOpenApiOperationObject = {
      summary: ep.summary,
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
  return createDocument({
    openapi: '3.1.0',
    info: {
      title: 'tronlake',
      version: info.version,
      description:
        'A self-hosted, TronScan-compatible, read-only HTTP API over TRON chain data. Unknown parameters are ignored; ' +
        'a malformed value is a 400 naming the parameter; times are milliseconds unless a parameter says otherwise.',
    },
    components: { securitySchemes: { apiKey: { type: 'apiKey', in: 'header', name: 'CHAIN-PRO-API-KEY' } } },
    paths,
  });
}
