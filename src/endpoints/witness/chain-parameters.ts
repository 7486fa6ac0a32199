/**
 * GET /api/chainparameters (SPEC §4.8; reference §4.3, flat): every chain parameter of the newest chain_parameters
 * snapshot (the node's getchainparameters) with the proposals that changed or tried to change it (`relations`, from
 * the newest proposals snapshot). `initValue` (the genesis value) is left out: the lake does not hold it.
 * docs/compat.md "Proposals and chain parameters".
 */
import { z } from 'zod';
import { defineEndpoint } from '../kit/endpoint.ts';
import { parameterNumber } from '../../chain/chain-parameters.ts';

const relation = z.looseObject({ id: z.number().int(), key: z.number().int(), value: z.number().int(), expiration_time: z.number().int(), state: z.string() });

export default defineEndpoint({
  path: '/api/chainparameters',
  method: 'GET',
  summary: 'Chain parameters in force with the proposals that changed them.',
  params: z.object({}),
  response: z.looseObject({ tronParameters: z.array(z.looseObject({ key: z.string(), value: z.number().int(), relations: z.array(relation) })) }),
  queries: { parameters: 'witness/chain-parameters', proposals: 'witness/proposals' },
  async handle(_p, ctx) {
    const [params, props] = await Promise.all([ctx.rows('parameters', {}), ctx.rows('proposals', {})]);
    const byKey = new Map<number, z.infer<typeof relation>[]>();
    for (const r of props) {
      for (const x of JSON.parse(String(r.parameters_json)) as { key: number; value: number }[]) {
        const list = byKey.get(Number(x.key)) ?? [];
        list.push({ id: Number(r.proposal_id), key: Number(x.key), value: Number(x.value), expiration_time: Number(r.expiration_time), state: String(r.state) });
        byKey.set(Number(x.key), list);
      }
    }
    return {
      tronParameters: params.map((r) => {
        const n = parameterNumber(String(r.key));
        return { key: String(r.key), value: Number(r.value), relations: n === undefined ? [] : (byKey.get(n) ?? []) };
      }),
    };
  },
});
