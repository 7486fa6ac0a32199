/**
 * Paging (SPEC conventions, §8): `start` offset (default 0) and `limit` page size with a per-endpoint default and
 * maximum. A limit above the maximum is clamped (TronScan does the same). With the sum rule, start + limit must be
 * at most 10000: the limit is clamped when a page can still be served, and start ≥ 10000 is a 400 naming `start`.
 */
import { z } from 'zod';
import { int } from './atoms.ts';

export const SUM_RULE_WINDOW = 10_000;

export interface PagingOptions {
  defaultLimit: number;
  maxLimit: number;
  /** start + limit ≤ 10000 (SPEC "sum rule"). */
  sumRule: boolean;
  /** Smallest accepted limit (only /api/proposal has one). */
  minLimit?: number;
}

export interface Page {
  start: number;
  limit: number;
}

/** The `start` and `limit` fields of an endpoint's params, e.g. `z.object({ ...pagingFields({ defaultLimit: 10, maxLimit: 50, sumRule: true }) })`. */
export function pagingFields(o: PagingOptions) {
  return {
    start: int({ min: 0 })
      .optional()
      .meta({
        description: `Offset of the first row (default 0)${o.sumRule ? `; start + limit may not exceed ${SUM_RULE_WINDOW}` : ''}.`,
        override: { type: 'integer', minimum: 0, default: 0, ...(o.sumRule ? { maximum: SUM_RULE_WINDOW - 1 } : {}) },
      }),
    limit: int({ min: o.minLimit ?? 0 })
      .transform((n) => Math.min(n, o.maxLimit))
      .optional()
      .meta({
        description: `Rows per page (default ${o.defaultLimit}, at most ${o.maxLimit}: larger is clamped).`,
        override: { type: 'integer', minimum: o.minLimit ?? 0, maximum: o.maxLimit, default: o.defaultLimit },
      }),
  };
}

/**
 * Applies defaults and the sum rule to parsed paging values, e.g. `resolvePage({ start: 9990, limit: 50 }, o)` =
 * `{ start: 9990, limit: 10 }`. Returns a message for `start` when no page can be served.
 */
export function resolvePage(v: { start?: number; limit?: number }, o: PagingOptions): Page | { error: string } {
  const start = v.start ?? 0;
  let limit = v.limit ?? o.defaultLimit;
  if (o.sumRule) {
    if (start >= SUM_RULE_WINDOW) return { error: `must be less than ${SUM_RULE_WINDOW} (start + limit may not exceed ${SUM_RULE_WINDOW})` };
    limit = Math.min(limit, SUM_RULE_WINDOW - start);
  }
  return { start, limit };
}

/** Zod transform step for an object schema holding start/limit: adds `page`, or an issue on `start`. */
export function withPage<T extends { start?: number; limit?: number }>(o: PagingOptions) {
  return (v: T, ctx: z.RefinementCtx): T & { page: Page } => {
    const r = resolvePage(v, o);
    if ('error' in r) {
      ctx.addIssue({ code: 'custom', path: ['start'], message: r.error });
      return z.NEVER;
    }
    return Object.assign({}, v, { page: r });
  };
}
