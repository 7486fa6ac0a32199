/**
 * GET /api/onecontractcallers (SPEC §4.6; shape: reference §2.9): the callers of one contract on one UTC day, most
 * calls first (then address), `total` the day's distinct callers and `totalCallerAmount` the day's calls. `day`: a
 * number of days back from the head block's UTC day (0 the head's day, default 1 = the day before); a value of
 * 10^12 or more is a time in ms (reference §2.9: current docs), its UTC day (docs/compat.md "Contract statistics").
 * Reads the contract's rows of that day in daily_contract_callers and one row of daily_contract_call_stats.
 */
import { z } from 'zod';
import { address, int } from '../../params/index.ts';
import { defineList } from '../kit/list.ts';
import { utcDay } from '../kit/time-window.ts';
import { contractInfo, contractMap, count, exactInt, shape } from '../kit/schemas.ts';
import { str } from '../shapes/cells.ts';

const DAY_MS = 86_400_000;
/** A `day` from 10^12 on is a time in ms (2001-09-09 on), below it a count of days back. */
const MS_FROM = 1e12;

/** The UTC day a request names, e.g. `dayOf(1, head)` = the day before the head's, `dayOf(1700000000000, head)` = '2023-11-14'. */
export function calledDay(day: number | undefined, head: number): string {
  const d = day ?? 1;
  return d >= MS_FROM ? utcDay(d) : utcDay(head - d * DAY_MS);
}

export default defineList({
  path: '/api/onecontractcallers',
  summary: "One contract's callers on one day, most calls first.",
  params: {
    address: address().meta({ description: 'The contract, Base58.' }),
    day: int({ min: 0 }).optional().meta({
      description: "Days back from the head block's UTC day (0 that day, default 1: the day before); a value from 10^12 on is a time in ms, its UTC day.",
      override: { type: 'integer', minimum: 0, default: 1 },
    }),
  },
  paging: { defaultLimit: 10, maxLimit: 50, sumRule: true },
  order: 'call_count DESC, caller_address',
  sql: { rows: 'contract/one-contract-callers', extra: { calls: 'contract/one-contract-callers.calls' } },
  // The day's calls, the envelope's totalCallerAmount (one row of the contract's day).
  prepare: async (p, q) => {
    const day = calledDay(p.day, q.now);
    const [r] = await q.rows('calls', { address: p.address, day });
    return { day, calls: r?.call_count ?? 0 };
  },
  filters: (p, s) => ({ address: p.address, day: s.day }),
  // The page carries the count of the day's callers (a window count): no second statement.
  pageTotal: (rows) => (rows.length ? Number(rows[0]!.n) : undefined),
  lookups: { addresses: (r) => [str(r.caller_address)] },
  row: (r) => ({ caller_address: str(r.caller_address), callerAddressTag: '', amount: r.call_count }),
  envelope: (items, x) => ({
    total: x.rangeTotal,
    totalCallerAmount: x.state.calls,
    data: items,
    contractMap: x.lookups.contractMap,
    contractInfo: x.lookups.contractInfo,
  }),
  item: shape({ caller_address: z.string(), callerAddressTag: z.string(), amount: exactInt }),
  response: z.object({ total: count, totalCallerAmount: exactInt, data: z.array(z.object({ caller_address: z.string(), callerAddressTag: z.string(), amount: exactInt })), contractMap, contractInfo }),
  // The download names the columns as the items do (callerAddressTag, always '', left out).
  csv: { filename: 'contract_callers.csv', columns: [{ header: 'caller_address', field: 'caller_address' }, { header: 'amount', field: 'call_count' }] },
});
