/**
 * GET /api/system/tps (SPEC §4.12; reference §8.4): the head block height, the current TPS (transactions of the
 * last 60 seconds of blocks up to the head / 60) and the historical maximum TPS (the largest block of the lake / its
 * 3-second slot, or the operator's `max_tps` anchor of chain_anchors when larger; null without that anchor unless
 * the lake starts at genesis: the lake's maximum is not the chain's). docs/compat.md "TPS", "Whole-chain figures".
 */
import { z } from 'zod';
import { defineEndpoint } from '../kit/endpoint.ts';
import { numOr0 } from '../shapes/cells.ts';

/** The span the current TPS is averaged over, ms (20 slots); sql/serving/tps_figures.sql sums the blocks of it. */
export const CURRENT_TPS_SPAN_MS = 60_000;
const SLOT_SECONDS = 3;

const QUERIES = { tps: 'home/tps' } as const;

export default defineEndpoint({
  path: '/api/system/tps',
  method: 'GET',
  summary: 'Head block height, current TPS and the historical maximum TPS.',
  params: z.object({}),
  response: z.looseObject({
    type: z.literal('tps'),
    data: z.looseObject({ blockHeight: z.number().int(), currentTps: z.number().int(), maxTps: z.number().int().nullable() }),
  }),
  queries: QUERIES,
  async handle(_p, ctx) {
    const [r] = await ctx.versionRows(QUERIES.tps, {});
    const lakeMax = Math.round(numOr0(r?.max_block_tx) / SLOT_SECONDS);
    const anchored = r?.anchor_max_tps !== null && r?.anchor_max_tps !== undefined;
    const before = anchored ? Number(r.anchor_max_tps) : ctx.manifest.first?.number === 0 ? 0 : null;
    return {
      type: 'tps',
      data: {
        blockHeight: ctx.manifest.head.number,
        currentTps: Math.round((numOr0(r?.recent_tx) * 1000) / CURRENT_TPS_SPAN_MS),
        maxTps: before === null ? null : Math.max(lakeMax, before),
      },
    };
  },
});
