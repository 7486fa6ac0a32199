/**
 * GET /api/getAssetWithPriceList (SPEC §4.1; shape: reference §2): every priced token with its latest USD price,
 * in one response (no paging). `number` is the row count.
 */
import { z } from 'zod';
import { defineEndpoint } from '../kit/endpoint.ts';
import { num, str } from '../shapes/token-shape.ts';
import { count, shape } from '../kit/schemas.ts';

const QUERIES = { rows: 'token/get-asset-with-price-list' } as const;

export default defineEndpoint({
  path: '/api/getAssetWithPriceList',
  method: 'GET',
  summary: 'All tokens that have a price, with their latest USD price.',
  params: z.object({}),
  queries: QUERIES,
  response: shape({
    data: z.array(shape({ id: z.string(), name: z.string(), abbr: z.string(), logo: z.string(), type: z.string(), priceInUsd: z.number(), vip: z.boolean() })),
    number: count,
  }),
  async handle(_p, ctx) {
    const data = (await ctx.versionRows(QUERIES.rows, {})).map((r) => ({
      id: str(r.token_id),
      name: str(r.name),
      abbr: str(r.symbol),
      logo: str(r.logo_url),
      type: str(r.token_standard),
      priceInUsd: num(r.price_usd),
      vip: r.vip === true,
    }));
    return { data, number: data.length };
  },
});
