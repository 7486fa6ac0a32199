/**
 * GET /api/block/statistic (SPEC §4.9; shape: reference §5.2, flat object). "Last day" is the 24 hours before the
 * head block time. Rewards are block count × (block reward + vote reward) in whole TRX; burns are in whole TRX.
 * The figures are a function of the served version, computed when it opens (sql/serving/block_statistic.sql).
 */
import { z } from 'zod';
import { defineEndpoint } from '../kit/endpoint.ts';
import { sunToTrx } from '../kit/envelopes.ts';
import { BLOCK_REWARD_TRX, VOTE_REWARD_TRX } from '../../chain/economics.ts';
import { count, shape } from '../kit/schemas.ts';

export default defineEndpoint({
  path: '/api/block/statistic',
  method: 'GET',
  summary: 'Block counts, producer rewards and TRX burned: all time and the last 24 hours.',
  params: z.object({}),
  response: shape({ whole_block_count: count, last_day_block_count: count, whole_pay: z.number(), last_day_pay: z.number(), last_day_burn: z.number(), last_day_total_burn: z.number() }),
  queries: { figures: 'block/block-statistic' },
  async handle(_p, ctx) {
    const [f] = await ctx.rows('figures', {});
    const perBlock = BLOCK_REWARD_TRX + VOTE_REWARD_TRX;
    const whole = Number(f?.block_count ?? 0);
    const lastDay = Number(f?.last_day_block_count ?? 0);
    return {
      whole_block_count: whole,
      last_day_block_count: lastDay,
      whole_pay: whole * perBlock,
      last_day_pay: lastDay * perBlock,
      last_day_burn: sunToTrx(Number(f?.last_day_fee ?? 0)),
      last_day_total_burn: sunToTrx(Number(f?.fee ?? 0)),
    };
  },
});
