/** Reading an endpoint declaration's zod schema without knowing how it is built (object, pipe, refinement). */
import type { z } from 'zod';

/** The parameter names a declaration's zod object schema reads, e.g. `['start', 'limit', …]`; undefined when no object is found. */
export function schemaKeys(schema: z.ZodType | unknown): string[] | undefined {
  let s: unknown = schema;
  for (let i = 0; i < 8 && s; i++) {
    const o = s as { shape?: Record<string, unknown>; _zod?: { def?: { in?: unknown; schema?: unknown; innerType?: unknown } } };
    if (o.shape && typeof o.shape === 'object') return Object.keys(o.shape);
    const def = o._zod?.def;
    s = def?.in ?? def?.schema ?? def?.innerType;
  }
  return undefined;
}
