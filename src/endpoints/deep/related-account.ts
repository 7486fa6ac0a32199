/**
 * GET /api/deep/account/relatedAccount (SPEC §4.4; shape: reference §3, rows pinned in docs/compat.md "DeFi flows
 * (issue 34)"): the counterparties of `address` within [startTime, endTime] (seconds; endTime default now, startTime
 * 90 days before it, at most 90 days), from address_counterparty_daily: per counterparty the USD it sent (amountIn)
 * and received (amountOut) and the movements each way (timesIn, timesOut), over TRC20, TRX and TRC10 transfers.
 * `direction` 1 keeps counterparties that sent to the address, 2 those it sent to; `txNum` bounds the movements and
 * `txAmount` the USD of the asked direction (both ways for 0); largest first by `sortby`; limit default and max 100.
 */
import { z } from 'zod';
import { BLACKHOLE_ADDRESS } from '../../chain/address.ts';
import { address, int, timestampSecAsMs } from '../../params/index.ts';
import { DAY_MS } from '../../time.ts';
import { defineEndpoint } from '../kit/endpoint.ts';
import { count, shape } from '../kit/schemas.ts';
import { addressLookups } from '../shapes/transfer-shape.ts';
import {
  counterpartiesOf, counterpartyItem, directionParam, keptRankingOf, rangeParam, relatedTokenParam, sortParam, topCounterparties, windowOf, type Counterparty,
  type CounterpartySums, type Direction,
} from '../shapes/counterparty-shape.ts';

const QUERIES = { rows: 'deep/related-account', busy: 'deep/related-account-busy' } as const;
const MAX_SPAN_MS = 90 * DAY_MS;
const MAX_LIMIT = 100;

// The window first: with no address and a bad time bound, the 400 names the bound (the first issue is named, and a
// value given wrong says more than a missing one; the fuzz test asks every time bound alone).
const params = z.object({
  startTime: timestampSecAsMs().optional(),
  endTime: timestampSecAsMs().optional(),
  address: address(),
  txNum: rangeParam('movements').optional(),
  txAmount: rangeParam('USD').optional(),
  direction: directionParam().optional(),
  relatedAddress: address().optional(),
  relatedToken: relatedTokenParam().optional(),
  sortby: sortParam().optional(),
  limit: int({ min: 0 }).optional().meta({
    description: 'Counterparties returned: default 100, at most 100 (larger is cut).', override: { type: 'integer', minimum: 0, maximum: 100, default: 100 },
  }),
});

/** The movements and USD a counterparty counts for under `direction`. */
function figures(c: Counterparty, d: Direction): { times: number; usd: number } {
  if (d === 1) return { times: c.timesIn, usd: c.amountIn };
  if (d === 2) return { times: c.timesOut, usd: c.amountOut };
  return { times: c.timesIn + c.timesOut, usd: c.amountIn + c.amountOut };
}

const within = (v: number, r: { min: number | null; max: number | null } | undefined) =>
  r === undefined || ((r.min === null || v >= r.min) && (r.max === null || v <= r.max));

const item = shape({ address: z.string(), amountIn: z.number(), amountOut: z.number(), timesIn: z.number().int(), timesOut: z.number().int() });

export default defineEndpoint({
  path: '/api/deep/account/relatedAccount',
  method: 'GET',
  summary: "An address's counterparties over a window of at most 90 days: USD and movements in and out, per counterparty.",
  params,
  response: z.object({
    total: count, code: z.literal(0), data: z.array(item),
    contractMap: z.record(z.string(), z.boolean()), contractInfo: z.record(z.string(), z.unknown()),
  }),
  queries: QUERIES,
  // Starts the version's kept rankings of the busiest addresses (built in the background, 2-6 s on the default lake;
  // the switch does not wait for them: until they are done, requests read as before). Any address starts them.
  warm: [{ address: BLACKHOLE_ADDRESS }],
  async handle(p, ctx) {
    const { start, end } = windowOf(p, ctx.now, MAX_SPAN_MS);
    const direction = p.direction ?? 0;
    const sort = p.sortby ?? 'amountIn';
    const limit = Math.min(p.limit ?? MAX_LIMIT, MAX_LIMIT);
    const asked = { address: p.address, start, end, related: p.relatedAddress ?? null, token: p.relatedToken ?? null };
    // A busy address over the default window with no range filter: its ranking kept by the version (same answer).
    const ranking = p.txNum === undefined && p.txAmount === undefined ? await keptRankingOf(ctx, MAX_SPAN_MS, asked) : undefined;
    let total: number;
    let page: CounterpartySums[];
    if (ranking) {
      total = ranking.total[direction];
      page = ranking.top[`${direction}:${sort}`].slice(0, limit);
    } else {
      const kept = (await counterpartiesOf(ctx, asked)).filter((c) => {
        if ((direction === 1 && c.timesIn === 0) || (direction === 2 && c.timesOut === 0)) return false;
        const f = figures(c, direction);
        return within(f.times, p.txNum) && within(f.usd, p.txAmount);
      });
      total = kept.length;
      page = topCounterparties(kept, sort, limit);
    }
    const data = page.map(counterpartyItem);
    const { contractMap, contractInfo } = await addressLookups(ctx, data.map((c) => c.address));
    return { total, code: 0, data, contractMap, contractInfo };
  },
});
