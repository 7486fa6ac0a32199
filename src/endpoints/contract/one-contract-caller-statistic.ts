/**
 * GET /api/onecontractcallerstatistic (SPEC §4.6; shape: reference §2.6): one contract's distinct callers (owners of
 * its TriggerSmartContract transactions) per UTC day it was called, oldest first, and `totalCallerAmount` the
 * distinct callers of the whole range (a caller of several days counts once: not the sum of the days).
 * `start_timestamp` / `end_timestamp` in seconds (SPEC §4.6), default the lake's first day to the head's. Reads the
 * contract's rows of daily_contract_call_stats, and of daily_contract_callers for the range's distinct count.
 */
import { z } from 'zod';
import { address } from '../../params/index.ts';
import { defineSeries } from '../kit/series.ts';
import { count, exactInt } from '../kit/schemas.ts';
import { dayMs, dayStartMs } from '../shapes/stats-shape.ts';

const QUERIES = { range: 'contract/one-contract-caller-statistic.range' } as const;
const item = z.object({ day: dayStartMs, amount: exactInt });

export default defineSeries({
  path: '/api/onecontractcallerstatistic',
  summary: "One contract's distinct callers per day, and over the range.",
  params: { address: address().meta({ description: 'The contract, Base58.' }) },
  filters: (p) => ({ address: p.address }),
  time: { start: 'start_timestamp', end: 'end_timestamp', unit: 's', maxDays: 36_600, defaultDays: 30, defaultStart: 'earliest' },
  granularities: ['day'],
  sql: 'contract/one-contract-caller-statistic',
  queries: QUERIES,
  sum: [],
  row: (r) => ({ day: dayMs(r.day), amount: r.caller_count }),
  async envelope(items, p, ctx) {
    // No day called, no caller: the range's distinct count is read only when a day has one.
    const [r] = items.length ? await ctx.typedRows(QUERIES.range, { address: p.address, start_day: p.range.from, end_day: p.range.to }) : [];
    return { total: items.length, totalCallerAmount: Number(r?.caller_count ?? 0), data: items };
  },
  response: z.object({ total: count, totalCallerAmount: count, data: z.array(item) }),
});
