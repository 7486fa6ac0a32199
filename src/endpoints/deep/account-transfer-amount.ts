/**
 * GET /api/deep/account/transferAmount (SPEC §4.4; shape: reference §3, item fields beyond address / addressTag /
 * amountInUsd pinned in docs/compat.md "DeFi flows (issue 34)"): what `address` received (`transfer_in`) and sent
 * (`transfer_out`) per counterparty over the 90 days ending now (the spec gives no window: the relatedAccount one),
 * from address_counterparty_daily; `relatedToken` keeps one asset (Base58, 0 TRX, a TRC10 id); `direction` 1 / 2
 * leaves the other section empty. Each section: `total` counterparties, `amountTotal` their USD rounded once, `data`
 * largest first (amount* keys by USD, times* keys by movements, each section on its own side), limit default 100.
 */
import { z } from 'zod';
import { address, int } from '../../params/index.ts';
import { DAY_MS } from '../../time.ts';
import { defineEndpoint, type EndpointContext } from '../kit/endpoint.ts';
import { count, shape } from '../kit/schemas.ts';
import { addressLookups } from '../shapes/transfer-shape.ts';
import {
  counterpartiesOf, defaultWindow, directionParam, keptRankingOf, relatedTokenParam, sortParam, topOf, usdNumber, type CounterpartySums, type Ranking,
  type SortKey,
} from '../shapes/counterparty-shape.ts';

const QUERIES = { rows: 'deep/related-account', busy: 'deep/related-account-busy' } as const;
const SPAN_MS = 90 * DAY_MS;
const MAX_LIMIT = 100;

const params = z.object({
  address: address(),
  direction: directionParam().optional(),
  relatedToken: relatedTokenParam().optional(),
  sortBy: sortParam().optional(),
  limit: int({ min: 0 }).optional().meta({
    description: 'Counterparties per section: default 100, at most 100 (larger is cut).', override: { type: 'integer', minimum: 0, maximum: 100, default: 100 },
  }),
});

const item = shape({ address: z.string(), addressTag: z.string(), amountInUsd: z.number(), times: z.number().int() });
const section = z.object({
  total: count, amountTotal: z.number(), data: z.array(item),
  contractMap: z.record(z.string(), z.boolean()), contractInfo: z.record(z.string(), z.unknown()),
});

/**
 * One section from every counterparty of the window (`list`), or from the address's kept ranking: the section's
 * counterparties are relatedAccount's direction 1 (in) / 2 (out) list, its order that list's by the side's own key
 * (amount keys: amountIn / amountOut, times keys: timesIn / timesOut), so the ranking holds its page and sums.
 */
async function sectionOf(ctx: EndpointContext, from: CounterpartySums[] | Ranking, side: 'in' | 'out', sort: SortKey, limit: number) {
  const usd = (c: CounterpartySums) => (side === 'in' ? c.amountIn : c.amountOut);
  const times = (c: CounterpartySums) => (side === 'in' ? c.timesIn : c.timesOut);
  let total: number;
  let units: bigint;
  let page: CounterpartySums[];
  if (Array.isArray(from)) {
    const mine = from.filter((c) => times(c) > 0);
    const key = sort.startsWith('times') ? times : usd;
    page = topOf(mine, (a, b) => key(b) - key(a) || (a.address < b.address ? -1 : a.address > b.address ? 1 : 0), limit);
    total = mine.length;
    units = mine.reduce((a, c) => a + (side === 'in' ? c.unitsIn : c.unitsOut), 0n);
  } else {
    const d = side === 'in' ? 1 : 2;
    const key: SortKey = sort.startsWith('times') ? (side === 'in' ? 'timesIn' : 'timesOut') : side === 'in' ? 'amountIn' : 'amountOut';
    page = from.top[`${d}:${key}`].slice(0, limit);
    total = from.total[d];
    units = side === 'in' ? from.unitsIn[d] : from.unitsOut[d];
  }
  const { contractMap, contractInfo } = await addressLookups(ctx, page.map((c) => c.address));
  return {
    total,
    amountTotal: usdNumber(units),
    data: page.map((c) => ({ address: c.address, addressTag: tagOf(contractInfo[c.address]), amountInUsd: usd(c), times: times(c) })),
    contractMap, contractInfo,
  };
}

/** A counterparty's label: its contractInfo tag, else its name, else ''. */
function tagOf(info: unknown): string {
  const i = info as { tag1?: string; name?: string } | undefined;
  return i?.tag1 || i?.name || '';
}

const EMPTY = { total: 0, amountTotal: 0, data: [], contractMap: {}, contractInfo: {} };

export default defineEndpoint({
  path: '/api/deep/account/transferAmount',
  method: 'GET',
  summary: 'What an address received and sent per counterparty over the last 90 days, in USD and movements.',
  params,
  response: z.object({ code: z.literal(0), transfer_in: section, transfer_out: section }),
  queries: QUERIES,
  async handle(p, ctx) {
    const asked = { address: p.address, ...defaultWindow(ctx.now, SPAN_MS), related: null, token: p.relatedToken ?? null };
    // A busy address with no asset filter: its ranking kept by the version (same answer, no statement).
    const list = (await keptRankingOf(ctx, SPAN_MS, asked)) ?? (await counterpartiesOf(ctx, asked));
    const direction = p.direction ?? 0;
    const sort = p.sortBy ?? 'amountIn';
    const limit = Math.min(p.limit ?? MAX_LIMIT, MAX_LIMIT);
    return {
      code: 0,
      transfer_in: direction === 2 ? EMPTY : await sectionOf(ctx, list, 'in', sort, limit),
      transfer_out: direction === 1 ? EMPTY : await sectionOf(ctx, list, 'out', sort, limit),
    };
  },
});
