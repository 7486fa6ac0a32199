/**
 * Exports of the lists declared without `defineList` (their answer is computed after SQL, or pages by a rule of their
 * own): the `format` parameter, the page of a download (without `limit`: every row from `start`, no 10000 window) and
 * the CSV spec, so they download as the kit's lists do (docs/compat.md "Exports"). The rows stream through the export
 * lane of src/http/app.ts either way: a declared statement with a row → item mapper, or the items computed in TS.
 */
import { z } from 'zod';
import { withPage, type PagingOptions } from '../../params/index.ts';
import type { CsvItems, CsvPlan, CsvSpec, EndpointContext } from './endpoint.ts';

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
    v.format === 'csv' && v.limit === undefined ? { ...v, page: { start: v.start ?? 0, limit: null } } : paged(v, ctx);
}

/** The rows of `list` on `page`, e.g. `pageOf(witnesses, { start: 20, limit: null })` = every witness from the 21st. */
export function pageOf<T>(list: readonly T[], page: ExportPage): T[] {
  return list.slice(page.start, page.limit === null ? undefined : page.start + page.limit);
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
