/**
 * GET /api/contracts/top_call (SPEC §4.6; shape: reference §2.5): one contract's call statistics over the lake:
 * `totalCallTimes` its calls, `totalAddress` its distinct callers, `topAddress` the 10 callers with the most calls and
 * `topMethods` the 10 method selectors most called (ratio = share of totalCallTimes, a fraction 0..1, 4 places), and
 * `recentCallTimes` its calls in the recent window: the 7 UTC days ending with the head block's day, `timeLong` the
 * first day's UTC midnight in ms (docs/compat.md "Contract statistics"). Reads the contract's first rows of
 * contract_callers and contract_methods (ranked by calls inside the contract) and 7 days of daily_contract_call_stats.
 */
import { z } from 'zod';
import { address } from '../../params/index.ts';
import { defineEndpoint } from '../kit/endpoint.ts';
import { utcDay } from '../kit/time-window.ts';
import { contractInfo, contractMap, count, exactInt } from '../kit/schemas.ts';
import { str } from '../shapes/cells.ts';
import { share } from '../shapes/stats-shape.ts';
import { addressLookups } from '../shapes/transfer-shape.ts';

const QUERIES = {
  totals: 'contract/top-call.totals',
  callers: 'contract/top-call.callers',
  methods: 'contract/top-call.methods',
  recent: 'contract/top-call.recent',
} as const;
const DAY_MS = 86_400_000;
/** The recent window: this many UTC days, the head's day the last. */
export const RECENT_DAYS = 7;
/** Callers and methods answered. */
export const TOP_N = 10;

export default defineEndpoint({
  path: '/api/contracts/top_call',
  method: 'GET',
  summary: "One contract's calls, callers, top callers and top methods over the lake, and its calls of the last 7 days.",
  params: z.object({ contract_address: address().meta({ description: 'The contract, Base58.' }) }),
  response: z.object({
    recentCallTimes: exactInt,
    timeLong: count,
    totalAddress: count,
    totalCallTimes: exactInt,
    topAddress: z.array(z.object({ address: z.string(), addressTag: z.string(), count: exactInt, ratio: z.number() })),
    topMethods: z.array(z.object({ methodId: z.string(), times: exactInt, ratio: z.number() })),
    contractMap,
    contractInfo,
  }),
  queries: QUERIES,
  async handle(p, ctx) {
    const a = p.contract_address;
    const startDay = utcDay(ctx.now - (RECENT_DAYS - 1) * DAY_MS);
    const [[t], callers, methods, [recent]] = await Promise.all([
      ctx.typedRows(QUERIES.totals, { address: a }),
      ctx.typedRows(QUERIES.callers, { address: a, lim: TOP_N }),
      ctx.typedRows(QUERIES.methods, { address: a, lim: TOP_N }),
      ctx.typedRows(QUERIES.recent, { address: a, start_day: startDay }),
    ]);
    const total = t?.call_count ?? 0;
    const topAddress = callers.map((r) => ({ address: str(r.caller_address), addressTag: '', count: r.call_count, ratio: share(r.call_count, total) ?? 0 }));
    const { contractMap: map, contractInfo: info } = await addressLookups(ctx, topAddress.map((r) => r.address));
    return {
      recentCallTimes: recent?.call_count ?? 0,
      timeLong: Date.parse(`${startDay}T00:00:00Z`),
      totalAddress: Number(t?.caller_count ?? 0),
      totalCallTimes: total,
      topAddress,
      topMethods: methods.map((r) => ({ methodId: str(r.method_id), times: r.call_count, ratio: share(r.call_count, total) ?? 0 })),
      contractMap: map,
      contractInfo: info,
    };
  },
});
