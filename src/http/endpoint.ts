/**
 * What an endpoint declaration is (ARCHITECTURE §2): path, params schema, SQL ids, the closed list of ORDER BY
 * constants it may use, and `handle`, which turns query rows into the TronScan-shaped body. HTTP concerns
 * (parsing, errors, cache, CSV, auth) live once in handler.ts.
 */
import type { z } from 'zod';
import type { BindValue } from '../engine/engine.ts';
import type { Row } from '../duckdb/duck.ts';
import type { Manifest } from '../lake/manifest.ts';
import type { Lookups } from './lookups.ts';

export interface EndpointContext {
  /** Runs one of the endpoint's declared queries, e.g. `ctx.rows('rows', { number: 5 }, 'block_number DESC')`. */
  rows(query: string, binds: Record<string, BindValue>, orderBy?: string): Promise<Row[]>;
  /** The service's "now": the head block time of the published version (ms). */
  now: number;
  manifest: Manifest;
  lookups: Lookups;
}

export interface CsvColumn {
  header: string;
  /** Column of the query result. */
  field: string;
}

export interface CsvSpec<P> {
  /**
   * SQL id of the query that streams the rows (usually the JSON list's), or a function of the params choosing one,
   * e.g. `(p) => (p.relatedAddress ? 'x/list.by-address' : 'x/list')`. It must also be listed in `queries`.
   */
  query: string | ((p: P) => string);
  columns: CsvColumn[];
  binds(p: P, ctx: Pick<EndpointContext, 'now' | 'manifest'>): Record<string, BindValue>;
  orderBy?(p: P): string;
  filename: string;
  /** True when the request asks for CSV (e.g. format=csv). */
  wanted(p: P): boolean;
}

export interface Endpoint<P> {
  path: string;
  method: 'GET' | 'POST';
  /** One line for docs and OpenAPI. */
  summary: string;
  /** Parses the normalized query (or body for POST) into typed params; issues name the parameter. */
  params: z.ZodType<P>;
  /** Query name → SQL id (file path under sql/ without .sql). */
  queries: Record<string, string>;
  /** Every ORDER BY constant `handle` may pass (prepared at boot); templates mark the spot with {{order_by}}. */
  orderBys?: readonly string[];
  /** Requires an API key header (SPEC §5). */
  requiresKey?: boolean;
  /** Also served under the alternate base address. */
  alsoOnAltBase?: boolean;
  handle(p: P, ctx: EndpointContext): Promise<unknown>;
  csv?: CsvSpec<P>;
}

/** A declared endpoint with its params type erased, as the registry holds it. */
export type AnyEndpoint = Endpoint<never> & { handle(p: never, ctx: EndpointContext): Promise<unknown> };

/** Declares an endpoint with its params type inferred from the schema, e.g. `defineEndpoint({ path: '/api/block', … })`. */
export function defineEndpoint<S extends z.ZodType>(e: Endpoint<z.output<S>> & { params: S }): AnyEndpoint {
  return e as unknown as AnyEndpoint;
}
