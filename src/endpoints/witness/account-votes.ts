/**
 * GET /api/account/votes (SPEC §4.8; reference: `{votes: {SR: count}}`, no envelope): the account's current votes,
 * from its newest snapshot (a vote revoked by an unstake is gone). No votes → `{votes: {}}`.
 */
import { z } from 'zod';
import { defineEndpoint } from '../kit/endpoint.ts';
import { address } from '../../params/index.ts';

const QUERIES = { votes: 'witness/account-votes' } as const;

export default defineEndpoint({
  path: '/api/account/votes',
  method: 'GET',
  summary: 'Current votes of an account: SR address → votes.',
  params: z.object({ address: address() }),
  response: z.object({ votes: z.record(z.string(), z.number().int()) }),
  queries: QUERIES,
  async handle(p, ctx) {
    const rows = await ctx.typedRows(QUERIES.votes, { address: p.address });
    return { votes: Object.fromEntries(rows.map((r) => [String(r.candidate_address), Number(r.votes)])) };
  },
});
