/**
 * GET /api/stableCoin/totalSupply (SPEC §4.4; shape: reference §3): each stablecoin's supply now, raw, from
 * daily_stablecoin_supply (its newest row per contract is the supply now: src/lake/datasets/derived/daily-rollups.ts).
 * One row per coin in the registry's order; USDD is its two contracts added up (both 18 decimals) under USDD 2.0's
 * address; USDC is Circle's contract (docs/compat.md "Stablecoin supply"). A coin the lake holds no supply for is
 * left out. Five fixed rows, a plain declaration (docs/endpoints.md): no `format=csv`.
 */
import { z } from 'zod';
import { defineEndpoint } from '../kit/endpoint.ts';
import { intString } from '../kit/schemas.ts';
import { coinRows, refreshTimeInfo, refreshTimeInfoSchema } from '../shapes/stablecoin-shape.ts';

const params = z.object({});

const item = z.object({ tokenName: z.string(), address: z.string(), totalSupply: intString, tokenDecimal: z.number().int() });

const QUERIES = { rows: 'deep/stablecoin-total-supply' } as const;

export default defineEndpoint({
  path: '/api/stableCoin/totalSupply',
  method: 'GET',
  summary: 'Total supply now of each of the five stablecoins (smallest unit, exact).',
  params,
  response: z.object({ data: z.array(item), refreshTimeInfo: refreshTimeInfoSchema }),
  queries: QUERIES,
  async handle(_p, ctx) {
    // No parameter: the version's answer, read once (kit/per-version.ts).
    const data = coinRows(await ctx.versionRows(QUERIES.rows, {}));
    return { data, refreshTimeInfo: refreshTimeInfo(ctx.now) };
  },
});
