/**
 * GET /api/proposal (SPEC §4.8, §8; reference §4.4): proposals newest first; those created in the lake from their
 * transactions (derived proposal_state: state at the head, approvals in force), older ones from the newest
 * `proposals` snapshot (the node's listproposals). `limit` outside [20, 200] is a 400 (the one list that errors instead of clamping);
 * `state` filters; `address` marks `createSelf` / `approveSelf`; `id` answers that proposal alone, unwrapped.
 * Only the approvals of the current Super Representatives count (`validVotes`). docs/compat.md "Proposals".
 */
import { z } from 'zod';
import { defineEndpoint } from '../kit/endpoint.ts';
import { address, int, oneOf } from '../../params/index.ts';
import { count } from '../kit/schemas.ts';
import { formatField, listCsv } from '../kit/exports.ts';
import type { EndpointContext } from '../kit/endpoint.ts';
import type { WitnessProposalsRow } from '../kit/sql-types.generated.ts';
import { share, slotOf, toWitnesses, type Witness } from '../shapes/witness-rows.ts';

const STATES = ['PENDING', 'APPROVED', 'DISAPPROVED', 'CANCELED'] as const;

const params = z.object({
  start: int({ min: 0 }).optional().meta({ description: 'Offset of the first proposal (default 0).', override: { default: 0 } }),
  limit: int({ min: 20, max: 200 }).optional().meta({ description: 'Proposals per page, from 20 to 200 (default 20).', override: { default: 20 } }),
  id: int({ min: 0 }).optional(),
  address: address().optional(),
  state: oneOf(STATES).optional(),
  format: formatField(),
});

const summary = z.looseObject({
  address: z.string(),
  name: z.string(),
  url: z.string(),
  producer: z.boolean(),
  votes: z.number().int(),
  votesPercentage: z.number(),
  producedTotal: z.number().int().nullable(),
  missedTotal: z.number().int().nullable(),
  producedTrx: z.number().int().nullable(),
  producePercentage: z.number().nullable(),
  latestBlockNumber: z.number().int(),
  latestSlotNumber: z.number().int(),
});

const item = z.looseObject({
  proposalId: z.number().int(),
  proposalHash: z.string(),
  proposer: summary,
  paramters: z.array(z.looseObject({ key: z.number().int(), value: z.number().int() })),
  state: z.enum(STATES),
  expirationTime: z.number().int(),
  createTime: z.number().int(),
  totalVotes: z.number().int(),
  validVotes: z.number().int(),
  approveSelf: z.boolean(),
  createSelf: z.boolean(),
  approvals: z.array(summary),
  veto: z.array(summary),
  typeApprovals: z.looseObject({ sr: z.array(summary), partner: z.array(summary), candidate: z.array(summary) }),
});

type Params = z.output<typeof params>;

const QUERIES = { proposals: 'witness/proposals', witnesses: 'witness/witnesses' } as const;

/** The proposals (newest first) and their item mapper; the JSON answer and the download read them. */
async function proposalsOf(p: Params, ctx: EndpointContext) {
  const [rows, wrows] = await Promise.all([ctx.versionRows(QUERIES.proposals, {}), ctx.versionRows(QUERIES.witnesses, {})]);
  const ws = toWitnesses(wrows);
  const byAddress = new Map(ws.map((w) => [w.address, w]));
  const totalVotes = ws.reduce((a, w) => a + w.cycleVotes, 0);
  const view = (a: string) => {
    const w: Witness | undefined = byAddress.get(a);
    return {
      address: a,
      name: w?.name ?? '',
      url: w?.url ?? '',
      producer: w?.witnessType === 1,
      votes: w?.cycleVotes ?? 0,
      votesPercentage: share(w?.cycleVotes ?? 0, totalVotes),
      // a witness's lifetime counts, null when unknown; an address that is no witness produced nothing
      producedTotal: w ? w.produced : 0,
      missedTotal: w ? w.missed : 0,
      producedTrx: w ? w.producedTrx : 0,
      producePercentage: w ? w.producePercentage : 100,
      latestBlockNumber: w?.lastBlock ?? 0,
      latestSlotNumber: slotOf(w?.lastBlockTs ?? null),
    };
  };
  const typeOf = (a: string): number => byAddress.get(a)?.witnessType ?? 3;
  const proposal = (r: WitnessProposalsRow) => {
    const approvals = JSON.parse(String(r.approvals_json)) as string[];
    const params = JSON.parse(String(r.parameters_json)) as { key: number; value: number }[];
    const proposer = String(r.proposer_address);
    const of = (t: number) => approvals.filter((a) => typeOf(a) === t).map(view);
    return {
      proposalId: Number(r.proposal_id),
      proposalHash: '',
      proposer: view(proposer),
      paramters: params.map((x) => ({ key: Number(x.key), value: Number(x.value) })),
      state: String(r.state) as (typeof STATES)[number],
      expirationTime: Number(r.expiration_time),
      createTime: Number(r.create_time),
      totalVotes: approvals.length,
      validVotes: approvals.filter((a) => typeOf(a) === 1).length,
      approveSelf: p.address !== undefined && approvals.includes(p.address),
      createSelf: p.address !== undefined && proposer === p.address,
      approvals: approvals.map(view),
      veto: [],
      typeApprovals: { sr: of(1), partner: of(2), candidate: of(3) },
    };
  };
  return { rows, proposal };
}

export default defineEndpoint({
  path: '/api/proposal',
  method: 'GET',
  summary: 'Proposals to change chain parameters: parameters, approvals, state; one by id.',
  params,
  response: z.union([z.looseObject({ total: count, data: z.array(item) }), item.extend({ activeApprovals: z.array(summary) }), z.object({}).strict()]),
  queries: QUERIES,
  // The download: the one proposal of `id` (none when unknown), else the state's proposals from `start`, `limit` of
  // them when given (its JSON page), all without.
  csv: listCsv<z.output<typeof params>>('/api/proposal', Object.keys(item.shape), async (p, ctx) => {
    const { rows, proposal } = await proposalsOf(p, ctx);
    if (p.id !== undefined) return { items: rows.filter((x) => Number(x.proposal_id) === p.id).slice(0, 1).map(proposal) };
    const chosen = p.state ? rows.filter((r) => r.state === p.state) : rows;
    const start = p.start ?? 0;
    return { items: chosen.slice(start, p.limit === undefined ? undefined : start + p.limit).map(proposal) };
  }),
  async handle(p, ctx) {
    const { rows, proposal } = await proposalsOf(p, ctx);
    if (p.id !== undefined) {
      const r = rows.find((x) => Number(x.proposal_id) === p.id);
      if (!r) return {};
      const one = proposal(r);
      return Object.assign({}, one, { activeApprovals: one.typeApprovals.sr });
    }
    const chosen = p.state ? rows.filter((r) => r.state === p.state) : rows;
    const start = p.start ?? 0;
    return { total: chosen.length, data: chosen.slice(start, start + (p.limit ?? 20)).map(proposal) };
  },
});
