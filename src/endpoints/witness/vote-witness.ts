/**
 * GET /api/vote/witness (SPEC §4.8; reference §4.5, status wrapper): one witness (`address`) or every witness
 * ranked by realtime votes, with its last-cycle and realtime votes and rankings, brokerage, voter APR,
 * production, node version and its tally at each maintenance of the last 7 days (`realtimeVoteLine`); one witness
 * also carries its commission changes (`brokerageHistory`). An unknown address → `data: null`. Definitions:
 * docs/compat.md "Witnesses" and "Witness and vote fields".
 */
import { z } from 'zod';
import { defineEndpoint } from '../kit/endpoint.ts';
import { address } from '../../params/index.ts';
import { count } from '../kit/schemas.ts';
import { BLOCK_REWARD_TRX } from '../../chain/economics.ts';
import { share, toWitnesses, voteLineCycles, voteLines, type Witness } from '../shapes/witness-rows.ts';

const item = z.looseObject({
  address: z.string(),
  name: z.string(),
  url: z.string(),
  hasPage: z.boolean(),
  lastRanking: z.number().int(),
  realTimeRanking: z.number().int(),
  lastCycleVotes: z.number().int(),
  realTimeVotes: z.number().int(),
  changeVotes: z.number().int(),
  change_cycle: z.number().int(),
  votesPercentage: z.number(),
  lastCycleVotesPercentage: z.number(),
  brokerage: z.number().int(),
  voterBrokerage: z.number().int(),
  witnessType: z.number().int(),
  annualizedRate: z.string(),
  producedTotal: z.number().int().nullable(),
  producedEfficiency: z.number().nullable(),
  blockReward: z.number().int().nullable(),
  version: z.number().int().nullable(),
  changedBrokerage: z.boolean(),
  lowestBrokerage: z.number().int(),
  realtimeVoteLine: z.array(z.looseObject({ time: z.number().int(), vote: z.number().int() })),
});

const brokerageChange = z.looseObject({ from: z.number().int().nullable(), to: z.number().int(), time: z.number().int(), hash: z.string() });

const wrapper = { code: z.literal(200), status: z.literal('1'), message: z.string(), success: z.literal('true') };

const QUERIES = { witnesses: 'witness/witnesses', voteLine: 'witness/vote-line', brokerage: 'witness/brokerage-history' } as const;

export default defineEndpoint({
  path: '/api/vote/witness',
  method: 'GET',
  summary: 'One witness or all, ranked by realtime votes: last-cycle and realtime votes and rankings, brokerage, APR.',
  params: z.object({ address: address().optional() }),
  response: z.union([
    z.looseObject({
      ...wrapper,
      data: item.nullable(),
      changedBrokerage: z.boolean().optional(),
      lowestBrokerage: z.number().int().optional(),
      brokerageChangeNum: z.number().int().optional(),
      brokerageHistory: z.array(brokerageChange).optional(),
    }),
    z.looseObject({ ...wrapper, data: z.array(item), total: count, totalWitness: count, totalVotes: z.number().int(), fastestRise: item.nullable(), maxVotesRise: item.nullable() }),
  ]),
  queries: QUERIES,
  async handle(p, ctx) {
    const cycles = voteLineCycles(ctx.manifest.first.timestamp, ctx.now);
    // The witnesses, their vote lines and commission changes are the version's (read once per version).
    const [rows, lineRows, allChanges] = await Promise.all([
      ctx.versionRows(QUERIES.witnesses, {}),
      ctx.versionRows(QUERIES.voteLine, { address: null }),
      p.address ? ctx.versionRows(QUERIES.brokerage, {}) : Promise.resolve([]),
    ]);
    const changes = allChanges.filter((c) => c.witness_address === p.address);
    const all = toWitnesses(rows);
    const line = voteLines(lineRows, cycles);
    const totalRealtime = all.reduce((a, w) => a + w.realtimeVotes, 0);
    const totalCycle = all.reduce((a, w) => a + w.cycleVotes, 0);
    // Realtime ranking: realtime votes descending, ties by the cycle rank (the order the node would keep).
    const byRealtime = [...all].sort((a, b) => b.realtimeVotes - a.realtimeVotes || a.rank - b.rank);
    const realtimeRank = new Map(byRealtime.map((w, i) => [w.address, i + 1]));
    const view = (w: Witness) => ({
      address: w.address,
      name: w.name,
      url: w.url,
      hasPage: false,
      lastRanking: w.rank,
      realTimeRanking: realtimeRank.get(w.address)!,
      lastCycleVotes: w.cycleVotes,
      realTimeVotes: w.realtimeVotes,
      changeVotes: w.realtimeVotes - w.cycleVotes,
      change_cycle: w.rank - realtimeRank.get(w.address)!,
      votesPercentage: share(w.realtimeVotes, totalRealtime),
      lastCycleVotesPercentage: share(w.cycleVotes, totalCycle),
      brokerage: w.brokerage,
      voterBrokerage: 100 - w.brokerage,
      witnessType: w.witnessType,
      annualizedRate: w.annualizedRate,
      producedTotal: w.produced,
      producedEfficiency: w.producePercentage,
      blockReward: w.produced === null ? null : w.produced * BLOCK_REWARD_TRX,
      version: w.version,
      changedBrokerage: w.brokerageChanges > 0,
      lowestBrokerage: w.lowestBrokerage,
      realtimeVoteLine: line(w.address),
    });
    const wrap = { code: 200, status: '1', message: 'request ok', success: 'true' } as const;
    if (p.address) {
      const w = all.find((x) => x.address === p.address);
      if (!w) return Object.assign({}, wrap, { data: null });
      return Object.assign({}, wrap, {
        data: view(w),
        changedBrokerage: w.brokerageChanges > 0,
        lowestBrokerage: w.lowestBrokerage,
        brokerageChangeNum: w.brokerageChanges,
        // time in seconds, as the reference has it
        brokerageHistory: changes.map((c) => ({
          from: c.previous === null ? null : Number(c.previous),
          to: Number(c.brokerage),
          time: Math.floor(Number(c.timestamp) / 1000),
          hash: String(c.tx_hash),
        })),
      });
    }
    const data = byRealtime.map(view);
    const rise = (f: (v: ReturnType<typeof view>) => number) =>
      data.length ? data.reduce((best, v) => (f(v) > f(best) ? v : best), data[0]!) : null;
    return Object.assign({}, wrap, {
      data,
      total: data.length,
      totalWitness: all.filter((w) => w.witnessType === 1).length,
      totalVotes: totalRealtime,
      // fastestRise: the largest gain in ranking; maxVotesRise: the largest gain in votes (first in ranking on ties).
      fastestRise: rise((v) => v.change_cycle),
      maxVotesRise: rise((v) => v.changeVotes),
    });
  },
});
