/**
 * GET /api/block/statistic (SPEC §4.9; shape: reference §5.2, flat object). "Last day" is the 24 hours before the
 * head block time. Rewards are the block and vote rewards in force at each block (getWitnessPayPerBlock #5,
 * getWitness127PayPerBlock #31: daily_supply and chain_parameter_history), `last_day_pay` null while one of its
 * blocks' rewards is unknown. Whole-chain figures (docs/compat.md "Whole-chain figures"): `whole_block_count` = the
 * head block's height + 1 (exact for any lake); `whole_pay` = the TRX issued as rewards before the lake's first block
 * (the chain_anchors `issued_sun` anchor; 0 from genesis) + the lake's rewards; `last_day_total_burn` = the TRX burned
 * before the lake (`burned_sun`) + the lake's block fees. Without an anchor (or, for `whole_pay`, with a block of
 * unknown rewards) those two are null: the lake's window is not the whole chain. Amounts are TRX, exact. The figures
 * are a function of the served version, computed when it opens (sql/serving/block_statistic.sql).
 */
import { z } from 'zod';
import { defineEndpoint } from '../kit/endpoint.ts';
import { count, exactNumber, shape } from '../kit/schemas.ts';
import { exactOrNull as known, numOr0 } from '../shapes/cells.ts';
import { trx } from '../shapes/stats-shape.ts';

const QUERIES = { figures: 'block/block-statistic' } as const;

export default defineEndpoint({
  path: '/api/block/statistic',
  method: 'GET',
  summary: 'Block counts, producer rewards and TRX burned: the whole chain and the last 24 hours.',
  params: z.object({}),
  response: shape({
    whole_block_count: count,
    last_day_block_count: count,
    whole_pay: exactNumber.nullable(),
    last_day_pay: exactNumber.nullable(),
    last_day_burn: exactNumber,
    last_day_total_burn: exactNumber.nullable(),
  }),
  queries: QUERIES,
  async handle(_p, ctx) {
    const [f] = await ctx.versionRows(QUERIES.figures, {});
    return {
      whole_block_count: numOr0(f?.whole_block_count),
      last_day_block_count: numOr0(f?.last_day_block_count),
      whole_pay: trx(known(f?.whole_pay_sun)),
      last_day_pay: trx(known(f?.last_day_pay_sun)),
      last_day_burn: trx(known(f?.last_day_fee) ?? 0n),
      last_day_total_burn: trx(known(f?.whole_burn_sun)),
    };
  },
});
