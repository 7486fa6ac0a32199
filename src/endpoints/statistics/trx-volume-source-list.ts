/**
 * GET /api/trx/volume/sourceList (SPEC §4.2; the reference found no shape, pinned here and in docs/compat.md
 * "## Prices (issue 33)"): the price sources /api/trx/volume accepts, those the lake has TRX's USD candles of, by
 * name: `{ total, data: [{ source, days, first_time, last_time }] }` (`sunswap` = the chain's own SunSwap swaps).
 */
import { z } from 'zod';
import { defineEndpoint } from '../kit/endpoint.ts';
import { count, exactInt } from '../kit/schemas.ts';
import { numOr0 as n } from '../shapes/cells.ts';

const QUERIES = { sources: 'statistics/trx-volume-source-list' } as const;

export default defineEndpoint({
  path: '/api/trx/volume/sourceList',
  method: 'GET',
  summary: "The price sources of TRX's daily USD candles the lake has (the values /api/trx/volume's source accepts).",
  params: z.object({}),
  response: z.object({
    total: count,
    data: z.array(z.object({ source: z.string(), days: count, first_time: exactInt, last_time: exactInt })),
  }),
  queries: QUERIES,
  async handle(_p, ctx) {
    const rows = await ctx.versionRows(QUERIES.sources, {});
    const data = rows.map((r) => ({ source: String(r.source), days: n(r.days), first_time: n(r.first_time), last_time: n(r.last_time) }));
    return { total: data.length, data };
  },
});
