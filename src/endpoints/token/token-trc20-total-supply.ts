/**
 * GET /api/token_trc20/totalSupply (SPEC §4.1; reference: a bare JSON number, decimal-adjusted). The supply is
 * derived from the transfer history (mints minus burns, docs/compat.md "Tokens"); an unknown contract answers 0.
 */
import { z } from 'zod';
import { defineEndpoint } from '../kit/endpoint.ts';
import { address, scaledNumber } from '../../params/index.ts';
import { exactNumber } from '../kit/schemas.ts';
import { num, str } from '../shapes/token-shape.ts';

const params = z.object({ address: address() });

const QUERIES = { supply: 'token/token-trc20-total-supply' } as const;

export default defineEndpoint({
  path: '/api/token_trc20/totalSupply',
  method: 'GET',
  summary: 'Total supply of a TRC20 token, decimal-adjusted, as a bare JSON number.',
  // A bare JSON number (reference §2): the supply in token units.
  params,
  response: exactNumber,
  queries: QUERIES,
  async handle(p, ctx) {
    const [r] = await ctx.typedRows(QUERIES.supply, { contract: p.address });
    // Exact digits (docs/compat.md "Numbers"): 614370361093, not 614370361092.9999.
    return r ? scaledNumber(str(r.supply_raw) || '0', num(r.decimals)) : 0;
  },
});
