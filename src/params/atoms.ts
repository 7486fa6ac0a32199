/**
 * Zod atoms for query parameters. The generic handler normalizes the query first (repeated key → last value,
 * empty string → absent), so every atom parses `string | undefined`. A malformed value is a zod issue whose
 * path is the parameter name: the error catalog turns it into HTTP 400 naming the parameter (ARCHITECTURE §5.3).
 */
import { z } from 'zod';
import { isBase58Address } from '../chain/address.ts';

type Ctx = z.RefinementCtx;

const fail = (ctx: Ctx, message: string): never => {
  ctx.addIssue({ code: 'custom', message });
  return z.NEVER;
};

const INT_RE = /^[+-]?\d{1,19}$/;

/** Integer parameter, e.g. `int({ min: 0 })` parses '20' → 20 and rejects '20x'. */
export function int(opts: { min?: number; max?: number } = {}) {
  return z.string().transform((s, ctx): number => {
    const t = s.trim();
    if (!INT_RE.test(t)) return fail(ctx, `must be an integer, got '${clip(s)}'`);
    const n = Number(t);
    if (!Number.isSafeInteger(n)) return fail(ctx, 'is out of range');
    if (opts.min !== undefined && n < opts.min) return fail(ctx, `must be at least ${opts.min}`);
    if (opts.max !== undefined && n > opts.max) return fail(ctx, `must be at most ${opts.max}`);
    return n;
  });
}

/** Boolean parameter: true/false/1/0 (case-insensitive), e.g. `bool()` parses 'TRUE' → true. */
export function bool() {
  return z.string().transform((s, ctx): boolean => {
    const t = s.trim().toLowerCase();
    if (t === 'true' || t === '1') return true;
    if (t === 'false' || t === '0') return false;
    return fail(ctx, `must be true or false, got '${clip(s)}'`);
  });
}

/** Base58check TRON address (T…, 34 chars, valid checksum), e.g. `address()` accepts 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'. */
export function address() {
  return z.string().transform((s, ctx): string => {
    const t = s.trim();
    if (!isBase58Address(t)) return fail(ctx, `must be a Base58 TRON address (T…, 34 characters), got '${clip(s)}'`);
    return t;
  });
}

/** Transaction or block hash: 64 hex characters, optional 0x, returned lowercase. */
export function hash() {
  return z.string().transform((s, ctx): string => {
    const t = s.trim().replace(/^0x/i, '');
    if (!/^[0-9a-fA-F]{64}$/.test(t)) return fail(ctx, `must be 64 hexadecimal characters, got '${clip(s)}'`);
    return t.toLowerCase();
  });
}

/** Largest time bound accepted (ms): below 8.64e15, the last instant a JS Date (and so a UTC day) can represent. */
export const MAX_TIMESTAMP_MS = 8_640_000_000_000_000 - 1;

/** Timestamp in milliseconds (non-negative integer), e.g. `timestampMs()` parses '1662014442000'. */
export function timestampMs() {
  return int({ min: 0, max: MAX_TIMESTAMP_MS });
}

/** Timestamp in seconds, returned as milliseconds so SQL compares one unit, e.g. '1662014442' → 1662014442000. */
export function timestampSecAsMs() {
  return int({ min: 0, max: Math.floor(MAX_TIMESTAMP_MS / 1000) }).transform((n) => n * 1000);
}

/** Day string yyyy-MM-dd (a real calendar day), returned as the UTC midnight in ms. */
export function dayAsMs() {
  return z.string().transform((s, ctx): number => {
    const t = s.trim();
    const ms = Date.parse(`${t}T00:00:00Z`);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(t) || Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== t) {
      return fail(ctx, `must be a day yyyy-MM-dd, got '${clip(s)}'`);
    }
    return ms;
  });
}

/** Comma-separated list of items parsed by `item`, e.g. `commaList(address())`; empty items are skipped. */
export function commaList<T>(item: z.ZodType<T, string>, opts: { max?: number } = {}) {
  return z.string().transform((s, ctx): T[] => {
    const parts = s.split(',').map((p) => p.trim()).filter((p) => p !== '');
    if (opts.max !== undefined && parts.length > opts.max) return fail(ctx, `accepts at most ${opts.max} values`);
    const out: T[] = [];
    for (const p of parts) {
      const r = item.safeParse(p);
      if (!r.success) return fail(ctx, `item '${clip(p)}' ${r.error.issues[0]?.message ?? 'is invalid'}`);
      out.push(r.data);
    }
    return out;
  });
}

/** One of a closed set of values (case-insensitive), e.g. `oneOf(['in', 'out', 'all'])`. */
export function oneOf<const T extends string>(values: readonly T[]) {
  return z.string().transform((s, ctx): T => {
    const t = s.trim().toLowerCase();
    const hit = values.find((v) => v.toLowerCase() === t);
    return hit ?? fail(ctx, `must be one of ${values.join(', ')}, got '${clip(s)}'`);
  });
}

/** Free text (names, search terms), trimmed and bounded. Never becomes SQL text: it is always bound. */
export function text(maxLength = 200) {
  return z.string().transform((s, ctx): string => {
    const t = s.trim();
    return t.length > maxLength ? fail(ctx, `must be at most ${maxLength} characters`) : t;
  });
}

/** Shortens user text quoted back in an error message. */
function clip(s: string): string {
  return s.length > 40 ? `${s.slice(0, 40)}…` : s;
}

/**
 * Non-negative decimal number (thresholds such as `filterTokenValue`), e.g. `decimal()` parses '1e18' or '0.5' →
 * a number and rejects '-1' and 'abc'. Precision is that of a double: use it for thresholds, not exact amounts.
 */
export function decimal() {
  return z.string().transform((s, ctx): number => {
    const t = s.trim();
    if (!/^(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/.test(t)) return fail(ctx, `must be a non-negative number, got '${clip(s)}'`);
    const n = Number(t);
    return Number.isFinite(n) ? n : fail(ctx, 'is out of range');
  });
}
