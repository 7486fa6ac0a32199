/**
 * Counterparties of one address (SPEC §4.4 `/api/deep/account/relatedAccount`, `/api/deep/account/transferAmount`,
 * issue 34): the groups of `deep/related-account` (address_counterparty_daily per counterparty, asset, direction and
 * day, with decimals and the day's USD close, packed in one text: see the SQL) summed per counterparty. USD = Σ exact raw ÷ 10^decimals × that day's
 * close (the price rule), rounded once to 6 places; a leg without a price or decimals adds its count, not a guessed
 * value (docs/compat.md "DeFi flows (issue 34)").
 */
import { z } from 'zod';
import { ratioDecimal, scaledProduct } from '../../params/index.ts';
import { ApiError } from '../../wire/errors.ts';
import type { EndpointContext } from '../kit/endpoint.ts';
import { perVersion, whenBuilt } from '../kit/per-version.ts';

export const USD_PLACES = 6;
/** Places of the exact per-day products summed before the one rounding (the 60 of stableCoin/transferAmount). */
const EXACT_PLACES = 60;
const EXACT_UNIT = 10n ** BigInt(EXACT_PLACES);

export type Direction = 0 | 1 | 2;
export const SORT_KEYS = ['amountIn', 'amountOut', 'timesIn', 'timesOut'] as const;
export type SortKey = (typeof SORT_KEYS)[number];

/** `relatedToken`: Base58 contract, `0` for TRX (the rollup's '_'), or a TRC10 numeric id, e.g. '1002000'. */
export function relatedTokenParam() {
  return z.string().transform((s, ctx): string => {
    const t = s.trim();
    if (t === '0' || t === '_') return '_';
    if (/^[1-9][0-9]{0,18}$/.test(t) || /^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(t)) return t;
    ctx.addIssue({ code: 'custom', message: `must be a Base58 token contract, 0 for TRX or a TRC10 id, got '${t.slice(0, 40)}'` });
    return z.NEVER;
  }).meta({ description: 'Base58 TRC20 contract, 0 for TRX, or a TRC10 id (e.g. 1002000).', examples: ['TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'], override: { type: 'string' } });
}

/** A 'min,max' range of non-negative numbers, either side may be empty ('5,' = at least 5), e.g. '1,10' → {min 1, max 10}. */
export function rangeParam(what: string) {
  return z.string().transform((s, ctx): { min: number | null; max: number | null } => {
    const parts = s.split(',').map((p) => p.trim());
    const num = (p: string | undefined): number | null | undefined =>
      p === undefined || p === '' ? null : /^[0-9]+(\.[0-9]+)?$/.test(p) ? Number(p) : undefined;
    const min = num(parts[0]);
    const max = num(parts[1]);
    if (parts.length !== 2 || min === undefined || max === undefined) {
      ctx.addIssue({ code: 'custom', message: `must be 'min,max' (${what}, non-negative, either side may be empty), got '${s.slice(0, 40)}'` });
      return z.NEVER;
    }
    if (min !== null && max !== null && min > max) {
      ctx.addIssue({ code: 'custom', message: 'min must not be above max' });
      return z.NEVER;
    }
    return { min, max };
  }).meta({ description: `Range 'min,max' of ${what}; either side may be empty.`, examples: ['1,100'], override: { type: 'string' } });
}

export function directionParam() {
  return z.string().transform((s, ctx): Direction => {
    const t = s.trim();
    if (t === '0' || t === '1' || t === '2') return Number(t) as Direction;
    ctx.addIssue({ code: 'custom', message: `must be 0 (all), 1 (in) or 2 (out), got '${t.slice(0, 40)}'` });
    return z.NEVER;
  }).meta({ description: '0 all (default), 1 in, 2 out.', examples: ['0'], override: { type: 'integer', enum: [0, 1, 2], default: 0 } });
}

export function sortParam() {
  return z.string().transform((s, ctx): SortKey => {
    const hit = SORT_KEYS.find((k) => k.toLowerCase() === s.trim().toLowerCase());
    if (hit) return hit;
    ctx.addIssue({ code: 'custom', message: `must be one of ${SORT_KEYS.join(', ')}, got '${s.slice(0, 40)}'` });
    return z.NEVER;
  }).meta({ description: 'amountIn (default), amountOut, timesIn, timesOut; largest first.', override: { type: 'string', enum: [...SORT_KEYS], default: 'amountIn' } });
}

export interface Counterparty {
  address: string;
  amountIn: number;
  amountOut: number;
  timesIn: number;
  timesOut: number;
}

interface Sums { in: bigint; out: bigint; timesIn: number; timesOut: number }

/** A counterparty with its exact USD sums (10^-60 units), for a total rounded once. */
export interface CounterpartySums extends Counterparty { unitsIn: bigint; unitsOut: bigint }

/** The item of a counterparty (its exact sums left out). */
export const counterpartyItem = (c: CounterpartySums): Counterparty =>
  ({ address: c.address, amountIn: c.amountIn, amountOut: c.amountOut, timesIn: c.timesIn, timesOut: c.timesOut });

/** 10^(EXACT_PLACES - USD_PLACES) and its half: units → millionths, half away from zero, in one division. */
const MILLIONTH = 10n ** BigInt(EXACT_PLACES - USD_PLACES);
const HALF_MILLIONTH = MILLIONTH / 2n;
const USD_SCALE = 10 ** USD_PLACES;

/**
 * Σ exact USD units rounded once to 6 places, e.g. a section's amountTotal: `Number(ratioDecimal(units, 10^60, 6))`
 * (half away from zero) without its decimal text, which cost most of a busy address's answer (31k counterparties ×
 * 2). A rounded count of millionths below 2^53 is exact as a double, and one IEEE division by 10^6 is the correctly
 * rounded quotient, the double Number() reads from the decimal text; above it, the text.
 */
export function usdNumber(units: bigint): number {
  if (units === 0n) return 0;
  const negative = units < 0n;
  const q = ((negative ? -units : units) + HALF_MILLIONTH) / MILLIONTH;
  if (q > 9_007_199_254_740_991n) return Number(ratioDecimal(units, EXACT_UNIT, USD_PLACES));
  const v = Number(q) / USD_SCALE;
  return negative && q !== 0n ? -v : v;
}

/**
 * The counterparties of `address` within [start, end] ms, of `token` (null: every asset), with `related` alone
 * when given: summed per counterparty, unsorted, unfiltered.
 */
export async function counterpartiesOf(
  ctx: EndpointContext, b: { address: string; start: number; end: number; related: string | null; token: string | null },
): Promise<CounterpartySums[]> {
  const [row] = await ctx.typedRows('deep/related-account', {
    address: b.address, start_ts: b.start, end_ts: b.end, related: b.related, token: b.token,
  });
  const by = new Map<string, Sums>();
  const factors = new Map<string, (raw: bigint) => bigint>();
  // one group per ';': counterparty, token_id, direction, day, times, amount_raw, decimals, price ('' = NULL)
  const packed = row?.packed ?? '';
  for (const group of packed === '' ? [] : packed.split(';')) {
    const [counterparty, , direction, , times, amount, decimals, price] = group.split(',') as [string, string, string, string, string, string, string, string];
    const s = by.get(counterparty) ?? { in: 0n, out: 0n, timesIn: 0, timesOut: 0 };
    let usd = 0n;
    if (price !== '' && decimals !== '') {
      // one factor per price and decimals (a token's day), not a decimal text per group
      const at = `${price}|${decimals}`;
      let units = factors.get(at);
      if (!units) factors.set(at, (units = usdUnitsOf(Number(decimals), price)));
      usd = units(BigInt(amount));
    }
    if (direction === 'in') { s.in += usd; s.timesIn += Number(times); } else { s.out += usd; s.timesOut += Number(times); }
    by.set(counterparty, s);
  }
  return [...by].map(([address, s]) => ({
    address, amountIn: usdNumber(s.in), amountOut: usdNumber(s.out), timesIn: s.timesIn, timesOut: s.timesOut, unitsIn: s.in, unitsOut: s.out,
  }));
}

/** Largest first by `key`, then by address (a total order). */
export function sortCounterparties<C extends Counterparty>(list: C[], key: SortKey): C[] {
  return [...list].sort((a, b) => b[key] - a[key] || (a.address < b.address ? -1 : a.address > b.address ? 1 : 0));
}

/** The first `k` of `sortCounterparties(list, key)`, without sorting the rest (a busy address has ~31k). */
export function topCounterparties<C extends Counterparty>(list: readonly C[], key: SortKey, k: number): C[] {
  return topOf(list, (a, b) => b[key] - a[key] || (a.address < b.address ? -1 : a.address > b.address ? 1 : 0), k);
}

/**
 * `[...list].sort(cmp).slice(0, k)` in one pass keeping the k first in order (binary insertion; an element equal to
 * one kept goes after it, as a stable sort leaves it), e.g. the page of 100 of 31k counterparties.
 */
export function topOf<T>(list: readonly T[], cmp: (a: T, b: T) => number, k: number): T[] {
  const top: T[] = [];
  if (k <= 0) return top;
  for (const x of list) {
    if (top.length === k && cmp(x, top[k - 1]!) >= 0) continue;
    let lo = 0;
    let hi = top.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cmp(top[mid]!, x) <= 0) lo = mid + 1;
      else hi = mid;
    }
    top.splice(lo, 0, x);
    if (top.length > k) top.pop();
  }
  return top;
}

/** The default window of both endpoints: the `span` ending at the version's head (ms). */
export const defaultWindow = (now: number, span: number): { start: number; end: number } => ({ start: Math.max(0, now - span), end: now });

/**
 * Which addresses a version keeps a ranking for (`keptRankings`): at least `minRows` rows of address_counterparty_daily
 * in the default window (below, an answer costs a few ms: the statement reads the address's rows), the busiest
 * `maxAddresses` of them (memory: ~1,200 counterparties kept per address). A test lowers `minRows`.
 */
export const KEPT_RANKINGS = { minRows: 2_000, maxAddresses: 64, wait: false };


/** Page size both endpoints cut to (their `limit` at most). */
const KEPT_PAGE = 100;

/**
 * A busy address's answer pieces over the default window with no asset or counterparty filter, for each direction
 * (0 every counterparty, 1 those that sent to it: timesIn > 0, 2 those it sent to: timesOut > 0): how many, the exact
 * USD units each way summed over them, and the first KEPT_PAGE by each sort key (`topCounterparties`, the order of
 * both endpoints: relatedAccount's direction 1 / 2 list is transferAmount's in / out section, amount keys by the
 * side's USD, times keys by its movements). A page of `limit` ≤ KEPT_PAGE is a prefix: the order is total.
 */
export interface Ranking {
  total: [number, number, number];
  unitsIn: [bigint, bigint, bigint];
  unitsOut: [bigint, bigint, bigint];
  top: Record<`${Direction}:${SortKey}`, CounterpartySums[]>;
}

/** The ranking of `list` (every counterparty of the window, as `counterpartiesOf` returns them). */
export function rankingOf(list: readonly CounterpartySums[]): Ranking {
  const r: Ranking = { total: [0, 0, 0], unitsIn: [0n, 0n, 0n], unitsOut: [0n, 0n, 0n], top: {} as Ranking['top'] };
  for (const d of [0, 1, 2] as const) {
    const mine = d === 0 ? list : list.filter((c) => (d === 1 ? c.timesIn : c.timesOut) > 0);
    r.total[d] = mine.length;
    for (const c of mine) { r.unitsIn[d] += c.unitsIn; r.unitsOut[d] += c.unitsOut; }
    for (const key of SORT_KEYS) r.top[`${d}:${key}`] = topCounterparties(mine, key, KEPT_PAGE).map(detached);
  }
  return r;
}

/**
 * `c` with an address of its own: counterpartiesOf cuts addresses out of the statement's packed text, and V8 keeps a
 * cut as a view of the whole text, so a kept ranking held every busy address's text alive (53 MB on the default
 * lake, measured in a heap snapshot) for ~100 addresses a list.
 */
function detached(c: CounterpartySums): CounterpartySums {
  return Object.assign({}, c, { address: Buffer.from(c.address).toString() });
}

/**
 * Why kept per version: a busy address has tens of thousands of counterparties (default lake: 31k, 39.5k day groups
 * for TR96Co9ob8…), and reading and valuing them all cost 45-130 ms a request, every one of which ranks them all
 * again. The default window is fixed by the version's head, so the busiest addresses' rankings over it are computed
 * once per version (the same statement and code as a request: `counterpartiesOf`, `rankingOf`), and a request with
 * that window and no asset, counterparty or range filter pages its ranking. Every other request reads as before.
 * Built in the background from the first request of either endpoint on a version (default lake: 56 addresses, ~0.9M
 * rows, 2-6 s on the shared 2-core machine); until it is done, requests read as before (`wait`: a test makes them wait).
 */
export function keptRankings(ctx: EndpointContext, span: number): Promise<Map<string, Ranking>> {
  return perVersion(ctx.manifest, rankingsKey(span), () => buildRankings(ctx, span));
}

/** The per-version key of the rankings (the bounds are in it: a test lowers them). */
const rankingsKey = (span: number): string => `counterparty-rankings:${span}:${KEPT_RANKINGS.minRows}:${KEPT_RANKINGS.maxAddresses}`;

async function buildRankings(ctx: EndpointContext, span: number): Promise<Map<string, Ranking>> {
  const { minRows, maxAddresses } = KEPT_RANKINGS;
  const { start, end } = defaultWindow(ctx.now, span);
  const busy = await ctx.typedRows('deep/related-account-busy', { start_ts: start, end_ts: end, min_rows: minRows, max_addresses: maxAddresses });
  const kept = new Map<string, Ranking>();
  for (const { address } of busy) if (address !== null) kept.set(address, rankingOf(await counterpartiesOf(ctx, { address, start, end, related: null, token: null })));
  return kept;
}

/** The kept ranking of `address` when the request asks exactly what it holds (the default window, no filter). */
export async function keptRankingOf(
  ctx: EndpointContext, span: number, b: { address: string; start: number; end: number; related: string | null; token: string | null },
): Promise<Ranking | undefined> {
  const d = defaultWindow(ctx.now, span);
  if (b.start !== d.start || b.end !== d.end || b.related !== null || b.token !== null) return undefined;
  // A request pages a ranking once the version's build has finished (unless KEPT_RANKINGS.wait: a test waits for it).
  const ready = whenBuilt(ctx.manifest, rankingsKey(span), () => buildRankings(ctx, span));
  if (ready) return ready.get(b.address);
  return KEPT_RANKINGS.wait ? (await keptRankings(ctx, span)).get(b.address) : undefined;
}

/** The window [startTime, endTime] (ms): endTime defaults to now, startTime to `maxSpan` before the end; at most `maxSpan`. */
export function windowOf(p: { startTime?: number; endTime?: number }, now: number, maxSpan: number): { start: number; end: number } {
  const end = p.endTime ?? now;
  const start = p.startTime ?? Math.max(0, end - maxSpan);
  if (start > end) throw new ApiError('BAD_PARAMETER', 'startTime must not be after endTime', 'startTime');
  if (end - start > maxSpan) throw new ApiError('BAD_PARAMETER', `the window may span at most ${maxSpan / 86_400_000} days`, 'startTime');
  return { start, end };
}

/**
 * raw ÷ 10^decimals × price in 10^-EXACT_PLACES units (`scaledProduct`: the digits, scale and half-away-from-zero
 * rounding of multiplyScaled, the price parsed once, no decimal text per amount: the text round trip cost most of a
 * busy address's answer). A price that is not a decimal throws.
 */
export function usdUnitsOf(decimals: number, price: string): (raw: bigint) => bigint {
  return scaledProduct(decimals, price, EXACT_PLACES);
}

