/**
 * GET /api/chainparameters (SPEC §4.8; reference §4.3, flat): every chain parameter of the newest chain_parameters
 * snapshot (the node's getchainparameters) with the proposals that changed or tried to change it (`relations`, the
 * proposals /api/proposal lists). `time` (ms, an extension) answers the values in force then, from the derived
 * chain_parameter_history (`valueAt`). `initValue` (the genesis value) is left out: the lake does not hold it.
 * docs/compat.md "Proposals and chain parameters".
 */
import { z } from 'zod';
import { defineEndpoint } from '../kit/endpoint.ts';
import { timestampMs } from '../../params/index.ts';
import { parameterNumber } from '../../chain/chain-parameters.ts';

const relation = z.looseObject({ id: z.number().int(), key: z.number().int(), value: z.number().int(), expiration_time: z.number().int(), state: z.string() });

/** One row of chain_parameter_history: a snapshot row names the getter (`key`), a proposal row the number (`parameter`). */
interface HistoryRow {
  key: string | null;
  parameter: number | null;
  value: number;
  fromTs: number;
  source: 'snapshot' | 'proposal';
}

/**
 * The value of getter `name` in force at `t`: the parameter's history row with the greatest from_ts ≤ t (a snapshot
 * wins a tie: it was read after the change); before every row, unknown (undefined). How far back a snapshot's value
 * holds is decided once, in chain_parameter_history (docs/compat.md "Proposals and chain parameters").
 * E.g. valueAt(rows, 'getEnergyFee', 1791700000000).
 */
export function valueAt(rows: readonly HistoryRow[], name: string, t: number): number | undefined {
  const n = parameterNumber(name);
  const before = rows.filter((r) => (r.key === name || (n !== undefined && r.parameter === n)) && r.fromTs <= t);
  const last = before.reduce<HistoryRow | undefined>((a, r) => (!a || r.fromTs > a.fromTs || (r.fromTs === a.fromTs && r.source === 'snapshot') ? r : a), undefined);
  return last?.value;
}

const QUERIES = { parameters: 'witness/chain-parameters', proposals: 'witness/proposals', history: 'witness/chain-parameter-history' } as const;

export default defineEndpoint({
  path: '/api/chainparameters',
  method: 'GET',
  summary: 'Chain parameters in force (now, or at `time`) with the proposals that changed them.',
  params: z.object({ time: timestampMs().optional() }),
  response: z.looseObject({ tronParameters: z.array(z.looseObject({ key: z.string(), value: z.number().int(), relations: z.array(relation) })) }),
  queries: QUERIES,
  async handle(p, ctx) {
    const [params, props, history] = await Promise.all([
      ctx.versionRows(QUERIES.parameters, {}),
      ctx.versionRows(QUERIES.proposals, {}),
      p.time === undefined ? Promise.resolve([]) : ctx.versionRows(QUERIES.history, {}),
    ]);
    const byKey = new Map<number, z.infer<typeof relation>[]>();
    for (const r of props) {
      for (const x of JSON.parse(String(r.parameters_json)) as { key: number; value: number }[]) {
        const list = byKey.get(Number(x.key)) ?? [];
        list.push({ id: Number(r.proposal_id), key: Number(x.key), value: Number(x.value), expiration_time: Number(r.expiration_time), state: String(r.state) });
        byKey.set(Number(x.key), list);
      }
    }
    const rows: HistoryRow[] = history.map((r) => ({
      key: r.key === null ? null : String(r.key),
      parameter: r.parameter === null ? null : Number(r.parameter),
      value: Number(r.value),
      fromTs: Number(r.from_ts),
      source: r.source === 'proposal' ? 'proposal' : 'snapshot',
    }));
    const out = params.map((r) => {
      const key = String(r.key);
      const n = parameterNumber(key);
      const value = p.time === undefined ? Number(r.value) : valueAt(rows, key, p.time);
      return { key, value, relations: n === undefined ? [] : (byKey.get(n) ?? []) };
    });
    // At a time the history does not cover, a parameter is left out rather than given a value it may not have had.
    return { tronParameters: out.filter((x): x is typeof x & { value: number } => x.value !== undefined) };
  },
});
