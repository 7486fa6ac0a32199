/**
 * GET /api/deep/stableCoin/liquidity/transaction (SPEC §4.4; shape: reference §3, `data[]` after `project` pinned in
 * docs/compat.md "DeFi flows (issue 34)"): the AddLiquidity / RemoveLiquidity / TokenExchange events of the stablecoin
 * pools (a project_contracts pool whose tokens include one of the five stablecoins), one item per event (its legs
 * from dex_pool_events). Each event's side is what it moved: into the pool for an add, out for a remove, and for an
 * exchange the stablecoin leg's way (a stablecoin sold into the pool: in; bought out of it: out). `influence` '+' /
 * '-' = that side in / out (the pool's stablecoin liquidity up or down); `value` = the side's USD (Σ exact raw ÷
 * 10^decimals × the day's close, the price rule, rounded once; null when a leg has no price), `tokenValue` = the
 * side's stablecoin amount in whole tokens (rounded once). Window in ms: endTimestamp default now, startTimestamp 60
 * days before it, at most 60 days; an endTimestamp in the future sets startTimestamp to 60 days before it.
 */
import { z } from 'zod';
import { address, commaList, decimal, int, multiplyScaled, oneOf, ratioDecimal, text, timestampMs } from '../../params/index.ts';
import { DAY_MS } from '../../time.ts';
import { ApiError } from '../../wire/errors.ts';
import { defineEndpoint, type EndpointContext } from '../kit/endpoint.ts';
import { formatField, listCsv } from '../kit/exports.ts';
import { count, shape } from '../kit/schemas.ts';
import { STABLE_ADDRESSES } from '../shapes/stablecoin-shape.ts';

const QUERIES = { legs: 'deep/liquidity-transaction' } as const;
const MAX_SPAN_MS = 60 * DAY_MS;
const DEFAULT_MIN_USD = 1000;
const PLACES = 6;
const EXACT_PLACES = 60;
const EXACT_UNIT = 10n ** BigInt(EXACT_PLACES);
const STABLE = new Set(STABLE_ADDRESSES);

const TYPES = ['AddLiquidity', 'RemoveLiquidity', 'TokenExchange'] as const;
type EventType = (typeof TYPES)[number];
const ACTION: Record<EventType, string> = { AddLiquidity: 'add_liquidity', RemoveLiquidity: 'remove_liquidity', TokenExchange: 'swap' };
const TYPE_OF: Record<string, EventType> = { add_liquidity: 'AddLiquidity', remove_liquidity: 'RemoveLiquidity', swap: 'TokenExchange' };
const SORTS = ['timestamp', 'value', 'tokenValue'] as const;

const params = z.object({
  sort: z.string().optional().transform((s, ctx) => {
    const t = (s ?? '-timestamp').trim();
    const key = SORTS.find((k) => k.toLowerCase() === t.replace(/^-/, '').toLowerCase());
    if (!key) {
      ctx.addIssue({ code: 'custom', message: `must be timestamp, value or tokenValue, '-' first for descending, got '${t.slice(0, 40)}'` });
      return z.NEVER;
    }
    return { key, descending: t.startsWith('-') };
  }).meta({ description: "timestamp, value or tokenValue; a leading '-' sorts descending. Default -timestamp.", override: { type: 'string', default: '-timestamp' } }),
  minValue: decimal().optional().meta({ description: 'Smallest USD value (default 1000; 0 = no lower bound, unpriced events included).', override: { type: 'string', default: '1000' } }),
  maxValue: decimal().optional().meta({ description: 'Largest USD value (default none).' }),
  type: commaList(oneOf([...TYPES, 'all'])).optional().meta({
    description: 'Comma-separated AddLiquidity, RemoveLiquidity, TokenExchange; default all.', examples: ['AddLiquidity,RemoveLiquidity'], override: { type: 'string', default: 'all' },
  }),
  operator: address().optional(),
  startTimestamp: timestampMs().optional(),
  endTimestamp: timestampMs().optional(),
  token: commaList(address()).optional().meta({ description: 'Comma-separated token contracts: events with a leg of one of them.' }),
  pool: address().optional(),
  project: text(40).optional().meta({ description: "A project id of the projects dataset, e.g. 'sunswap', 'sunio'." }),
  influence: z.string().optional().transform((s, ctx) => {
    if (s === undefined) return undefined;
    // a bare '+' in a query string decodes to a blank, which the kit reads as not given: '+' must come as %2B
    if (s.trim() === '+' || s.trim().toLowerCase() === 'increase') return '+' as const;
    if (s.trim() === '-' || s.trim().toLowerCase() === 'decrease') return '-' as const;
    ctx.addIssue({ code: 'custom', message: `must be + (liquidity up) or - (down), got '${s.slice(0, 40)}'` });
    return z.NEVER;
  }).meta({ description: "+ events that add stablecoin to the pool, - those that take it out (send '+' as %2B).", override: { type: 'string', enum: ['+', '-'] } }),
  minTokenValue: decimal().optional().meta({ description: 'Smallest stablecoin amount of the event, in whole tokens.' }),
  maxTokenValue: decimal().optional().meta({ description: 'Largest stablecoin amount of the event, in whole tokens.' }),
  start: int({ min: 0 }).optional().meta({ description: 'Offset of the first event (default 0).', override: { type: 'integer', minimum: 0, default: 0 } }),
  limit: int({ min: 0 }).optional().meta({ description: 'Events per page: default 20, at most 100 (larger is cut).', override: { type: 'integer', minimum: 0, maximum: 100, default: 20 } }),
  format: formatField(),
});
type Params = z.output<typeof params>;

const tokenLeg = shape({ tokenAddress: z.string(), tokenAbbr: z.string(), tokenDecimal: z.number().int().nullable(), amount: z.string(), direction: z.enum(['in', 'out']) });
const item = shape({
  project: z.string(), pool: z.string(), poolName: z.string(), type: z.enum(TYPES), eventName: z.string(), hash: z.string(),
  block: z.number().int(), timestamp: z.number().int(), operator: z.string(), influence: z.enum(['+', '-']),
  value: z.number().nullable(), tokenValue: z.number(), tokens: z.array(tokenLeg),
});

/** The window (ms): the SPEC's 60-day rules; a 400 names startTimestamp. */
function windowOf(p: Params, now: number): { start: number; end: number } {
  const end = p.endTimestamp ?? now;
  const start = end > now || p.startTimestamp === undefined ? Math.max(0, end - MAX_SPAN_MS) : p.startTimestamp;
  if (start > end) throw new ApiError('BAD_PARAMETER', 'startTimestamp must not be after endTimestamp', 'startTimestamp');
  if (end - start > MAX_SPAN_MS) throw new ApiError('BAD_PARAMETER', 'the window may span at most 60 days', 'startTimestamp');
  return { start, end };
}

/** A decimal text (≤ EXACT_PLACES decimals) as an integer count of 10^-EXACT_PLACES. */
function unitsOf(decimal: string): bigint {
  const [whole, fraction = ''] = decimal.split('.');
  return BigInt(`${whole}${fraction.padEnd(EXACT_PLACES, '0')}`);
}

interface Leg { token: string; symbol: string; decimals: number | null; raw: bigint; direction: 'in' | 'out'; price: string | null }

export default defineEndpoint({
  path: '/api/deep/stableCoin/liquidity/transaction',
  method: 'GET',
  summary: 'Liquidity adds, removes and exchanges of the stablecoin pools over at most 60 days, with their USD value.',
  params,
  response: z.object({ total: count, data: z.array(item), refreshTimeInfo: z.object({ type: z.string(), lastUpdateTime: z.number().int() }) }),
  queries: QUERIES,
  csv: listCsv<Params>('/api/deep/stableCoin/liquidity/transaction', Object.keys(item.shape), async (p, ctx) => {
    // with a limit the download is the JSON page; without one, every event from `start`
    const all = await eventsOf(p, ctx);
    const offset = p.start ?? 0;
    return { items: all.slice(offset, p.limit === undefined ? undefined : offset + Math.min(p.limit, 100)) };
  }),
  async handle(p, ctx) {
    const kept = await eventsOf(p, ctx);
    const offset = p.start ?? 0;
    const data = kept.slice(offset, offset + Math.min(p.limit ?? 20, 100));
    return { total: kept.length, data, refreshTimeInfo: { type: 'realtime', lastUpdateTime: Math.floor(ctx.now / 1000) } };
  },
});

/** Every event of the request (window, filters, bounds), sorted: the JSON page is a slice of it, the download all of it. */
async function eventsOf(p: Params, ctx: EndpointContext) {
  const { start, end } = windowOf(p, ctx.now);
  const types = !p.type || p.type.length === 0 || p.type.includes('all') ? [...TYPES] : (p.type as EventType[]);
  const rows = await ctx.typedRows(QUERIES.legs, {
    stable: [...STABLE_ADDRESSES], actions: types.map((t) => ACTION[t]), operator: p.operator ?? null, pool: p.pool ?? null,
    project: p.project ?? null, tokens: p.token ?? [], start_ts: start, end_ts: end,
    start_day: new Date(start).toISOString().slice(0, 10), end_day: new Date(end).toISOString().slice(0, 10),
  });
  // one event per log, its legs in order
  const events = new Map<string, { r: (typeof rows)[number]; legs: Leg[] }>();
  for (const r of rows) {
    const key = `${r.block_number}:${r.tx_index}:${r.log_index}`;
    const e = events.get(key) ?? { r, legs: [] };
    e.legs.push({
      token: String(r.token_address), symbol: r.symbol === null || r.symbol === undefined ? '' : String(r.symbol),
      decimals: r.decimals === null || r.decimals === undefined ? null : Number(r.decimals), raw: BigInt(String(r.amount_raw)),
      direction: r.direction === 'out' ? 'out' : 'in', price: r.price === null || r.price === undefined ? null : String(r.price),
    });
    events.set(key, e);
  }
  const items = [...events.values()].map(({ r, legs }) => {
    const type = TYPE_OF[String(r.action)]!;
    const side: 'in' | 'out' = type === 'AddLiquidity' ? 'in' : type === 'RemoveLiquidity' ? 'out'
      : legs.some((l) => l.direction === 'in' && STABLE.has(l.token)) ? 'in' : 'out';
    const moved = legs.filter((l) => l.direction === side);
    const priced = moved.every((l) => l.price !== null && l.decimals !== null);
    const usd = priced ? moved.reduce((a, l) => a + unitsOf(multiplyScaled(l.raw, l.decimals!, l.price!, EXACT_PLACES)), 0n) : null;
    const stable = moved.filter((l) => STABLE.has(l.token) && l.decimals !== null)
      .reduce((a, l) => a + unitsOf(multiplyScaled(l.raw, l.decimals!, '1', EXACT_PLACES)), 0n);
    return {
      project: String(r.project), pool: String(r.pool_address), poolName: String(r.pool_name), type, eventName: String(r.event_name),
      hash: String(r.tx_hash), block: Number(r.block_number), timestamp: Number(r.timestamp), operator: String(r.operator_address),
      influence: side === 'in' ? '+' as const : '-' as const,
      value: usd === null ? null : Number(ratioDecimal(usd, EXACT_UNIT, PLACES)),
      tokenValue: Number(ratioDecimal(stable, EXACT_UNIT, PLACES)),
      tokens: legs.map((l) => ({ tokenAddress: l.token, tokenAbbr: l.symbol, tokenDecimal: l.decimals, amount: l.raw.toString(), direction: l.direction })),
      order: [Number(r.block_number), Number(r.tx_index), Number(r.log_index)] as const,
    };
  });
  const minValue = p.minValue ?? DEFAULT_MIN_USD;
  const kept = items.filter((e) =>
    (p.influence === undefined || e.influence === p.influence)
    && (minValue === 0 && p.maxValue === undefined ? true
      : e.value !== null && e.value >= minValue && (p.maxValue === undefined || e.value <= p.maxValue))
    && (p.minTokenValue === undefined || e.tokenValue >= p.minTokenValue)
    && (p.maxTokenValue === undefined || e.tokenValue <= p.maxTokenValue));
  const { key, descending } = p.sort;
  const chain = (a: (typeof items)[number], b: (typeof items)[number]) =>
    a.order[0] - b.order[0] || a.order[1] - b.order[1] || a.order[2] - b.order[2];
  const figure = (e: (typeof items)[number]) => (key === 'timestamp' ? e.timestamp : key === 'value' ? e.value ?? -1 : e.tokenValue);
  kept.sort((a, b) => (descending ? figure(b) - figure(a) || chain(b, a) : figure(a) - figure(b) || chain(a, b)));
  return kept.map(({ order: _order, ...e }) => e);
}
