/**
 * GET /api/search/hot (SPEC §4.12; reference §8.5): the hot tokens and contracts by the on-chain rule of
 * shapes/hot-rankings.ts (TronScan's clicks and searches are not on chain: their scores are 0), with the weights
 * objects. `type` is a string here ("20" / "10"), an int in /api/search/bar (reference §8.5 note). Reads two kept
 * per-version lists (the tokens dimension with token_stats; 7 days of daily_contract_call_stats).
 */
import { z } from 'zod';
import { defineEndpoint } from '../kit/endpoint.ts';
import { count } from '../kit/schemas.ts';
import { contractWeights, contractWeightsSchema, HOT_QUERIES, hotContracts, hotTokens, tokenWeights, tokenWeightsSchema } from '../shapes/hot-rankings.ts';

export default defineEndpoint({
  path: '/api/search/hot',
  method: 'GET',
  summary: 'Hot tokens and contracts by on-chain activity (transfers and holders; contract calls), with the score weights.',
  params: z.object({}),
  response: z.looseObject({
    hot_tokens: z.array(
      z.looseObject({
        id: z.string(),
        type: z.enum(['20', '10']),
        vip_token: z.boolean(),
        icon: z.string(),
        name: z.string(),
        abbr: z.string(),
        priceInUsd: z.number().nullable(),
        holders: count,
        transfer24h: count,
        totalScore: z.number(),
      }),
    ),
    hot_contracts: z.array(z.looseObject({ contract_address: z.string(), name: z.string(), tag: z.string(), triggers: count, totalScore: z.number() })),
    hot_sum_all: tokenWeightsSchema,
    hot_c_sum_all: contractWeightsSchema,
  }),
  queries: HOT_QUERIES,
  async handle(_p, ctx) {
    const [{ tokens, sums }, { contracts, triggers }] = await Promise.all([hotTokens(ctx), hotContracts(ctx)]);
    return {
      hot_tokens: tokens.map((t) => ({
        id: t.token_id,
        type: String(t.type),
        vip_token: t.vip,
        icon: t.icon,
        name: t.name,
        abbr: t.abbr,
        priceInUsd: t.priceInUsd,
        holders: t.holders,
        transfer24h: t.transfers24h,
        totalScore: t.totalScore,
      })),
      hot_contracts: contracts,
      hot_sum_all: tokenWeights(sums),
      hot_c_sum_all: contractWeights(triggers),
    };
  },
});
