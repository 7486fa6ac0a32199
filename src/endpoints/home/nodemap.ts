/**
 * GET /api/nodemap (SPEC §4.12; reference §8.6): the located nodes of the newest node-list snapshot, one per IP, with
 * `code: 0` (TronScan's success code here). Nodes without a location in the node_geo reference are left out; with
 * no snapshot or no reference the answer is `{total: 0, code: 0, data: []}`. docs/compat.md "Node map".
 */
import { z } from 'zod';
import { defineEndpoint } from '../kit/endpoint.ts';
import { count } from '../kit/schemas.ts';
import { str } from '../shapes/cells.ts';

const QUERIES = { nodes: 'home/nodemap' } as const;

export default defineEndpoint({
  path: '/api/nodemap',
  method: 'GET',
  summary: 'Full nodes with their location (country, province, city, coordinates).',
  params: z.object({}),
  response: z.looseObject({
    total: count,
    code: z.literal(0),
    data: z.array(z.looseObject({ country: z.string(), province: z.string(), city: z.string(), ip: z.string(), lng: z.number(), lat: z.number() })),
  }),
  queries: QUERIES,
  async handle(_p, ctx) {
    const rows = await ctx.versionRows(QUERIES.nodes, {});
    const data = rows.map((r) => ({
      country: String(r.country),
      province: str(r.province),
      city: str(r.city),
      ip: String(r.ip),
      lng: Number(r.lng),
      lat: Number(r.lat),
    }));
    return { total: data.length, code: 0, data };
  },
});
