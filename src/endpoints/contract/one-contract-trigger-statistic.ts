/**
 * GET /api/onecontracttriggerstatistic (SPEC §4.6; shape: reference §2.7): one contract's calls
 * (TriggerSmartContract, any result) per UTC day it was called, oldest first, and `totalAmount` the calls of the
 * range. `start_timestamp` / `end_timestamp` in seconds (SPEC §4.6), default the lake's first day to the head's.
 * Reads the contract's rows of daily_contract_call_stats.
 */
import { z } from 'zod';
import { address } from '../../params/index.ts';
import { defineSeries } from '../kit/series.ts';
import { count, exactInt } from '../kit/schemas.ts';
import { dayMs, dayStartMs } from '../shapes/stats-shape.ts';

const item = z.object({ day: dayStartMs, amount: exactInt });

export default defineSeries({
  path: '/api/onecontracttriggerstatistic',
  summary: "One contract's calls per day.",
  params: { address: address().meta({ description: 'The contract, Base58.' }) },
  filters: (p) => ({ address: p.address }),
  time: { start: 'start_timestamp', end: 'end_timestamp', unit: 's', maxDays: 36_600, defaultDays: 30, defaultStart: 'earliest' },
  granularities: ['day'],
  sql: 'contract/one-contract-trigger-statistic',
  sum: [],
  row: (r) => ({ day: dayMs(r.day), amount: r.call_count }),
  envelope: (items, _p, _ctx, rows) => ({
    total: items.length,
    totalAmount: rows.reduce((a, r) => a + BigInt(r.call_count ?? 0), 0n),
    data: items,
  }),
  response: z.object({ total: count, totalAmount: exactInt, data: z.array(item) }),
});
