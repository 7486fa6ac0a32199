/**
 * GET /api/search/bar (SPEC §4.12; reference §8.2): the trending tokens, a bare array, by the on-chain hot rule of
 * shapes/hot-rankings.ts (the same list as /api/search/hot's hot_tokens; no search stream exists on chain). `type` is
 * an int here (20 TRC20, 10 TRC10). Never errors: no parameters. Reads one kept per-version list.
 */
import { z } from 'zod';
import { defineEndpoint } from '../kit/endpoint.ts';
import { HOT_QUERIES, hotTokens } from '../shapes/hot-rankings.ts';

export default defineEndpoint({
  path: '/api/search/bar',
  method: 'GET',
  summary: 'Trending tokens (by transfers in the last 24 h and holders).',
  params: z.object({}),
  response: z.array(z.looseObject({ token_id: z.string(), vip_token: z.boolean(), name: z.string(), icon: z.string(), type: z.union([z.literal(20), z.literal(10)]), abbr: z.string() })),
  queries: { hotTokens: HOT_QUERIES.hotTokens },
  async handle(_p, ctx) {
    const { tokens } = await hotTokens(ctx);
    return tokens.map((t) => ({ token_id: t.token_id, vip_token: t.vip, name: t.name, icon: t.icon, type: t.type, abbr: t.abbr }));
  },
});
