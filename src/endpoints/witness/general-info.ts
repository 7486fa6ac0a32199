/**
 * GET /api/witness/general-info (SPEC §4.8; reference §4.6, flat): how many witnesses, how many applied in the last
 * 30 days, the realtime votes of all, and the Super Representatives (rank 1-27) with the highest and lowest
 * production efficiency and the most and fewest blocks in the lake. Definitions: docs/compat.md "Witnesses".
 */
import { z } from 'zod';
import { defineEndpoint } from '../kit/endpoint.ts';
import { count } from '../kit/schemas.ts';
import { percentage, toWitnesses, type Witness } from '../shapes/witness-rows.ts';
import { DAY_MS } from '../../time.ts';


const node = z.looseObject({
  address: z.string(),
  name: z.string(),
  url: z.string(),
  missedTotal: z.number().nullable(),
  producedTotal: z.number().nullable(),
  producePercentage: z.number().nullable(),
  currentProducePercentage: z.number(),
});

const QUERIES = { witnesses: 'witness/witnesses', lastDay: 'witness/last-day' } as const;

export default defineEndpoint({
  path: '/api/witness/general-info',
  method: 'GET',
  summary: 'Witness count, new witnesses in 30 days, realtime votes, and the most and least productive SRs.',
  params: z.object({}),
  response: z.looseObject({
    total: count,
    increaseOf30Day: count,
    totalRealtimeVotes: z.number().int(),
    highestEfficiency: node.nullable(),
    lowestEfficiency: node.nullable(),
    maxBlocksCount: node.nullable(),
    minBlocksCount: node.nullable(),
  }),
  queries: QUERIES,
  async handle(_p, ctx) {
    const [rows, lastDay] = await Promise.all([ctx.versionRows(QUERIES.witnesses, {}), ctx.versionRows(QUERIES.lastDay, {})]);
    const all = toWitnesses(rows);
    const today = new Map(lastDay.map((r) => [String(r.witness_address), percentage(Number(r.produced), Number(r.missed))]));
    const view = (w: Witness | undefined) =>
      w
        ? {
            address: w.address,
            name: w.name,
            url: w.url,
            missedTotal: w.missed,
            producedTotal: w.produced,
            producePercentage: w.producePercentage,
            currentProducePercentage: today.get(w.address) ?? 100,
          }
        : null;
    // Ties go to the better-ranked SR; an SR whose lifetime counts are unknown (null) is not compared.
    const pick = (f: (w: Witness) => number | null, dir: 1 | -1): Witness | undefined =>
      all.filter((w) => w.witnessType === 1 && f(w) !== null).reduce<Witness | undefined>((best, w) => (!best || dir * (f(w)! - f(best)!) > 0 ? w : best), undefined);
    return {
      total: all.length,
      increaseOf30Day: all.filter((w) => w.createdTs > ctx.now - 30 * DAY_MS).length,
      totalRealtimeVotes: all.reduce((a, w) => a + w.realtimeVotes, 0),
      highestEfficiency: view(pick((w) => w.producePercentage, 1)),
      lowestEfficiency: view(pick((w) => w.producePercentage, -1)),
      maxBlocksCount: view(pick((w) => w.produced, 1)),
      minBlocksCount: view(pick((w) => w.produced, -1)),
    };
  },
});
