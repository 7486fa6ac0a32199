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
 *
 * Why kept per version: assembling and valuing every event of a 60-day window at each request (exact bigint per leg,
 * then a sort) cost ~75 ms on the tiny lake and grew with the pools' activity. A published version never changes, so
 * its events are assembled and valued once (the same statement with no window and no filter) and kept in chain order
 * with two more orders (value, tokenValue); a request is a binary search of its window in time order, or one pass
 * over the value order, with the filters, and no sort. A lake with more than KEPT_BOUND legs is read per request
 * (the window's legs, as before), so memory stays bounded; both paths page the same index, so they answer alike.
 */
import { z } from 'zod';
import { address, commaList, decimal, int, multiplyScaled, oneOf, ratioDecimal, text, timestampMs } from '../../params/index.ts';
import { DAY_MS } from '../../time.ts';
import { ApiError } from '../../wire/errors.ts';
import { defineEndpoint, type EndpointContext } from '../kit/endpoint.ts';
import { breathe, perVersion } from '../kit/per-version.ts';
import { formatField, listCsv } from '../kit/exports.ts';
import { count, shape } from '../kit/schemas.ts';
import { STABLE_ADDRESSES } from '../shapes/stablecoin-shape.ts';
import { lowerBound } from '../shapes/event-pages.ts';

const QUERIES = { legs: 'deep/liquidity-transaction' } as const;
const MAX_SPAN_MS = 60 * DAY_MS;
const DEFAULT_MIN_USD = 1000;
const PLACES = 6;
const EXACT_PLACES = 60;
const EXACT_UNIT = 10n ** BigInt(EXACT_PLACES);
const STABLE = new Set(STABLE_ADDRESSES);
/**
 * `legs`: most dex_pool_events rows (every pool's, reserves included: the manifest's count, an upper bound of the
 * kept legs) for which a version keeps its stablecoin pools' events: ~10.6k on tiny, ~320k on the default lake
 * (~39 MB kept, nearly all off the JS heap: heap snapshots before and after), so the bound keeps this near 120 MB on
 * any lake. A test lowers it to read per request.
 */
export const KEPT_BOUND = { legs: 1_000_000 };

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
  // The version's kept events are built here (2.6 s on the default lake), not by the first client.
  warm: [{}],
  csv: listCsv<Params>('/api/deep/stableCoin/liquidity/transaction', Object.keys(item.shape), async (p, ctx) => {
    // with a limit the download is the JSON page; without one, every event from `start`
    const offset = p.start ?? 0;
    return { items: (await pageOf(p, ctx, offset, p.limit === undefined ? Infinity : Math.min(p.limit, 100))).items };
  }),
  async handle(p, ctx) {
    const { total, items } = await pageOf(p, ctx, p.start ?? 0, Math.min(p.limit ?? 20, 100));
    return { total, data: items, refreshTimeInfo: { type: 'realtime', lastUpdateTime: Math.floor(ctx.now / 1000) } };
  },
});

type Item = z.output<typeof item>;
type LegRow = Awaited<ReturnType<typeof legRows>>[number];

/**
 * Events in chain order, with what the filters read, and their orders by (figure, chain), ascending. Held as columns
 * and one buffer of the events' JSON, not as objects: the default lake's ~110k events were 1.3M objects (60 MB) in the
 * old generation, and every young-generation collection of the server visits each old-generation page (measured
 * ~1 µs a page here: 1.3-1.6 ms a collection with them, 0.8-1.0 without; bench/results/peers.md). A page parses its
 * ≤ 100 events back (JSON keeps every field exactly: strings, integers, doubles and nulls round-trip).
 */
interface EventIndex {
  size: number;
  /** The events' JSON one after another (UTF-8), event i at [at[i], at[i + 1]). */
  json: Buffer;
  at: Float64Array;
  /** Time (ms) and day (days since 1970) of each event; NaN when its leg had none (in no window). */
  ts: Float64Array;
  day: Float64Array;
  /** Position in ACTIONS of each event's action. */
  action: Uint8Array;
  /** Ids into `names` of each event's operator, pool and project (values as the statement gave them, null kept). */
  operator: Int32Array;
  pool: Int32Array;
  project: Int32Array;
  ids: Map<unknown, number>;
  /** Event i's leg tokens are the ids tokens[tokensAt[i]] … tokens[tokensAt[i + 1] - 1]. */
  tokens: Int32Array;
  tokensAt: Int32Array;
  /** The assembled figures the bounds read: influence (1 '+', 0 '-'), value (NaN: null), tokenValue. */
  up: Uint8Array;
  value: Float64Array;
  tokenValue: Float64Array;
  byTime: Int32Array;
  byValue: Int32Array;
  byTokenValue: Int32Array;
}

const ACTIONS = Object.values(ACTION);

/** Event i of `x` as its item. */
const itemAt = (x: EventIndex, i: number): Item => JSON.parse(x.json.toString('utf8', x.at[i]!, x.at[i + 1]!)) as Item;

/** The legs of the stablecoin pools' events within the window and filters given (null / all: none). */
function legRows(ctx: EndpointContext, b: {
  actions: string[]; operator: string | null; pool: string | null; project: string | null; tokens: string[];
  start: number | null; end: number | null;
}) {
  const day = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString().slice(0, 10));
  return ctx.typedRows(QUERIES.legs, {
    stable: [...STABLE_ADDRESSES], actions: b.actions, operator: b.operator, pool: b.pool, project: b.project, tokens: b.tokens,
    start_ts: b.start, end_ts: b.end, start_day: day(b.start), end_day: day(b.end),
  });
}

/** The version's events of every stablecoin pool, assembled and valued once (undefined: too many legs to keep). */
function keptEvents(ctx: EndpointContext): Promise<EventIndex> | undefined {
  if ((ctx.manifest.tables.dex_pool_events?.rows ?? Infinity) > KEPT_BOUND.legs) return undefined;
  return perVersion(ctx.manifest, 'liquidity-transaction:events', async () =>
    indexOf(await legRows(ctx, { actions: Object.values(ACTION), operator: null, pool: null, project: null, tokens: [], start: null, end: null }), true));
}

/** The request's total and its page [offset, offset + limit) of the events, in the asked order. */
async function pageOf(p: Params, ctx: EndpointContext, offset: number, limit: number): Promise<{ total: number; items: Item[] }> {
  const { start, end } = windowOf(p, ctx.now);
  const types = !p.type || p.type.length === 0 || p.type.includes('all') ? [...TYPES] : (p.type as EventType[]);
  const actions = new Set(types.map((t) => ACTION[t]));
  const tokens = p.token ?? [];
  const kept = keptEvents(ctx);
  // Without a kept index, the window's legs with the statement's filters (the rest is the same pass below).
  const x = kept ? await kept : await indexOf(await legRows(ctx, {
    actions: [...actions], operator: p.operator ?? null, pool: p.pool ?? null, project: p.project ?? null, tokens, start, end,
  }));
  const startDay = Math.floor(start / DAY_MS);
  const endDay = Math.floor(end / DAY_MS);
  const minValue = p.minValue ?? DEFAULT_MIN_USD;
  const { key, descending } = p.sort;
  const order = key === 'timestamp' ? x.byTime : key === 'value' ? x.byValue : x.byTokenValue;
  // Time order: the window is a slice of it; the other orders are walked whole.
  const lo = key === 'timestamp' ? lowerBound(order.length, (k) => x.ts[order[k]!]! >= start) : 0;
  const hi = key === 'timestamp' ? lowerBound(order.length, (k) => x.ts[order[k]!]! > end) : order.length;
  const actionOk = Uint8Array.from(ACTIONS, (a) => (actions.has(a) ? 1 : 0));
  // a filter value is compared as its id: -1 (no event has it) matches nothing
  const idOf = (v: string | undefined): number | undefined => (v === undefined ? undefined : x.ids.get(v) ?? -1);
  const operator = idOf(p.operator);
  const pool = idOf(p.pool);
  const project = idOf(p.project);
  const tokenIds = new Set(tokens.map((t) => x.ids.get(t) ?? -1));
  const items: Item[] = [];
  let total = 0;
  for (let k = 0; k < hi - lo; k++) {
    const i = order[descending ? hi - 1 - k : lo + k]!;
    const t = x.ts[i]!;
    const day = x.day[i]!;
    // the statement's filters (its day bounds too: the same rows as the windowed statement)
    if (!(t >= start && t <= end) || !(day >= startDay && day <= endDay)) continue;
    if (actionOk[x.action[i]!] !== 1) continue;
    if ((operator !== undefined && x.operator[i] !== operator) || (pool !== undefined && x.pool[i] !== pool)
      || (project !== undefined && x.project[i] !== project)) continue;
    if (tokens.length > 0 && !x.tokens.subarray(x.tokensAt[i]!, x.tokensAt[i + 1]!).some((tk) => tokenIds.has(tk))) continue;
    // the bounds on the assembled event
    const value = x.value[i]!;
    const tokenValue = x.tokenValue[i]!;
    if (!((p.influence === undefined || (x.up[i] === 1 ? '+' : '-') === p.influence)
      && (minValue === 0 && p.maxValue === undefined ? true
        : !Number.isNaN(value) && value >= minValue && (p.maxValue === undefined || value <= p.maxValue))
      && (p.minTokenValue === undefined || tokenValue >= p.minTokenValue)
      && (p.maxTokenValue === undefined || tokenValue <= p.maxTokenValue))) continue;
    if (total >= offset && items.length < limit) items.push(itemAt(x, i));
    total++;
  }
  return { total, items };
}

/** The events of `rows` (legs in chain and leg order), assembled, valued and ordered. */
/** The events of `rows` (legs) with their sort orders; `kept`: a version's whole build, so it lets the event loop breathe. */
async function indexOf(rows: readonly LegRow[], kept = false): Promise<EventIndex> {
  // one event per log, its legs in order
  const events = new Map<string, { r: LegRow; legs: Leg[] }>();
  let n = 0;
  for (const r of rows) {
    if (kept && (++n & 16383) === 0) await breathe();
    const key = `${r.block_number}:${r.tx_index}:${r.log_index}`;
    const e = events.get(key) ?? { r, legs: [] };
    e.legs.push({
      token: String(r.token_address), symbol: r.symbol === null || r.symbol === undefined ? '' : String(r.symbol),
      decimals: r.decimals === null || r.decimals === undefined ? null : Number(r.decimals), raw: BigInt(String(r.amount_raw)),
      direction: r.direction === 'out' ? 'out' : 'in', price: r.price === null || r.price === undefined ? null : String(r.price),
    });
    events.set(key, e);
  }
  const list = [...events.values()];
  if (kept) await breathe();
  const itemOf = ({ r, legs }: { r: LegRow; legs: Leg[] }): Item => {
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
    };
  };
  const size = list.length;
  const at = new Float64Array(size + 1);
  const value = new Float64Array(size);
  const tokenValue = new Float64Array(size);
  const up = new Uint8Array(size);
  const timestamp = new Float64Array(size);
  const parts: Buffer[] = [];
  let texts: string[] = [];
  let bytes = 0;
  for (let i = 0; i < size; i++) {
    if (kept && (i & 8191) === 8191) await breathe();
    const e = itemOf(list[i]!);
    const text = JSON.stringify(e);
    texts.push(text);
    bytes += Buffer.byteLength(text);
    at[i + 1] = bytes;
    value[i] = e.value ?? NaN;
    tokenValue[i] = e.tokenValue;
    up[i] = e.influence === '+' ? 1 : 0;
    timestamp[i] = e.timestamp;
    if (texts.length === 4096) { parts.push(Buffer.from(texts.join(''))); texts = []; }
  }
  parts.push(Buffer.from(texts.join('')));
  const chainOf = list.map(({ r }) => [Number(r.block_number), Number(r.tx_index), Number(r.log_index)] as const);
  const chain = (a: number, b: number) =>
    chainOf[a]![0] - chainOf[b]![0] || chainOf[a]![1] - chainOf[b]![1] || chainOf[a]![2] - chainOf[b]![2];
  // ascending by (figure, chain): a total order, walked backwards for descending (the figures of the sort keys)
  const by = async (figure: (i: number) => number) => {
    if (kept) await breathe();
    return Int32Array.from({ length: size }, (_, i) => i).sort((a, b) => figure(a) - figure(b) || chain(a, b));
  };
  const byTime = await by((i) => timestamp[i]!);
  const byValue = await by((i) => (Number.isNaN(value[i]!) ? -1 : value[i]!));
  const byTokenValue = await by((i) => tokenValue[i]!);
  // operators, pools, projects and tokens as ids: one copy of each distinct value
  const ids = new Map<unknown, number>();
  const idOf = (v: unknown): number => {
    let id = ids.get(v);
    if (id === undefined) ids.set(v, (id = ids.size));
    return id;
  };
  const tokensAt = new Int32Array(size + 1);
  const tokens: number[] = [];
  list.forEach(({ legs }, i) => {
    for (const l of legs) tokens.push(idOf(l.token));
    tokensAt[i + 1] = tokens.length;
  });
  return {
    size,
    json: Buffer.concat(parts),
    at,
    // a leg without a time or day is in no window (NaN fails both bounds)
    ts: Float64Array.from(list, ({ r }) => (r.timestamp === null || r.timestamp === undefined ? NaN : Number(r.timestamp))),
    day: Float64Array.from(list, ({ r }) => (r.date === null || r.date === undefined ? NaN : Date.parse(String(r.date)) / DAY_MS)),
    action: Uint8Array.from(list, ({ r }) => ACTIONS.indexOf(String(r.action))),
    operator: Int32Array.from(list, ({ r }) => idOf(r.operator_address)),
    pool: Int32Array.from(list, ({ r }) => idOf(r.pool_address)),
    project: Int32Array.from(list, ({ r }) => idOf(r.project)),
    ids,
    tokens: Int32Array.from(tokens),
    tokensAt,
    up,
    value,
    tokenValue,
    byTime,
    byValue,
    byTokenValue,
  };
}
