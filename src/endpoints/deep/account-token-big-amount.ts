/**
 * GET /api/deep/account/token/bigAmount (SPEC §4.4, §8; shape: reference §3, `data[]` pinned in docs/compat.md "Big
 * transfers (issue 34)"): one address's Transfers of one TRC20 token (`relatedToken`, required; TRX and TRC10 are not
 * classified: 400) within a window of at most 6 months (seconds; endTime default now, startTime 184 days before it),
 * from the address's key files of address_trc20_transfers (past 5,000 rows, its TRC20 rows in the range files of
 * address_token_transfers), typed by defi_transaction_types. `types` (required): the transaction's DeFi protocol
 * event (3 swap … 9 withdraw), else 1 in / 2 out (a self-transfer is 1, and `types` 2 selects it too). `txAmount`
 * (whole tokens, exact) and `txUsd` (USD, the price rule) are 'min,max' ranges, either side optional; sortBy time |
 * amount | usd, asc default false; limit default and max 100.
 */
import { z } from 'zod';
import { address, bool, int, timestampSecAsMs } from '../../params/index.ts';
import { defineEndpoint } from '../kit/endpoint.ts';
import { keyedBigAmount } from '../shapes/big-amount-keyed.ts';
import { count } from '../kit/schemas.ts';
import { addressLookups } from '../shapes/transfer-shape.ts';
import {
  MAX_LIMIT, ORDERS, ORDER_BYS, bigAmountItem, exactRangeParam, itemOf, scaledBound, sortByParam, typesParam, usdBinds,
  usdRangeParam, windowOf, withExactUsd,
} from '../shapes/big-amount-shape.ts';

const QUERIES = {
  rows: 'deep/big-amount-address', defiTypes: 'deep/big-amount-defi-types', dayPrices: 'deep/big-amount-day-prices',
} as const;

/** `relatedToken`: a TRC20 contract (Base58); '0' / '_' (TRX) and TRC10 ids are named in the 400. */
function trc20TokenParam() {
  return z.string().transform((s, ctx): string => {
    const t = s.trim();
    if (/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(t) && address().safeParse(t).success) return t;
    ctx.addIssue({ code: 'custom', message: `must be a TRC20 contract address (TRX and TRC10 transfers are not classified), got '${t.slice(0, 40)}'` });
    return z.NEVER;
  }).meta({ description: 'Required. The TRC20 contract (Base58).', examples: ['TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'], override: { type: 'string' } });
}

// The window first: a bad time bound alone is the 400's parameter (the fuzz asks each alone).
const params = z.object({
  startTime: timestampSecAsMs().optional(),
  endTime: timestampSecAsMs().optional(),
  address: address(),
  relatedToken: trc20TokenParam(),
  types: typesParam(),
  txUsd: usdRangeParam().optional(),
  txAmount: exactRangeParam('whole tokens').optional(),
  relatedAddress: address().optional(),
  sortBy: sortByParam().optional(),
  asc: bool().optional().meta({ description: 'true ascending, false descending (default).', override: { type: 'boolean', default: false } }),
  limit: int({ min: 0 }).optional().meta({ description: 'Rows returned: default 100, at most 100 (larger is cut).', override: { type: 'integer', minimum: 0, maximum: 100, default: 100 } }),
});

export default defineEndpoint({
  path: '/api/deep/account/token/bigAmount',
  method: 'GET',
  summary: "An address's transfers of one TRC20 token over at most 6 months, typed (in, out, swap, liquidity, lending) with their USD value.",
  params,
  response: z.object({ total: count, code: z.literal(0), data: z.array(bigAmountItem), contractMap: z.record(z.string(), z.boolean()) }),
  queries: QUERIES,
  orderBys: ORDER_BYS,
  async handle(p, ctx) {
    const { start, end } = windowOf(p, ctx.now);
    // the tokens dimension's decimals (0 for a token the lake never described, as the ingester stores it)
    const decimals = (await ctx.lookups.tokenInfo([p.relatedToken])).get(p.relatedToken)?.tokenDecimal ?? 0;
    // limit 0 still reads one row: the count rides on it
    const limit = Math.min(p.limit ?? MAX_LIMIT, MAX_LIMIT);
    const order = ORDERS[p.sortBy ?? 'time'][p.asc ? 'asc' : 'desc'];
    const minKey = p.txAmount?.min == null ? null : scaledBound(p.txAmount.min, decimals, true);
    const maxKey = p.txAmount?.max == null ? null : scaledBound(p.txAmount.max, decimals, false);
    // the address's rows from its key files when it has few enough in the window (big-amount-keyed.ts)
    const keyed = await keyedBigAmount(ctx, {
      address: p.address, start, end, tokens: new Map([[p.relatedToken, decimals]]), related: p.relatedAddress ?? null,
      types: p.types, minKey, maxKey, keyDecimals: null, usd: p.txUsd, sortBy: p.sortBy ?? 'time', asc: p.asc ?? false, limit,
    });
    const rows = keyed ? keyed.rows : await withExactUsd(p.txUsd, (extra) => ctx.typedRows(QUERIES.rows, {
      // one token at its own scale: the amount key is the raw amount
      address: p.address, start_ts: start, end_ts: end, tokens: [p.relatedToken], decimals: [decimals], key_decimals: decimals,
      related: p.relatedAddress ?? null, types: p.types,
      min_key: minKey, max_key: maxKey,
      ...usdBinds(p.txUsd), near_only: extra.near_only, excluded: extra.excluded, lim: extra.lim ?? Math.max(1, limit),
    }, order));
    const data = rows.slice(0, limit).map(itemOf);
    const { contractMap } = await addressLookups(ctx, [...new Set(data.flatMap((d) => [d.from, d.to]))]);
    return { total: keyed ? keyed.total : rows.length ? Number((rows[0] as { n_rows: unknown }).n_rows) : 0, code: 0, data, contractMap };
  },
});
