/**
 * GET /api/deep/stableCoin/bigAmount (SPEC §4.4, §8; shape: reference §3, `data[]` pinned in docs/compat.md "Big
 * transfers (issue 34)"): the Transfers of the stablecoins (the registry's six contracts, or `relatedToken`'s) within
 * a window of at most 6 months (seconds; endTime default now, startTime 184 days before it), from classified_transfers.
 * `types` (required) selects by type: the transaction's DeFi protocol event (3 swap … 9 withdraw), else 1 in / 2 out
 * relative to `address`; without an address a plain transfer reads 1 and `types` 1 or 2 select it. `txAmount` (whole
 * tokens, exact) and `txUsd` (USD, the price rule) are 'min,max' ranges, either side optional; sortBy time | amount |
 * usd, asc default false; limit default and max 100.
 */
import { z } from 'zod';
import { address, bool, int, timestampSecAsMs } from '../../params/index.ts';
import { defineEndpoint } from '../kit/endpoint.ts';
import { perVersion } from '../kit/per-version.ts';
import { keyedBigAmount } from '../shapes/big-amount-keyed.ts';
import { stableIndexPage } from '../shapes/big-amount-stable-index.ts';
import { count } from '../kit/schemas.ts';
import { STABLE_CONTRACTS, stableTokenParam } from '../shapes/stablecoin-shape.ts';
import {
  MAX_LIMIT, ORDERS, ORDER_BYS, bigAmountItem, exactRangeParam, itemOf, scaledBound, sortByParam, typesParam, usdBinds,
  usdRangeParam, windowOf, withExactUsd,
} from '../shapes/big-amount-shape.ts';

// With an address, its range files of address_token_transfers (a few small files) rather than the window's every
// stablecoin transfer: the same rows, typed by the same rule.
const QUERIES = {
  rows: 'deep/stablecoin-big-amount', addressRows: 'deep/big-amount-address',
  defiTypes: 'deep/big-amount-defi-types', dayPrices: 'deep/big-amount-day-prices',
  hours: 'deep/stablecoin-big-amount-hours', edgeCount: 'deep/stablecoin-big-amount-edge-count',
  stableIndex: 'deep/big-amount-stable-index',
} as const;
const HOUR = 3_600_000;

/** The protocol types (classified_transfers.protocol_type) `types` selects without an address: 1 and 2 both the plain 0. */
function protocolTypesOf(types: readonly number[]): number[] {
  if (types.includes(0)) return [0, 3, 4, 5, 6, 7, 8, 9];
  return [...(types.includes(1) || types.includes(2) ? [0] : []), ...types.filter((t) => t >= 3)];
}
/** Every stablecoin has at most 18 decimals: amounts compare as integers at 18. */
const KEY_DECIMALS = 18;

// The window first: a bad time bound alone is the 400's parameter (the fuzz asks each alone).
const params = z.object({
  startTime: timestampSecAsMs().optional(),
  endTime: timestampSecAsMs().optional(),
  types: typesParam(),
  address: address().optional(),
  txUsd: usdRangeParam().optional(),
  txAmount: exactRangeParam('whole tokens').optional(),
  relatedAddress: address().optional(),
  relatedToken: stableTokenParam().optional(),
  sortBy: sortByParam().optional(),
  asc: bool().optional().meta({ description: 'true ascending, false descending (default).', override: { type: 'boolean', default: false } }),
  limit: int({ min: 0 }).optional().meta({ description: 'Rows returned: default 100, at most 100 (larger is cut).', override: { type: 'integer', minimum: 0, maximum: 100, default: 100 } }),
});

const tokenInfo = z.object({ tokenId: z.string(), tokenAbbr: z.string(), tokenName: z.string(), tokenDecimal: z.number().int() }).passthrough();

export default defineEndpoint({
  path: '/api/deep/stableCoin/bigAmount',
  method: 'GET',
  summary: 'Stablecoin transfers over at most 6 months, typed (in, out, swap, liquidity, lending) with their USD value, filtered by amount and USD.',
  params,
  response: z.object({ total: count, code: z.literal(0), data: z.array(bigAmountItem), tokenInfos: z.record(z.string(), tokenInfo) }),
  queries: QUERIES,
  // Starts the version's kept index of classified_transfers (big-amount-stable-index.ts) when the version opens.
  warm: [{ types: '0' }],
  orderBys: ORDER_BYS,
  async handle(p, ctx) {
    const { start, end } = windowOf(p, ctx.now);
    const contracts = p.relatedToken ? [p.relatedToken] : STABLE_CONTRACTS;
    // limit 0 still reads one row: the count rides on it
    const limit = Math.min(p.limit ?? MAX_LIMIT, MAX_LIMIT);
    const order = ORDERS[p.sortBy ?? 'time'][p.asc ? 'asc' : 'desc'];
    const binds = {
      start_ts: start, end_ts: end, tokens: contracts.map((c) => c.address), decimals: contracts.map((c) => c.decimals),
      related: p.relatedAddress ?? null, types: p.types,
      min_key: p.txAmount?.min == null ? null : scaledBound(p.txAmount.min, KEY_DECIMALS, true),
      max_key: p.txAmount?.max == null ? null : scaledBound(p.txAmount.max, KEY_DECIMALS, false),
      ...usdBinds(p.txUsd), lim: Math.max(1, limit),
    };
    const address = p.address;
    // an address's rows from its key files when it has few enough in the window (big-amount-keyed.ts)
    const keyed = address === undefined ? undefined : await keyedBigAmount(ctx, {
      address, start, end, tokens: new Map(contracts.map((c) => [c.address, c.decimals])), related: binds.related,
      types: p.types, minKey: binds.min_key, maxKey: binds.max_key, keyDecimals: KEY_DECIMALS, usd: p.txUsd,
      sortBy: p.sortBy ?? 'time', asc: p.asc ?? false, limit,
    });
    // without an address or related address: the kept index and the key file (big-amount-stable-index.ts)
    const indexed = address !== undefined || p.relatedAddress !== undefined ? undefined : await stableIndexPage(ctx, {
      tokens: STABLE_CONTRACTS.map((c) => c.address), decimals: STABLE_CONTRACTS.map((c) => c.decimals),
    }, {
      start, end, tokens: binds.tokens, protocolTypes: protocolTypesOf(p.types), minKey: binds.min_key, maxKey: binds.max_key,
      usd: p.txUsd, sortBy: p.sortBy ?? 'time', asc: p.asc ?? false, limit,
    });
    if (indexed) {
      const data = indexed.rows.map(itemOf);
      const infos = await ctx.lookups.tokenInfo([...new Set(data.map((d) => d.token))]);
      return { total: indexed.total, code: 0, data, tokenInfos: Object.fromEntries(infos) };
    }
    // without an address or value bound, in time order: the total from the kept hour counts and the page from the hours it spans
    const plain = address === undefined && p.relatedAddress === undefined && p.txAmount === undefined && p.txUsd === undefined
      && (p.sortBy ?? 'time') === 'time';
    const byDays = plain ? await hoursPlan(ctx, binds.tokens, protocolTypesOf(p.types), start, end, binds.lim, p.asc ?? false) : undefined;
    const rows = keyed ? keyed.rows : await withExactUsd(p.txUsd, (extra) => (address === undefined
      ? ctx.typedRows(QUERIES.rows, Object.assign({}, binds, { address: null, ...extra, lim: extra.lim ?? binds.lim, ...byDays?.window }), order)
      : ctx.typedRows(QUERIES.addressRows, Object.assign({}, binds, { address, key_decimals: KEY_DECIMALS, ...extra, lim: extra.lim ?? binds.lim }), order)));
    const data = rows.slice(0, limit).map(itemOf);
    const infos = await ctx.lookups.tokenInfo([...new Set(data.map((d) => d.token))]);
    return { total: keyed ? keyed.total : byDays ? byDays.total : rows.length ? Number((rows[0] as { n_rows: unknown }).n_rows) : 0, code: 0, data, tokenInfos: Object.fromEntries(infos) };
  },
});

/** Per contract and protocol type: cumulative row counts by hour, cum[h - base] = rows before hour h. */
interface HourCounts { base: number; hours: number; cum: Map<string, Float64Array> }

/**
 * A time-ordered page without an address or value bound: its total = the kept hour counts of the window's whole hours
 * + one count over its partial edge hours; its rows = the template over the whole hours nearest the end the page
 * starts from that hold `lim` rows (else the window), e.g. the default 184-day list reads about an hour of rows.
 */
async function hoursPlan(
  ctx: Parameters<Parameters<typeof defineEndpoint>[0]['handle']>[1], tokens: string[], protocolTypes: number[],
  start: number, end: number, lim: number, asc: boolean,
): Promise<{ total: number; window: { start_ts: number; end_ts: number } }> {
  const kept = await perVersion(ctx.manifest, 'big-amount:stable-hours', async (): Promise<HourCounts> => {
    const rows = await ctx.typedRows(QUERIES.hours, {});
    // rows come in hour order
    const base = rows.length ? Number(rows[0]!.hour_index) : 0;
    const hours = rows.length ? Number(rows.at(-1)!.hour_index) - base + 1 : 0;
    const cum = new Map<string, Float64Array>();
    for (const r of rows) {
      const k = `${r.contract_address}|${r.protocol_type}`;
      let a = cum.get(k);
      if (!a) cum.set(k, (a = new Float64Array(hours + 1)));
      a[Number(r.hour_index) - base + 1]! += Number(r.n_rows);
    }
    for (const a of cum.values()) for (let h = 1; h <= hours; h++) a[h]! += a[h - 1]!;
    return { base, hours, cum };
  });
  const arrays = tokens.flatMap((t) => protocolTypes.map((pt) => kept.cum.get(`${t}|${pt}`))).filter((a) => a !== undefined);
  /** Rows in the whole hours [a, b) (hour indexes). */
  const between = (a: number, b: number): number => {
    const lo = Math.min(Math.max(a - kept.base, 0), kept.hours);
    const hi = Math.min(Math.max(b - kept.base, 0), kept.hours);
    if (hi <= lo) return 0;
    let n = 0;
    for (const c of arrays) n += c[hi]! - c[lo]!;
    return n;
  };
  const first = Math.floor(start / HOUR);
  const last = Math.floor(end / HOUR);
  const [edge] = await ctx.typedRows(QUERIES.edgeCount, {
    tokens, protocol_types: protocolTypes,
    lo1: start, hi1: Math.min(end, (first + 1) * HOUR - 1), lo2: last > first ? last * HOUR : 1, hi2: last > first ? end : 0,
  });
  const total = between(first + 1, last) + Number(edge?.n_rows ?? 0);
  // The page: the whole hours nearest its starting end that hold `lim` rows (binary search on the cumulative counts;
  // the partial edge hour is not counted on), else the window.
  let window = { start_ts: start, end_ts: end };
  if (between(first + 1, last) >= lim) {
    let lo = first + 1;
    let hi = last - 1;
    if (asc) {
      // the least h with rows in [first + 1, h + 1) ≥ lim
      while (lo < hi) { const m = Math.floor((lo + hi) / 2); if (between(first + 1, m + 1) >= lim) hi = m; else lo = m + 1; }
      window = { start_ts: start, end_ts: (lo + 1) * HOUR - 1 };
    } else {
      // the greatest h with rows in [h, last) ≥ lim
      while (lo < hi) { const m = Math.ceil((lo + hi) / 2); if (between(m, last) >= lim) lo = m; else hi = m - 1; }
      window = { start_ts: lo * HOUR, end_ts: end };
    }
  }
  return { total, window };
}
