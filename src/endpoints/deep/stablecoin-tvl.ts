/**
 * GET /api/stableCoin/tvl (SPEC §4.4; shape: reference §3, bare, no envelope): the stablecoin pools by venue
 * (`sunswapv1`, `sunswapv2`, `sun` = SunCurve stable pools; `[]` when a venue has none), each with its liquidity in
 * token units, USD TVL and 24 h volume (exact balances × the head day's price, rounded once) and its tokens;
 * `token` (a stablecoin contract) keeps the pools holding it. The pools are project_contracts' stablecoin pools
 * (docs/compat.md "DEX pools and TVL (issue 34)"), computed once per version (shapes/stablecoin-pool-shape.ts).
 */
import { z } from 'zod';
import { defineEndpoint } from '../kit/endpoint.ts';
import { stableTokenParam } from '../shapes/stablecoin-shape.ts';
import { POOL_QUERY, pool, poolObject, poolTokenInfos, stablePools, VENUE_KEYS } from '../shapes/stablecoin-pool-shape.ts';

const QUERIES = { pools: POOL_QUERY } as const;

const params = z.object({
  token: stableTokenParam().optional().meta({ description: 'A stablecoin contract address: only the pools holding it; absent: all pools.' }),
});

export default defineEndpoint({
  path: '/api/stableCoin/tvl',
  method: 'GET',
  summary: 'The stablecoin pools by venue (SunSwap V1, V2, SunCurve) with their liquidity, USD TVL, 24 h volume and tokens.',
  params,
  response: z.object({ sunswapv1: z.array(pool), sunswapv2: z.array(pool), sun: z.array(pool) }),
  queries: QUERIES,
  async handle(p, ctx) {
    const all = await stablePools(ctx);
    const picked = p.token ? all.filter((x) => x.legs.some((l) => l.token === p.token!.address)) : all;
    const infos = await poolTokenInfos(ctx, picked);
    const of = (venue: string) => picked.filter((x) => x.venue === venue).map((x) => poolObject(x, infos));
    return { sunswapv1: of(VENUE_KEYS.sunswapv1), sunswapv2: of(VENUE_KEYS.sunswapv2), sun: of(VENUE_KEYS.sun) };
  },
});
