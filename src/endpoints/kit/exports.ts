/**
 * Exports of the lists declared without `defineList` (their answer is computed after SQL, or pages by a rule of their
 * own): the `format` parameter, the page of a download (without `limit`: every row from `start`, no 10000 window) and
 * the CSV spec, so they download as the kit's lists do (docs/compat.md "Exports"). The rows stream through the export
 * lane of src/http/app.ts either way: a declared statement with a row → item mapper, or the items computed in TS.
 */
import { z } from 'zod';
import { withPage, type PagingOptions } from '../../params/index.ts';
import type { BindValue } from '../../engine/engine.ts';
import type { Row } from '../../duckdb/duck.ts';
import type { CsvItems, CsvPlan, CsvSpec, EndpointContext } from './endpoint.ts';
import type { SqlId, SqlParams, SqlRows } from './sql-types.generated.ts';

/** `format`: csv (any case, spaces around) downloads; anything else (json, legacy values) answers JSON. */
export function formatField() {
  return z
    .string()
    .optional()
    .transform((f) => (f?.trim().toLowerCase() === 'csv' ? ('csv' as const) : ('json' as const)))
    .meta({
      description: 'csv streams the same rows as an RFC 4180 download (without limit: every row from start, no 10000 window).',
      override: { type: 'string', enum: ['json', 'csv'], default: 'json' },
    });
}

/** A page of a list that also downloads: `limit` null for a CSV download without `limit` (every row from `start`). */
export interface ExportPage {
  start: number;
  limit: number | null;
}

/**
 * `withPage` for a list that downloads, e.g. `z.object({ ...pagingFields(o), format: formatField() }).transform(withExportPage(o))`:
 * JSON and a CSV download with `limit` get the JSON page (defaults, clamp, sum rule); a CSV download without `limit`
 * gets every row from `start`.
 */
export function withExportPage<T extends { start?: number; limit?: number; format: 'json' | 'csv' }>(o: PagingOptions) {
  const paged = withPage<T>(o);
  return (v: T, ctx: z.RefinementCtx): T & { page: ExportPage } =>
    v.format === 'csv' && v.limit === undefined ? Object.assign({}, v, { page: { start: v.start ?? 0, limit: null } }) : paged(v, ctx);
}

/** The rows of `list` on `page`, e.g. `pageOf(witnesses, { start: 20, limit: null })` = every witness from the 21st. */
export function pageOf<T>(list: readonly T[], page: ExportPage): T[] {
  return list.slice(page.start, page.limit === null ? undefined : page.start + page.limit);
}

/**
 * A download's declared statement with its row → item mapper typed by the template (binds and rows from
 * sql-types.generated.ts: a misspelt column in `item` or a misspelt bind is a compile error), e.g.
 * `csvStatement('account/vote-list', { voter: p.voter }, (r) => ({ voterAddress: r.voter_address }))`; a plan for `listCsv`.
 */
export function csvStatement<Id extends SqlId>(query: Id, binds: SqlParams[Id], item?: (r: SqlRows[Id]) => Record<string, unknown>, orderBy?: string): CsvPlan {
  // The streamed rows are the statement's (checkBinds and planStatement hold the plan to it): its generated row type
  // by construction, as for context.ts typedRows. The casts only erase the id for http/, which streams any plan; the
  // generated interfaces have no index signature, so they are not `Row` / `Record<string, BindValue>` to the compiler.
  const plan: CsvPlan = { query, binds: binds as unknown as Record<string, BindValue> };
  if (orderBy !== undefined) plan.orderBy = orderBy;
  if (item) plan.item = item as unknown as (r: Row) => Record<string, unknown>;
  return plan;
}

/**
 * The CSV spec of a plain list, e.g. `listCsv('/api/vote', ['voterAddress', 'votes'], async (p, ctx) => ({ query, binds, item }))`:
 * one column per item field, named as the item (the reference's field names); a nested value is its JSON text.
 */
export function listCsv<P extends { format: 'json' | 'csv' }>(
  path: string,
  fields: readonly string[],
  plan: (p: P, ctx: EndpointContext) => Promise<CsvPlan | CsvItems>,
): CsvSpec<P> {
  return {
    filename: `${path.replace(/^\/api\//, '').replace(/[^\w]+/g, '_')}.csv`,
    columns: fields.map((f) => ({ header: f, field: f })),
    wanted: (p) => p.format === 'csv',
    plan,
  };
}
