/**
 * /api/deep/stableCoin/bigAmount without an address (issue 34 bench point): a page from a kept index of
 * classified_transfers and its key file, with no SQL statement per request. Why: sorted by USD or amount, or with a
 * value bound, the template values and sorts every stablecoin transfer of the window (1.1 M rows on the default lake:
 * 186-378 ms); in time order it reads a 16k-row group for its page (15 ms).
 *
 * Kept per version (one statement, deep/big-amount-stable-index, ~1-2 s on the default lake, built in the background
 * at the version's first list without an address, which the template answers meanwhile): every row's time, contract,
 * protocol type, DOUBLE USD helper and amount, and its ranks in the template's two value orders (computed by DuckDB
 * with the template's own expressions and ORDER BYs), ~40 bytes a row. A request walks its order (chain positions for
 * time, the ranks for usd / amount), filters, counts, and reads its page's rows from the key file (keyed by
 * timestamp: one pread or two a row), e.g. the largest swaps of 6 months touch a few hundred index entries.
 *
 * The answers are the template's exactly (deep/stablecoin-big-amount; the tests run both paths): type = the protocol
 * type, else 1; amount bounds exact (the double decides every row whose double differs from the bound's, monotone;
 * an equal one is compared as the template compares, by length then digits of the 18-decimal text); USD bounds exact
 * (the template's margin pre-filter on the same DOUBLE, then compareUsd on the rows within the margin); ties in chain
 * order the sort's way. A lake with more than KEPT_BOUND.rows rows, or a version without the key file, reads SQL.
 */
import type { Row } from '../../duckdb/duck.ts';
import type { EndpointContext } from '../kit/endpoint.ts';
import { breathe, whenBuilt } from '../kit/per-version.ts';
import { dayPrices, type KeyedRow } from './big-amount-keyed.ts';
import { compareUsd, usdBinds, type SortBy } from './big-amount-shape.ts';
import { lowerBound } from './event-pages.ts';

/** Most classified_transfers rows a version keeps an index of (~40 bytes a row: 4M ≈ 160 MB); more: SQL per request. */
export const KEPT_BOUND = { rows: 4_000_000 };

const DATASET = 'classified_transfers';
/** Protocol types 0-9: a (token position, protocol type) combination is token_position × 10 + type. */
const TYPES = 10;

interface StableIndex {
  /** The tokens the index was built for (positions 1-based), and their decimals. */
  tokens: readonly string[];
  decimals: readonly number[];
  ts: Float64Array;
  combo: Uint16Array;
  usd: Float64Array;
  amount: Float64Array;
  /** The raw amount as a double: exact below 2^53. */
  raw: Float64Array;
  /**
   * amount_double, a zero amount as 10^(18 - decimals): where the template's text order puts it ('0' then 18 - decimals
   * zeros sorts by length), so it is non-decreasing along byAmount and a bound is a binary search.
   */
  amountSearch: Float64Array;
  /** The extremes of the indexed tokens' day prices (as DOUBLE): a USD bound as an amount bound. */
  minPrice: number;
  maxPrice: number;
  /** Chain positions by (usd_sort asc, chain asc): the priced rows [0, priced), then the unpriced. */
  byUsd: Int32Array;
  priced: number;
  /** Chain positions by (amount asc exact, chain asc). */
  byAmount: Int32Array;
  /** Chain positions of each combination, ascending. */
  positions: Map<number, Int32Array>;
  /** Each combination's priced positions in byUsd's order, and all its positions in byAmount's: a bound's count. */
  comboByUsd: Map<number, Int32Array>;
  comboByAmount: Map<number, Int32Array>;
}

type Ctx = Pick<EndpointContext, 'typedRows' | 'typedChunks' | 'manifest' | 'keyedPage'>;

async function loadIndex(ctx: Ctx, tokens: readonly string[], decimals: readonly number[]): Promise<StableIndex> {
  const prices = await dayPrices(ctx);
  let minPrice = Infinity;
  let maxPrice = 0;
  const asked = new Set(tokens);
  for (const [k, p] of prices) {
    if (!asked.has(k.slice(0, k.indexOf('|')))) continue;
    const v = Number(p);
    if (v < minPrice) minPrice = v;
    if (v > maxPrice) maxPrice = v;
  }
  // Columns filled chunk by chunk (ctx.typedChunks: a chunk's row objects die young), grown by doubling.
  let cap = 1 << 16;
  let ts = new Float64Array(cap);
  let combo = new Uint16Array(cap);
  let usd = new Float64Array(cap);
  let amount = new Float64Array(cap);
  let amountSearch = new Float64Array(cap);
  let raw = new Float64Array(cap);
  let usdRank = new Int32Array(cap);
  let amountRank = new Int32Array(cap);
  let n = 0;
  let priced = 0;
  const grown = <A extends Float64Array | Uint16Array | Int32Array>(a: A): A => {
    const b = new (a.constructor as new (size: number) => A)(cap);
    b.set(a);
    return b;
  };
  await ctx.typedChunks('deep/big-amount-stable-index', { tokens: [...tokens], decimals: [...decimals] }, (rows) => {
    if (n + rows.length > cap) {
      while (n + rows.length > cap) cap *= 2;
      [ts, usd, amount, amountSearch, raw] = [grown(ts), grown(usd), grown(amount), grown(amountSearch), grown(raw)];
      [combo, usdRank, amountRank] = [grown(combo), grown(usdRank), grown(amountRank)];
    }
    for (const r of rows) {
      const i = n++;
      ts[i] = Number(r.timestamp);
      combo[i] = Number(r.token_position) * TYPES + Number(r.protocol_type);
      usd[i] = r.usd_sort === null ? NaN : Number(r.usd_sort);
      if (r.usd_sort !== null) priced++;
      amount[i] = Number(r.amount_double);
      raw[i] = Number(r.raw_double);
      const d = decimals[Number(r.token_position) - 1] ?? 18;
      amountSearch[i] = amount[i] === 0 ? 10 ** (18 - d) : amount[i]!;
      usdRank[i] = Number(r.usd_rank);
      amountRank[i] = Number(r.amount_rank);
    }
  });
  [ts, combo, usd, amount, amountSearch, raw] = [ts.slice(0, n), combo.slice(0, n), usd.slice(0, n), amount.slice(0, n), amountSearch.slice(0, n), raw.slice(0, n)];
  const byUsd = new Int32Array(n);
  const byAmount = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    byUsd[usdRank[i]!] = i;
    byAmount[amountRank[i]!] = i;
  }
  /** Each combination's positions in the order `order` walks (its first `upTo` ranks). */
  const split = async (order: Int32Array, upTo: number): Promise<Map<number, Int32Array>> => {
    const sizes = new Map<number, number>();
    for (let r = 0; r < upTo; r++) { const k = combo[order[r]!]!; sizes.set(k, (sizes.get(k) ?? 0) + 1); }
    await breathe();
    const out = new Map<number, Int32Array>();
    const at = new Map<number, number>();
    for (const [k, c] of sizes) { out.set(k, new Int32Array(c)); at.set(k, 0); }
    for (let r = 0; r < upTo; r++) {
      if ((r & 16383) === 16383) await breathe();
      const i = order[r]!;
      const k = combo[i]!;
      const f = at.get(k)!;
      out.get(k)![f] = i;
      at.set(k, f + 1);
    }
    return out;
  };
  return {
    tokens, decimals, ts, combo, usd, amount, raw, amountSearch, minPrice, maxPrice, byUsd, priced, byAmount,
    positions: await split(Int32Array.from({ length: n }, (_, i) => i), n),
    comboByUsd: await split(byUsd, priced), comboByAmount: await split(byAmount, n),
  };
}

export interface StableAsk {
  start: number;
  end: number;
  /** The tokens asked (a subset of the index's). */
  tokens: readonly string[];
  /** The protocol types selected (0 = plain, 3-9). */
  protocolTypes: readonly number[];
  /** Exact amount bounds at 18 decimals (integer texts), or null. */
  minKey: string | null;
  maxKey: string | null;
  usd: { min: string | null; max: string | null } | undefined;
  sortBy: SortBy;
  asc: boolean;
  limit: number;
}

/** Length, then digits: the templates' order of amount keys. */
function compareKey(a: string, b: string): number {
  return a.length !== b.length ? a.length - b.length : a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The page and total of a list without an address or related address, or undefined when the version has no key file
 * of classified_transfers, too many rows to keep, or its index is not built yet (the template answers).
 */
export async function stableIndexPage(
  ctx: Ctx, all: { tokens: readonly string[]; decimals: readonly number[] }, a: StableAsk,
): Promise<{ rows: KeyedRow[]; total: number } | undefined> {
  if ((ctx.manifest.tables[DATASET]?.rows ?? Infinity) > KEPT_BOUND.rows) return undefined;
  // Built in the background: until it is ready (1-2 s on the default lake, quiet; 5-10 s on a loaded machine), the
  // template answers, so a new version's first requests wait for no build.
  // (The build's statement runs in DuckDB's threads; its rows are converted and indexed in slices that let other
  // requests run between them.)
  const x = whenBuilt(ctx.manifest, 'big-amount:stable-index', () => loadIndex(ctx, all.tokens, all.decimals),
    () => ctx.keyedPage(DATASET, 0, { from: null, to: null, desc: false, offset: 0, limit: 0 }) !== undefined);
  if (!x) return undefined;
  const prices = await dayPrices(ctx);
  const n = x.ts.length;
  const selected = new Uint8Array((x.tokens.length + 1) * TYPES);
  const combos: number[] = [];
  for (const t of a.tokens) {
    const p = x.tokens.indexOf(t) + 1;
    if (p === 0) continue;
    for (const pt of a.protocolTypes) { selected[p * TYPES + pt] = 1; combos.push(p * TYPES + pt); }
  }
  const lo = lowerBound(n, (i) => x.ts[i]! >= a.start);
  const hi = lowerBound(n, (i) => x.ts[i]! > a.end);

  // A row's details from the key file: the rows of its timestamp, at its place among them.
  const detailCache = new Map<number, Row>();
  const detail = (i: number): Row => {
    const hit = detailCache.get(i);
    if (hit) return hit;
    const t = x.ts[i]!;
    const first = lowerBound(n, (j) => x.ts[j]! >= t);
    const got = ctx.keyedPage(DATASET, t, { from: null, to: null, desc: false, offset: i - first, limit: 1 });
    const r = got?.rows[0];
    const c = x.combo[i]!;
    if (!r || Number(r.timestamp) !== t || x.tokens.indexOf(String(r.contract_address)) + 1 !== Math.floor(c / TYPES) || Number(r.protocol_type) !== c % TYPES) {
      throw new Error(`big-amount-stable-index: the key file of ${DATASET} does not hold row ${i} of the index`);
    }
    detailCache.set(i, r);
    return r;
  };
  const decimalsOf = (i: number): number => x.decimals[Math.floor(x.combo[i]! / TYPES) - 1]!;
  const tokenOf = (i: number): string => x.tokens[Math.floor(x.combo[i]! / TYPES) - 1]!;
  const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

  // Amount bounds: the double decides unless it equals the bound's; zero amounts (the template's key: '0' then 18 -
  // decimals zeros, so length 19 - decimals) are compared as text.
  const keyBound = (key: string | null) => (key === null ? null : { key, double: Number(key) });
  const minK = keyBound(a.minKey);
  const maxK = keyBound(a.maxKey);
  /** The exact raw amount: from the index below 2^53, else from the row. */
  const rawOf = (i: number): bigint => (x.raw[i]! < 2 ** 53 ? BigInt(x.raw[i]!) : BigInt(String(detail(i).amount_raw)));
  const exactKey = (i: number): string => rawOf(i).toString() + '0'.repeat(18 - decimalsOf(i));
  const amountOk = (i: number): boolean => {
    const v = x.amount[i]!;
    if (minK) {
      if (v === 0 || v === minK.double) { if (compareKey(v === 0 ? '0'.repeat(19 - decimalsOf(i)) : exactKey(i), minK.key) < 0) return false; }
      else if (v < minK.double) return false;
    }
    if (maxK) {
      if (v === 0 || v === maxK.double) { if (compareKey(v === 0 ? '0'.repeat(19 - decimalsOf(i)) : exactKey(i), maxK.key) > 0) return false; }
      else if (v > maxK.double) return false;
    }
    return true;
  };
  // USD bounds: the template's margin pre-filter, then the exact comparison inside the margin.
  const u = usdBinds(a.usd);
  const usdBounded = u.min_usd_lo !== null || u.max_usd_hi !== null;
  const usdOk = (i: number): boolean => {
    const v = x.usd[i]!;
    if (Number.isNaN(v)) return false;
    if ((u.min_usd_lo !== null && v < u.min_usd_lo) || (u.max_usd_hi !== null && v > u.max_usd_hi)) return false;
    const near = (u.min_usd_hi !== null && v < u.min_usd_hi) || (u.max_usd_lo !== null && v > u.max_usd_lo);
    if (!near) return true;
    const price = prices.get(`${tokenOf(i)}|${dayOf(x.ts[i]!)}`);
    if (price === undefined) return false;
    const raw = rawOf(i);
    return !((a.usd!.min !== null && compareUsd(raw, decimalsOf(i), price, a.usd!.min) < 0)
      || (a.usd!.max !== null && compareUsd(raw, decimalsOf(i), price, a.usd!.max) > 0));
  };
  const bounded = minK !== null || maxK !== null || usdBounded;
  const valueOk = (i: number): boolean => (!usdBounded || usdOk(i)) && ((minK === null && maxK === null) || amountOk(i));
  const keep = (i: number): boolean => {
    const t = x.ts[i]!;
    return t >= a.start && t <= a.end && selected[x.combo[i]!] === 1 && (!bounded || valueOk(i));
  };

  // Where a value bound cuts each value order: the ranks [from, to) that can pass (the USD order's priced part by the
  // pre-filter; the amount order by the amount bounds and, from the USD bounds, the day prices' extremes).
  const usdRange = usdBounded ? {
    from: u.min_usd_lo === null ? 0 : lowerBound(x.priced, (r) => x.usd[x.byUsd[r]!]! >= u.min_usd_lo!),
    to: u.max_usd_hi === null ? x.priced : lowerBound(x.priced, (r) => x.usd[x.byUsd[r]!]! > u.max_usd_hi!),
  } : { from: 0, to: x.priced };
  const amountLo = Math.max(minK?.double ?? 0, u.min_usd_lo === null ? 0 : u.min_usd_lo / x.maxPrice * 1e18 * (1 - 1e-9));
  const amountHi = Math.min(maxK?.double ?? Infinity, u.max_usd_hi === null ? Infinity : u.max_usd_hi / x.minPrice * 1e18 * (1 + 1e-9));
  const amountRange = {
    from: amountLo <= 0 ? 0 : lowerBound(n, (r) => x.amountSearch[x.byAmount[r]!]! >= amountLo),
    to: amountHi === Infinity ? n : lowerBound(n, (r) => x.amountSearch[x.byAmount[r]!]! > amountHi),
  };

  // The total: each selected combination's positions inside the window (binary search); bounded, the rows of the
  // smallest of the window's combinations, the USD range and the amount range, each checked.
  let total = 0;
  const spans: [Int32Array, number, number][] = [];
  let inWindow = 0;
  for (const k of combos) {
    const p = x.positions.get(k);
    if (!p) continue;
    const from = lowerBound(p.length, (j) => p[j]! >= lo);
    const to = lowerBound(p.length, (j) => p[j]! >= hi);
    spans.push([p, from, to]);
    inWindow += to - from;
  }
  // One bound kind over combinations the window holds whole (the default window on a lake younger than 6 months): a
  // binary search each, the rows at a bound (near the USD bound's margin, or an amount whose double equals the bound's)
  // decided one by one.
  const whole = spans.every(([p, from, to]) => from === 0 && to === p.length);
  const amountBounded = minK !== null || maxK !== null;
  if (!bounded) total = inWindow;
  else if (whole && usdBounded !== amountBounded) {
    for (const k of combos) {
      if (usdBounded) {
        const c = x.comboByUsd.get(k);
        if (!c) continue;
        const from = u.min_usd_lo === null ? 0 : lowerBound(c.length, (j) => x.usd[c[j]!]! >= u.min_usd_lo!);
        const to = u.max_usd_hi === null ? c.length : lowerBound(c.length, (j) => x.usd[c[j]!]! > u.max_usd_hi!);
        const edge = new Set<number>();
        for (let j = from; j < to && u.min_usd_hi !== null && x.usd[c[j]!]! < u.min_usd_hi; j++) edge.add(c[j]!);
        for (let j = to - 1; j >= from && u.max_usd_lo !== null && x.usd[c[j]!]! > u.max_usd_lo; j--) edge.add(c[j]!);
        total += Math.max(0, to - from);
        for (const i of edge) if (!usdOk(i)) total--;
      } else {
        const c = x.comboByAmount.get(k);
        if (!c) continue;
        const from = minK === null ? 0 : lowerBound(c.length, (j) => x.amountSearch[c[j]!]! >= minK.double);
        const to = maxK === null ? c.length : lowerBound(c.length, (j) => x.amountSearch[c[j]!]! > maxK.double);
        const edge = new Set<number>();
        for (let j = from; j < to && minK !== null && x.amountSearch[c[j]!]! === minK.double; j++) edge.add(c[j]!);
        for (let j = to - 1; j >= from && maxK !== null && x.amountSearch[c[j]!]! === maxK.double; j--) edge.add(c[j]!);
        total += Math.max(0, to - from);
        for (const i of edge) if (!amountOk(i)) total--;
      }
    }
  } else {
    const byUsdSize = usdBounded ? usdRange.to - usdRange.from : Infinity;
    const byAmountSize = amountRange.to - amountRange.from;
    if (inWindow <= byUsdSize && inWindow <= byAmountSize) {
      for (const [p, from, to] of spans) for (let j = from; j < to; j++) if (valueOk(p[j]!)) total++;
    } else if (byUsdSize <= byAmountSize) {
      for (let r = usdRange.from; r < usdRange.to; r++) if (keep(x.byUsd[r]!)) total++;
    } else for (let r = amountRange.from; r < amountRange.to; r++) if (keep(x.byAmount[r]!)) total++;
  }

  // The page: walk the order from where the bounds let rows pass, keep the first `limit` rows that pass.
  const picked: number[] = [];
  const want = a.limit;
  const take = (i: number): boolean => {
    if (keep(i)) picked.push(i);
    return picked.length >= want;
  };
  if (want > 0 && total > 0) {
    if (a.sortBy === 'time') {
      if (a.asc) { for (let i = lo; i < hi; i++) if (take(i)) break; }
      else for (let i = hi - 1; i >= lo; i--) if (take(i)) break;
    } else if (a.sortBy === 'amount') {
      if (a.asc) { for (let r = amountRange.from; r < amountRange.to; r++) if (take(x.byAmount[r]!)) break; }
      else for (let r = amountRange.to - 1; r >= amountRange.from; r--) if (take(x.byAmount[r]!)) break;
    } else if (a.asc) {
      walk: {
        for (let r = usdRange.from; r < usdRange.to; r++) if (take(x.byUsd[r]!)) break walk;
        if (!usdBounded) for (let r = x.priced; r < n; r++) if (take(x.byUsd[r]!)) break walk;
      }
    } else {
      walk: {
        for (let r = Math.min(usdRange.to, x.priced) - 1; r >= usdRange.from; r--) if (take(x.byUsd[r]!)) break walk;
        if (!usdBounded) for (let r = n - 1; r >= x.priced; r--) if (take(x.byUsd[r]!)) break walk;
      }
    }
  }
  const rows = picked.map((i): KeyedRow => {
    const r = detail(i);
    const ts = x.ts[i]!;
    const token = tokenOf(i);
    const protocol = x.combo[i]! % TYPES;
    return {
      tx_hash: String(r.tx_hash), timestamp: ts, block_number: Number(r.block_number), tx_index: Number(r.tx_index),
      log_index: Number(r.log_index), contract_address: token, from_address: String(r.from_address), to_address: String(r.to_address),
      amount_raw: String(r.amount_raw), decimals: decimalsOf(i), price: prices.get(`${token}|${dayOf(ts)}`) ?? null,
      type_code: protocol > 0 ? protocol : 1,
    };
  });
  return { rows, total };
}
