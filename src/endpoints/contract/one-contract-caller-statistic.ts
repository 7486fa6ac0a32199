/**
 * GET /api/onecontractcallerstatistic (SPEC §4.6; shape: reference §2.6): one contract's distinct callers (owners of
 * its TriggerSmartContract transactions) per UTC day it was called, oldest first, and `totalCallerAmount` the
 * distinct callers of the whole range (a caller of several days counts once: not the sum of the days).
 * `start_timestamp` / `end_timestamp` in seconds (SPEC §4.6), default the lake's first day to the head's. Reads the
 * contract's rows of daily_contract_call_stats; the range's distinct count from its rows of contract_callers (a range
 * from the lake's first day or to the head's: the callers' first / last call) or of daily_contract_callers (inside).
 */
import { z } from 'zod';
import { address } from '../../params/index.ts';
import { defineSeries } from '../kit/series.ts';
import { utcDay } from '../kit/time-window.ts';
import { count, exactInt } from '../kit/schemas.ts';
import { dayMs, dayStartMs } from '../shapes/stats-shape.ts';

const QUERIES = { range: 'contract/one-contract-caller-statistic.range', open: 'contract/one-contract-caller-statistic.open' } as const;
const DAY_MS = 86_400_000;
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
    if (!items.length) return { total: 0, totalCallerAmount: 0, data: items };
    // A range from the lake's first day or to the head's (the default, or one bound given) counts the contract's
    // callers by their first / last call, one row each; a range inside the lake counts its days' callers.
    const [first, head] = [utcDay(ctx.manifest.first.timestamp), utcDay(ctx.now)];
    const [r] =
      p.range.from <= first || p.range.to >= head
        ? await ctx.typedRows(QUERIES.open, {
            address: p.address,
            from_ts: p.range.from <= first ? null : Date.parse(`${p.range.from}T00:00:00Z`),
            to_ts: p.range.to >= head ? null : Date.parse(`${p.range.to}T00:00:00Z`) + DAY_MS - 1,
          })
        : await ctx.typedRows(QUERIES.range, { address: p.address, start_day: p.range.from, end_day: p.range.to });
    return { total: items.length, totalCallerAmount: Number(r?.caller_count ?? 0), data: items };
  },
  response: z.object({ total: count, totalCallerAmount: count, data: z.array(item) }),
});
