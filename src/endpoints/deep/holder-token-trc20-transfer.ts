/**
 * GET /api/deep/account/holderToken/basicInfo/trc20/transfer (SPEC §4.4; shape: reference §3, a bare object): how many
 * Transfer logs of one TRC20 token an account received and sent, over the lake's window (docs/compat.md "Account
 * holder token (issue 31)"). One count over the account's rows of the copy clustered by address.
 */
import { z } from 'zod';
import { defineEndpoint } from '../kit/endpoint.ts';
import { address } from '../../params/index.ts';
import { count } from '../kit/schemas.ts';

const QUERIES = { counts: 'deep/holder-token-trc20-transfer' } as const;

export default defineEndpoint({
  path: '/api/deep/account/holderToken/basicInfo/trc20/transfer',
  method: 'GET',
  summary: "How many transfers of one TRC20 token an account received and sent (the lake's window).",
  params: z.object({
    accountAddress: address().meta({ description: 'The account, Base58.' }),
    tokenAddress: address().meta({ description: 'The TRC20 contract, Base58.' }),
  }),
  response: z.strictObject({ transferIn: count, transferOut: count }),
  queries: QUERIES,
  async handle(p, ctx) {
    const [r] = await ctx.typedRows(QUERIES.counts, { address: p.accountAddress, contract: p.tokenAddress });
    return { transferIn: Number(r?.transfer_in ?? 0), transferOut: Number(r?.transfer_out ?? 0) };
  },
});
