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
  }).meta({ description: `An integer${rangeText(opts)}.`, override: { type: 'integer', ...bounds(opts) } });
}

/** A range in words, e.g. `rangeText({ min: 0, max: 3 })` = ' from 0 to 3'. */
function rangeText(opts: { min?: number; max?: number }): string {
  if (opts.min !== undefined && opts.max !== undefined) return ` from ${opts.min} to ${opts.max}`;
  if (opts.min !== undefined) return `, at least ${opts.min}`;
  return opts.max !== undefined ? `, at most ${opts.max}` : '';
}

/** The OpenAPI bounds of a range, e.g. `bounds({ min: 0 })` = `{ minimum: 0 }`. */
function bounds(opts: { min?: number; max?: number }): { minimum?: number; maximum?: number } {
  return Object.assign({}, opts.min !== undefined ? { minimum: opts.min } : {}, opts.max !== undefined ? { maximum: opts.max } : {});
}

/** Boolean parameter: true/false/1/0 (case-insensitive), e.g. `bool()` parses 'TRUE' → true. */
export function bool() {
  return z.string().transform((s, ctx): boolean => {
    const t = s.trim().toLowerCase();
    if (t === 'true' || t === '1') return true;
    if (t === 'false' || t === '0') return false;
    return fail(ctx, `must be true or false, got '${clip(s)}'`);
  }).meta({ override: { type: 'boolean' }, description: 'true or false (also 1 or 0).', examples: [true] });
}

/** Base58check TRON address (T…, 34 chars, valid checksum), e.g. `address()` accepts 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'. */
export function address() {
  return z.string().transform((s, ctx): string => {
    const t = s.trim();
    if (!isBase58Address(t)) return fail(ctx, `must be a Base58 TRON address (T…, 34 characters), got '${clip(s)}'`);
    return t;
  }).meta({
    description: 'A TRON address, Base58check (T…, 34 characters, valid checksum).',
    examples: [EXAMPLE_ADDRESS],
    override: { type: 'string', pattern: '^T[1-9A-HJ-NP-Za-km-z]{33}$' },
  });
}

/** The example address of the documentation: the USDT TRC20 contract. */
export const EXAMPLE_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

/** Transaction or block hash: 64 hex characters, optional 0x, returned lowercase. */
export function hash() {
  return z.string().transform((s, ctx): string => {
    const t = s.trim().replace(/^0x/i, '');
    if (!/^[0-9a-fA-F]{64}$/.test(t)) return fail(ctx, `must be 64 hexadecimal characters, got '${clip(s)}'`);
    return t.toLowerCase();
  }).meta({
    description: 'A transaction or block hash: 64 hexadecimal characters (0x prefix accepted).',
    examples: ['c2d1b1f8d1a7d2d44cd3c6c2b7f7b4ae7cf3f3d0e1a2b3c4d5e6f708192a3b4c'],
    override: { type: 'string', pattern: '^(0x)?[0-9a-fA-F]{64}$' },
  });
}

/** Largest time bound accepted (ms): below 8.64e15, the last instant a JS Date (and so a UTC day) can represent. */
export const MAX_TIMESTAMP_MS = 8_640_000_000_000_000 - 1;

/** Timestamp in milliseconds (non-negative integer), e.g. `timestampMs()` parses '1662014442000'. */
export function timestampMs() {
  return int({ min: 0, max: MAX_TIMESTAMP_MS }).meta({
    description: 'Milliseconds since the epoch (UTC).',
    examples: [1662014442000],
    override: { type: 'integer', minimum: 0, maximum: MAX_TIMESTAMP_MS },
  });
}

/**
 * Largest time bound accepted in seconds: 99,999,999,999 (the year 5138). A milliseconds value sent where the spec
 * says seconds (1662014442000 for 1662014442) would otherwise be read as a date ~50,000 years ahead and answer an
 * empty series that looks right; beyond this bound it is a 400 that says so.
 */
export const MAX_TIMESTAMP_SECONDS = 99_999_999_999;

/** Timestamp in seconds, returned as milliseconds so SQL compares one unit, e.g. '1662014442' → 1662014442000. */
export function timestampSecAsMs() {
  return z.string().transform((s, ctx): number => {
    const t = s.trim();
    if (!INT_RE.test(t)) return fail(ctx, `must be an integer, got '${clip(s)}'`);
    const n = Number(t);
    if (!Number.isSafeInteger(n) || n < 0) return fail(ctx, 'must be seconds since the epoch, at least 0');
    if (n > MAX_TIMESTAMP_SECONDS) return fail(ctx, `is in seconds and must be at most ${MAX_TIMESTAMP_SECONDS}; ${t} looks like milliseconds (${Math.floor(n / 1000)} in seconds)`);
    return n * 1000;
  }).meta({
    description: 'Seconds since the epoch (UTC), at most 99999999999 (a milliseconds value is refused, not read as a far future date).',
    examples: [1662014442],
    override: { type: 'integer', minimum: 0, maximum: MAX_TIMESTAMP_SECONDS },
  });
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
  }).meta({ description: 'A UTC day, yyyy-MM-dd.', examples: ['2026-10-01'], override: { type: 'string', format: 'date' } });
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
  }).meta({
    description: `Comma-separated values${opts.max !== undefined ? ` (at most ${opts.max})` : ''}.`,
    // One item is a list: the item's own example, when it declares one.
    ...itemExample(item),
  });
}

/** `{ examples: [<the item's first example>] }`, or nothing when the item declares none. */
function itemExample(item: z.ZodType): { examples?: string[] } {
  const examples: unknown = z.globalRegistry.get(item)?.examples;
  return Array.isArray(examples) && examples.length > 0 ? { examples: [String(examples[0])] } : {};
}

/** One of a closed set of values (case-insensitive), e.g. `oneOf(['in', 'out', 'all'])`. */
export function oneOf<const T extends string>(values: readonly T[]) {
  return z.string().transform((s, ctx): T => {
    const t = s.trim().toLowerCase();
    const hit = values.find((v) => v.toLowerCase() === t);
    return hit ?? fail(ctx, `must be one of ${values.join(', ')}, got '${clip(s)}'`);
  }).meta({ description: `One of ${values.join(', ')} (case-insensitive).`, override: { type: 'string', enum: [...values] } });
}

/** Free text (names, search terms), trimmed and bounded. Never becomes SQL text: it is always bound. */
export function text(maxLength = 200) {
  return z.string().transform((s, ctx): string => {
    const t = s.trim();
    return t.length > maxLength ? fail(ctx, `must be at most ${maxLength} characters`) : t;
  }).meta({ description: `Text, at most ${maxLength} characters.`, override: { type: 'string', maxLength } });
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
  }).meta({ description: 'A non-negative decimal number (e.g. 0.5 or 1e18).', examples: ['1000'], override: { type: 'string', pattern: '^(\\d+(\\.\\d*)?|\\.\\d+)([eE][+-]?\\d+)?$' } });
}
