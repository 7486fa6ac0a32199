/**
 * GET /api/stableCoin/pool/info (SPEC §4.4; no parameters). The reference found no shape (reference §3, "inferred: it
 * probably lists whitelisted pools with the same per-pool shape as /api/stableCoin/tvl"): pinned as `{ total, data }`,
 * every stablecoin pool of every venue in address order, each the tvl endpoint's pool object plus its `venue` and
 * `poolUrl` (docs/compat.md "DEX pools and TVL (issue 34)").
 */
import { z } from 'zod';
import { defineEndpoint } from '../kit/endpoint.ts';
import { POOL_QUERY, pool, poolObject, poolTokenInfos, stablePools } from '../shapes/stablecoin-pool-shape.ts';

const QUERIES = { pools: POOL_QUERY } as const;

const item = pool.extend({ venue: z.string(), poolUrl: z.string() });

export default defineEndpoint({
  path: '/api/stableCoin/pool/info',
  method: 'GET',
  summary: 'Every stablecoin pool (any venue) with its liquidity, USD TVL, 24 h volume and tokens.',
  params: z.object({}),
  response: z.object({ total: z.number().int(), data: z.array(item) }),
  queries: QUERIES,
  async handle(_p, ctx) {
    const all = await stablePools(ctx);
    const infos = await poolTokenInfos(ctx, all);
    return { total: all.length, data: all.map((x) => Object.assign({}, poolObject(x, infos), { venue: x.venue, poolUrl: x.url })) };
  },
});
