/**
 * GET /api/account/holderToken/asset/changeBalance (SPEC §4.4; shape: reference §3 `{data[], tokenDecimal}`): one
 * account's net change of one token (TRC20, TRC10, or 0 for TRX) per UTC day it moved, up to `endTime` (ms, default
 * now), oldest first, with the running balance at the end of each day and `type` 1 in / 2 out. Raw units, exact.
 * The days are the account's rows of token_balance_history, the balances walked back from the head ledger
 * (shapes/holder-token.ts). Not a series: only the days with a movement, from the account's first (docs/compat.md).
 */
import { z } from 'zod';
import { defineEndpoint } from '../kit/endpoint.ts';
import { timestampMs } from '../../params/index.ts';
import { formatField, listCsv } from '../kit/exports.ts';
import { intString } from '../kit/schemas.ts';
import { dayString } from '../shapes/stats-shape.ts';
import { type HolderDay, holderHistory, holderTokenParams, tokenDecimalField, tokenDecimalOf } from '../shapes/holder-token.ts';
import type { EndpointContext } from '../kit/endpoint.ts';
import { DAY_MS } from '../../time.ts';

const params = z.object({
  ...holderTokenParams,
  endTime: timestampMs().optional().meta({ description: 'End of the range, ms, inclusive of its UTC day (default now).' }),
  format: formatField(),
});
type P = z.output<typeof params>;

/** The days up to endTime's UTC day, oldest first. */
async function daysOf(p: P, ctx: EndpointContext): Promise<HolderDay[]> {
  const last = new Date(Math.floor((p.endTime ?? ctx.now) / DAY_MS) * DAY_MS).toISOString().slice(0, 10);
  return (await holderHistory(ctx, p.accountAddress, p.tokenAddress)).days.filter((d) => d.day <= last);
}

// `statistics.date` is the day's UTC midnight in seconds, as in the stablecoin statistics (reference §1.2); a day whose
// net change is 0 (only transfers to itself, or in and out equal) is type 1.
const item = (d: HolderDay) => ({
  date: d.day,
  statistics: { date: Date.parse(`${d.day}T00:00:00Z`) / 1000, change: d.change.toString(), balance: d.balance.toString(), type: d.change < 0n ? 2 : 1 },
});
const flat = (d: HolderDay) => {
  const i = item(d);
  return { date: i.date, change: i.statistics.change, balance: i.statistics.balance, type: i.statistics.type };
};

const QUERIES = { history: 'deep/holder-token-history' } as const;

export default defineEndpoint({
  path: '/api/account/holderToken/asset/changeBalance',
  method: 'GET',
  summary: "One account's net change and running balance of one token per day it moved, up to endTime.",
  params,
  queries: QUERIES,
  response: z.strictObject({
    data: z.array(z.strictObject({
      date: dayString,
      statistics: z.strictObject({ date: z.number().int().nonnegative(), change: intString, balance: intString, type: z.union([z.literal(1), z.literal(2)]) }),
    })),
    tokenDecimal: tokenDecimalField,
  }),
  csv: listCsv<P>('/api/account/holderToken/asset/changeBalance', ['date', 'change', 'balance', 'type'], async (p, ctx) => ({ items: (await daysOf(p, ctx)).map(flat) })),
  async handle(p, ctx) {
    const [days, tokenDecimal] = await Promise.all([daysOf(p, ctx), tokenDecimalOf(ctx, p.tokenAddress)]);
    return { data: days.map(item), tokenDecimal };
  },
});
