/**
 * The two bigAmount endpoints (SPEC §4.4 `/api/deep/stableCoin/bigAmount`, `/api/deep/account/token/bigAmount`, §8;
 * issue 34): their shared parameters, window, ORDER BY constants and row item (docs/compat.md "Big transfers (issue
 * 34)"). A row's type: the protocol type of its transaction (classified_transfers / defi_transaction_types: 3-9),
 * else 1 in / 2 out relative to the asked address.
 */
import { z } from 'zod';
import { multiplyScaled, scaleDecimal } from '../../params/index.ts';
import { DAY_MS } from '../../time.ts';
import { ApiError } from '../../wire/errors.ts';
import { shape } from '../kit/schemas.ts';

/** SPEC §8 "time range max 6 months", read as 184 days: the longest 6 calendar months (July-December), so any calendar 6-month window fits. */
export const MAX_SPAN_MS = 184 * DAY_MS;
export const MAX_LIMIT = 100;
const USD_PLACES = 6;

export const TYPE_CODES = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] as const;

/** `types`: comma-separated codes 0-9, at least one, e.g. '1,3' → [1, 3]; 0 = all. */
export function typesParam() {
  return z.string().transform((s, ctx): number[] => {
    const parts = s.split(',').map((p) => p.trim()).filter((p) => p !== '');
    const codes = parts.map((p) => (/^[0-9]$/.test(p) ? Number(p) : NaN));
    if (codes.length === 0 || codes.some((c) => Number.isNaN(c))) {
      ctx.addIssue({ code: 'custom', message: `must be comma-separated type codes 0-9 (0 all, 1 in, 2 out, 3 swap, 4 add liquidity, 5 remove liquidity, 6 deposit, 7 borrow, 8 repay, 9 withdraw), got '${s.slice(0, 40)}'` });
      return z.NEVER;
    }
    return [...new Set(codes)].sort((a, b) => a - b);
  }).meta({
    description: 'Required. Comma-separated type codes: 0 all, 1 in, 2 out, 3 swap, 4 add liquidity, 5 remove liquidity, 6 deposit, 7 borrow, 8 repay, 9 withdraw.',
    examples: ['0'], override: { type: 'string' },
  });
}

const DECIMAL_TEXT = /^(\d+)(?:\.(\d*))?$|^\.(\d+)$/;

/** A 'min,max' range of exact non-negative decimal texts (whole tokens), either side may be empty, e.g. '10,' → {min '10', max null}. */
export function exactRangeParam(what: string) {
  return decimalRangeParam(what, DECIMAL_TEXT, '1000,');
}

/**
 * `txUsd`: 'min,max' of USD, the grammar of rangeParam (digits, optional '.digits'; either side empty), kept as exact
 * texts: the bound is compared exactly with each row's USD (exactUsdRange), e.g. '1000,' → {min '1000', max null}.
 */
export function usdRangeParam() {
  return decimalRangeParam('USD', /^[0-9]+(\.[0-9]+)?$/, '1,100');
}

/** A 'min,max' range of `what` whose sides match `grammar` (either may be empty), min not above max. */
function decimalRangeParam(what: string, grammar: RegExp, example: string) {
  return z.string().transform((s, ctx): { min: string | null; max: string | null } => {
    const parts = s.split(',').map((p) => p.trim());
    const ok = (p: string) => p === '' || grammar.test(p);
    if (parts.length !== 2 || !ok(parts[0]!) || !ok(parts[1]!)) {
      ctx.addIssue({ code: 'custom', message: `must be 'min,max' (${what}, non-negative, either side may be empty), got '${s.slice(0, 40)}'` });
      return z.NEVER;
    }
    const [min, max] = parts.map((p) => (p === '' ? null : p)) as [string | null, string | null];
    if (min !== null && max !== null && compareDecimal(min, max) > 0) {
      ctx.addIssue({ code: 'custom', message: 'min must not be above max' });
      return z.NEVER;
    }
    return { min, max };
  }).meta({ description: `Range 'min,max' of ${what}; either side may be empty.`, examples: [example], override: { type: 'string' } });
}

/**
 * The DOUBLE helper `usd_sort` is within ~1e-15 (relative) of the exact USD, so a margin of 1e-12 either side of a
 * bound makes the SQL pre-filter conservative: a row clearly inside passes, clearly outside is cut, and a row whose
 * helper lies within the margin of a bound ("near") is decided exactly in code (exactUsdRange.keep).
 */
const USD_MARGIN = 1e-12;
/** Near rows read at most (every transfer of a lake at one exact value would still fit). */
const NEAR_ROWS_MAX = 10_000_000;

/** The templates' USD binds of a `txUsd` range: pre-filter bounds widened by the margin, near zones narrowed by it. */
export function usdBinds(r: { min: string | null; max: string | null } | undefined): {
  min_usd_lo: number | null; min_usd_hi: number | null; max_usd_lo: number | null; max_usd_hi: number | null;
} {
  const min = r?.min == null ? null : Number(r.min);
  const max = r?.max == null ? null : Number(r.max);
  return {
    min_usd_lo: min === null ? null : min * (1 - USD_MARGIN), min_usd_hi: min === null ? null : min * (1 + USD_MARGIN),
    max_usd_lo: max === null ? null : max * (1 - USD_MARGIN), max_usd_hi: max === null ? null : max * (1 + USD_MARGIN),
  };
}

/** `text` (decimal, optional exponent) as digits × 10^-scale, e.g. '1.25' → {digits 125n, scale 2}. */
function decimalFraction(text: string): { digits: bigint; scale: number } {
  const m = /^(\d+)(?:\.(\d+))?(?:[eE]([-+]?\d+))?$/.exec(text.trim());
  if (!m) throw new Error(`not a non-negative decimal: '${text.slice(0, 40)}'`);
  const fraction = m[2] ?? '';
  let digits = BigInt(`${m[1]}${fraction}`);
  let scale = fraction.length - Number(m[3] ?? 0);
  if (scale < 0) { digits *= 10n ** BigInt(-scale); scale = 0; }
  return { digits, scale };
}

/** Exact sign of (raw ÷ 10^decimals × price) − bound, all integers: no double. */
export function compareUsd(raw: bigint, decimals: number, price: string, bound: string): number {
  const p = decimalFraction(price);
  const b = decimalFraction(bound);
  const left = raw * p.digits * 10n ** BigInt(b.scale);
  const right = b.digits * 10n ** BigInt(decimals + p.scale);
  return left < right ? -1 : left > right ? 1 : 0;
}

/** A row's key in the templates' `excluded` list: its chain position. */
export const chainKey = (r: { block_number: unknown; tx_index: unknown; log_index: unknown }): string =>
  `${r.block_number}:${r.tx_index}:${r.log_index}`;

/**
 * Runs a template with an exact `txUsd` range: first with the conservative pre-filter; when its rows count "near" ones
 * (`n_near`), those are read (`near_only`), decided exactly, and the outside ones excluded by key in a second run (rare:
 * only a transfer whose exact USD lies within 1e-12 of a bound and outside it).
 */
export async function withExactUsd<R extends { n_near: unknown; block_number: unknown; tx_index: unknown; log_index: unknown; amount_raw: unknown; decimals: unknown; price: unknown }>(
  range: { min: string | null; max: string | null } | undefined,
  run: (extra: { near_only: boolean; excluded: string[]; lim?: number }) => Promise<R[]>,
): Promise<R[]> {
  const rows = await run({ near_only: false, excluded: [] });
  if (!range || rows.length === 0 || Number(rows[0]!.n_near) === 0) return rows;
  const near = await run({ near_only: true, excluded: [], lim: NEAR_ROWS_MAX });
  const excluded = near.filter((r) => {
    if (r.price === null || r.price === undefined) return true;
    const raw = BigInt(String(r.amount_raw));
    const decimals = Number(r.decimals);
    return (range.min !== null && compareUsd(raw, decimals, String(r.price), range.min) < 0)
      || (range.max !== null && compareUsd(raw, decimals, String(r.price), range.max) > 0);
  }).map(chainKey);
  return excluded.length === 0 ? rows : run({ near_only: false, excluded });
}

/** `sortBy`: time (default), amount, usd; an unknown key falls back to time (ARCHITECTURE §5.3). */
export function sortByParam() {
  return z.string().transform((s): SortBy => {
    const t = s.trim().toLowerCase();
    return t === 'amount' || t === 'usd' ? t : 'time';
  }).meta({ description: 'time (default), amount or usd; anything else is time.', override: { type: 'string', enum: ['time', 'amount', 'usd'], default: 'time' } });
}

export type SortBy = 'time' | 'amount' | 'usd';

/** `decimal` × 10^decimals as an integer text, rounded up (`ceil`) or down, e.g. ('1.5', 6, false) → '1500000'. */
export function scaledBound(decimal: string, decimals: number, ceil: boolean): string {
  const m = DECIMAL_TEXT.exec(decimal)!;
  const whole = m[1] ?? '0';
  const fraction = m[2] ?? m[3] ?? '';
  const kept = fraction.slice(0, decimals).padEnd(decimals, '0');
  let v = BigInt(`${whole}${kept}`);
  if (ceil && /[1-9]/.test(fraction.slice(decimals))) v += 1n;
  return v.toString();
}

function compareDecimal(a: string, b: string): number {
  const scale = Math.max(a.length, b.length);
  const x = BigInt(scaledBound(a, scale, false));
  const y = BigInt(scaledBound(b, scale, false));
  return x < y ? -1 : x > y ? 1 : 0;
}

/** The window (ms): endTime defaults to now, startTime to 6 months (184 days) before the end; at most 184 days. */
export function windowOf(p: { startTime?: number; endTime?: number }, now: number): { start: number; end: number } {
  const end = p.endTime ?? now;
  const start = p.startTime ?? Math.max(0, end - MAX_SPAN_MS);
  if (start > end) throw new ApiError('BAD_PARAMETER', 'startTime must not be after endTime', 'startTime');
  if (end - start > MAX_SPAN_MS) throw new ApiError('BAD_PARAMETER', 'the window may span at most 6 months (184 days)', 'startTime');
  return { start, end };
}

const CHAIN_DESC = '"timestamp" DESC, block_number DESC, tx_index DESC, log_index DESC';
const CHAIN_ASC = '"timestamp" ASC, block_number ASC, tx_index ASC, log_index ASC';

/**
 * The ORDER BY constants of both templates (their rows name `amount_key`, a non-negative integer text without leading
 * zeros, ordered exactly by length then digits, and `usd_sort`, the DOUBLE helper; unpriced rows last both ways), ties
 * in chain order the same way.
 */
export const ORDERS: Record<SortBy, { asc: string; desc: string }> = {
  time: { desc: CHAIN_DESC, asc: CHAIN_ASC },
  amount: { desc: `length(amount_key) DESC, amount_key DESC, ${CHAIN_DESC}`, asc: `length(amount_key) ASC, amount_key ASC, ${CHAIN_ASC}` },
  usd: { desc: `usd_sort DESC NULLS LAST, ${CHAIN_DESC}`, asc: `usd_sort ASC NULLS LAST, ${CHAIN_ASC}` },
};
export const ORDER_BYS: readonly string[] = Object.values(ORDERS).flatMap((o) => [o.asc, o.desc]);

export const bigAmountItem = shape({
  hash: z.string(), time: z.number().int(), from: z.string(), to: z.string(), token: z.string(),
  amount: z.string(), usd: z.number().nullable(), type: z.number().int(),
});
export type BigAmountItem = z.output<typeof bigAmountItem>;

/** A template row as the item: amount in whole tokens (exact text), USD = raw ÷ 10^decimals × the day's close rounded once. */
export function itemOf(r: {
  tx_hash: unknown; timestamp: unknown; from_address: unknown; to_address: unknown; contract_address: unknown;
  amount_raw: unknown; decimals: unknown; price: unknown; type_code: unknown;
}): BigAmountItem {
  const decimals = Number(r.decimals);
  const raw = String(r.amount_raw);
  return {
    hash: String(r.tx_hash), time: Number(r.timestamp), from: String(r.from_address), to: String(r.to_address),
    token: String(r.contract_address), amount: scaleDecimal(raw, decimals),
    usd: r.price === null || r.price === undefined ? null : Number(multiplyScaled(BigInt(raw), decimals, String(r.price), USD_PLACES)),
    type: Number(r.type_code),
  };
}
