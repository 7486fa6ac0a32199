/**
 * GET /api/account/resource/unfreeze (SPEC §4.5; reference: `{balance, message}`): the sun an account could unstake
 * now, as of the head time: its Stake 2.0 stakes not delegated (every resource) plus its Stake 1.0 stakes whose lock
 * has passed (docs/compat.md "Account state"). An account without a snapshot has 0.
 */
import { z } from 'zod';
import { defineEndpoint } from '../kit/endpoint.ts';
import { address, exactInteger } from '../../params/index.ts';
import { exactInt } from '../kit/schemas.ts';
import type { Cell } from '../../duckdb/duck.ts';
import { exactJson } from '../shapes/cells.ts';

const QUERIES = { position: 'wallet/resource-unfreeze' } as const;

export default defineEndpoint({
  path: '/api/account/resource/unfreeze',
  method: 'GET',
  summary: 'Sun an account can unstake now (Stake 2.0 undelegated stakes and unlocked Stake 1.0 stakes).',
  params: z.object({ address: address() }),
  response: z.object({ balance: exactInt, message: z.string() }),
  queries: QUERIES,
  async handle(p, ctx) {
    const [r] = await ctx.typedRows(QUERIES.position, { address: p.address });
    if (!r) return { balance: 0, message: 'SUCCESS' };
    // Sun amounts, exact (exactInteger: NULL, no such stake, is 0).
    const v1 = (amount: Cell, expire: Cell) => (Number(expire) <= ctx.now ? exactInteger(amount) : 0n);
    const sum = exactInteger(r.frozen_v2_bandwidth) + exactInteger(r.frozen_v2_energy) + exactInteger(r.frozen_v2_tron_power)
      + v1(r.frozen_v1_bandwidth, r.frozen_v1_bandwidth_expire) + v1(r.frozen_v1_energy, r.frozen_v1_energy_expire);
    return { balance: exactJson(sum), message: 'SUCCESS' };
  },
});
