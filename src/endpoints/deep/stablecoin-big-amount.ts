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
import { keyedBigAmount } from '../shapes/big-amount-keyed.ts';
import { count } from '../kit/schemas.ts';
import { STABLE_CONTRACTS, stableTokenParam } from '../shapes/stablecoin-shape.ts';
import {
  MAX_LIMIT, ORDERS, ORDER_BYS, bigAmountItem, exactRangeParam, itemOf, scaledBound, sortByParam, typesParam, usdBinds,
  usdRangeParam, windowOf, withExactUsd,
} from '../shapes/big-amount-shape.ts';

// With an address, its range files of address_trc20_transfers (a few small files) rather than the window's every
// stablecoin transfer: the same rows, typed by the same rule.
const QUERIES = {
  rows: 'deep/stablecoin-big-amount', addressRows: 'deep/stablecoin-big-amount-address',
  defiTypes: 'deep/big-amount-defi-types', dayPrices: 'deep/big-amount-day-prices',
} as const;
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
    const rows = keyed ? keyed.rows : await withExactUsd(p.txUsd, (extra) => (address === undefined
      ? ctx.typedRows(QUERIES.rows, { ...binds, address: null, ...extra, lim: extra.lim ?? binds.lim }, order)
      : ctx.typedRows(QUERIES.addressRows, { ...binds, address, ...extra, lim: extra.lim ?? binds.lim }, order)));
    const data = rows.slice(0, limit).map(itemOf);
    const infos = await ctx.lookups.tokenInfo([...new Set(data.map((d) => d.token))]);
    return { total: keyed ? keyed.total : rows.length ? Number((rows[0] as { n_rows: unknown }).n_rows) : 0, code: 0, data, tokenInfos: Object.fromEntries(infos) };
  },
});
