/**
 * GET /api/deep/stableCoin/totalSupply/keyEvents (SPEC §2.2 response, §4.4.1 parameters, §5: API key): the admin
 * events of the five stablecoins from `stablecoin_events` (issue, redeem, mint, burn, blacklist, destroyed funds).
 * Both parameter conventions of §4.4.1 are read (docs/compat.md "Stablecoin key events"):
 * - A: `USDT`, `USDC`, `USDD`, `USDJ`, `TUSD` = comma-separated event names of that coin (an empty or absent value:
 *   none asked; no coin named: every coin, every event); `sort` 1 quantity, 2 time; limit default 100;
 * - B: `USDT`, `USDD`, `TUSD`, `USDCOLD` = 1 includes that coin (none set to 1: every coin); `sort` a word (time,
 *   amount); limit default 20.
 * The request is B when one of those four holds an integer or `sort` is a word. limit max 100, start + limit ≤ 10000;
 * `startAmount` / `endAmount` bound the exact amount in the smallest unit (-1 = no bound; the answer's `count` is in
 * that unit); `startTime` / `endTime` in seconds, inclusive; `direction` 1 ascending, 2 descending (default).
 */
import { z } from 'zod';
import { defineEndpoint } from '../kit/endpoint.ts';
import { csvStatement, formatField, listCsv, type ExportPage } from '../kit/exports.ts';
import { count, exactInt, intString } from '../kit/schemas.ts';
import { address, int, resolvePage, timestampSecAsMs, type PagingOptions } from '../../params/index.ts';
import { ceilInteger } from '../../params/amounts.ts';
import { contractsOf, stablecoinContract, ZERO_BURN, ZERO_MINT, type StablecoinKey } from '../../chain/stablecoins.ts';
import { numOr0 as n, type ColumnsOrRow } from '../shapes/cells.ts';
import { amountText, compareAmountText, type EventOrder } from '../shapes/event-pages.ts';
import { stablecoinEventPages } from '../shapes/stablecoin-shape.ts';

const PAGING_A: PagingOptions = { defaultLimit: 100, maxLimit: 100, sumRule: true };
const PAGING_B: PagingOptions = { defaultLimit: 20, maxLimit: 100, sumRule: true };

const COINS_A: readonly StablecoinKey[] = ['USDT', 'USDC', 'USDD', 'USDJ', 'TUSD'];
/** Convention B's flags → coin (USDCOLD: Circle's USDC, the registry's USDCOLD contract). */
const FLAGS_B = new Map<string, StablecoinKey>([['USDT', 'USDT'], ['USDD', 'USDD'], ['TUSD', 'TUSD'], ['USDCOLD', 'USDC']]);

/** Event names of a coin (the registry's, and Mint / Burn for a coin whose zero Transfers are its supply changes). */
function eventNames(coin: StablecoinKey): Map<string, string> {
  const names = new Map<string, string>();
  for (const c of contractsOf(coin)) {
    for (const e of c.events) names.set(e.name.toLowerCase(), e.name);
    if (c.zeroTransfers === 'supply') for (const e of [ZERO_MINT, ZERO_BURN]) names.set(e.toLowerCase(), e);
  }
  return names;
}
const EVENTS = new Map(COINS_A.map((c) => [c, eventNames(c)]));

const TIME = { asc: 'block_number ASC, tx_index ASC, log_index ASC', desc: 'block_number DESC, tx_index DESC, log_index DESC' } as const;
/** The ORDER BY of a download (its template), and the same order paged from memory (event-pages.ts). */
const ORDER = {
  'time:asc': TIME.asc,
  'time:desc': TIME.desc,
  'quantity:asc': `amount_len ASC, amount_txt ASC, ${TIME.asc}`,
  'quantity:desc': `amount_len DESC, amount_txt DESC, ${TIME.desc}`,
} as const;

const coinParam = (coin: StablecoinKey) =>
  z.string().optional().meta({
    description: `A: comma-separated ${coin} event names (${[...EVENTS.get(coin)!.values()].join(', ')}); B: 1 includes ${coin}'s events.`,
    examples: [[...EVENTS.get(coin)!.values()].slice(0, 2).join(',')],
  });

/** The largest integer not above a non-negative decimal text, exactly, e.g. '12.5' → 12n, '1.5e1' → 15n (undefined when malformed). */
function floorInteger(text: string): bigint | undefined {
  const ceil = ceilInteger(text);
  return ceil === undefined ? undefined : hasFraction(text) ? ceil - 1n : ceil;
}

/** Whether a decimal text (valid for ceilInteger) has a non-zero fraction, e.g. '12.50' → true, '1.5e1' → false. */
function hasFraction(text: string): boolean {
  const [mantissa = '', exp = '0'] = text.trim().toLowerCase().split('e');
  const frac = (mantissa.split('.')[1] ?? '').replace(/0+$/, '');
  return frac.length > Number(exp);
}

const params = z
  .object({
    start: int({ min: 0 }).optional().meta({
      description: 'Offset of the first event (default 0); start + limit may not exceed 10000.',
      examples: [0], override: { type: 'integer', minimum: 0, maximum: 9999, default: 0 },
    }),
    limit: int({ min: 0 }).optional().meta({
      description: 'Events per page: default 100 (A) or 20 (B), at most 100 (larger is clamped).',
      examples: [20], override: { type: 'integer', minimum: 0, maximum: 100, default: 100 },
    }),
    sort: z.string().optional().meta({
      description: 'A: 1 by quantity, 2 by time; B: time or amount. Default time; an unknown key sorts by time.',
      examples: ['2'], override: { type: 'string', default: '2' },
    }),
    direction: int({ min: 1, max: 2 }).optional().meta({
      description: '1 ascending, 2 descending (default).', examples: [1], override: { type: 'integer', minimum: 1, maximum: 2, default: 2 },
    }),
    operatorAddress: address().optional(),
    startTime: timestampSecAsMs().optional(),
    endTime: timestampSecAsMs().optional(),
    startAmount: z.string().optional().meta({
      description: "Smallest amount, in the token's smallest unit, exact (-1 = no bound).", examples: ['1000000'], override: { type: 'string', default: '-1' },
    }),
    endAmount: z.string().optional().meta({
      description: "Largest amount, in the token's smallest unit, exact (-1 = no bound).", examples: ['1000000000000'], override: { type: 'string', default: '-1' },
    }),
    USDT: coinParam('USDT'),
    USDC: coinParam('USDC'),
    USDD: coinParam('USDD'),
    USDJ: coinParam('USDJ'),
    TUSD: coinParam('TUSD'),
    USDCOLD: z.string().optional().meta({ description: "B: 1 includes Circle's USDC (the USDCOLD contract), 0 does not.", examples: ['1'] }),
    format: formatField(),
  })
  .transform((v, ctx) => {
    const flagged = [...FLAGS_B.keys()].some((k) => /^\s*\d+\s*$/.test(v[k as keyof typeof v] as string ?? ''));
    const sortWord = v.sort !== undefined && !/^\s*\d+\s*$/.test(v.sort);
    const convention: 'A' | 'B' = flagged || sortWord ? 'B' : 'A';
    const issue = (path: string, message: string): typeof z.NEVER => {
      ctx.addIssue({ code: 'custom', path: [path], message });
      return z.NEVER;
    };
    // (coin, event) pairs: 'USDT|Issue', or 'USDT|*' for every event of the coin
    const pairs: string[] = [];
    if (convention === 'B') {
      for (const [flag, coin] of FLAGS_B) {
        const raw = v[flag as keyof typeof v] as string | undefined;
        if (raw === undefined) continue;
        const t = raw.trim();
        if (t !== '0' && t !== '1') return issue(flag, `must be 0 or 1 (convention B), got '${t.slice(0, 40)}'`);
        if (t === '1') pairs.push(`${coin}|*`);
      }
    } else {
      for (const coin of COINS_A) {
        const raw = v[coin];
        if (raw === undefined) continue;
        const known = EVENTS.get(coin)!;
        for (const name of raw.split(',').map((s) => s.trim()).filter(Boolean)) {
          const canonical = known.get(name.toLowerCase());
          if (!canonical) return issue(coin, `unknown ${coin} event '${name.slice(0, 40)}'; known: ${[...known.values()].join(', ')}`);
          pairs.push(`${coin}|${canonical}`);
        }
      }
    }
    const named = convention === 'B' ? [...FLAGS_B.keys()].some((k) => v[k as keyof typeof v] !== undefined) : COINS_A.some((c) => v[c] !== undefined);
    if (!named || (convention === 'B' && pairs.length === 0)) pairs.push(...COINS_A.map((c) => `${c}|*`));

    const bound = (key: 'startAmount' | 'endAmount', round: (t: string) => bigint | undefined): bigint | null => {
      const raw = v[key];
      if (raw === undefined || raw.trim() === '-1') return null;
      const b = round(raw);
      if (b === undefined) return issue(key, `must be -1 (no bound) or a non-negative number, got '${raw.trim().slice(0, 40)}'`);
      return b;
    };
    const minRaw = bound('startAmount', ceilInteger);
    const maxRaw = bound('endAmount', floorInteger);
    if (v.startTime !== undefined && v.endTime !== undefined && v.endTime < v.startTime) return issue('endTime', 'must not be before startTime');

    const paging = convention === 'A' ? PAGING_A : PAGING_B;
    const limit = v.limit === undefined ? undefined : Math.min(v.limit, paging.maxLimit);
    let page: ExportPage;
    if (v.format === 'csv' && limit === undefined) page = { start: v.start ?? 0, limit: null };
    else {
      const r = resolvePage({ start: v.start, limit }, paging);
      if ('error' in r) return issue('start', r.error);
      page = r;
    }
    const s = (v.sort ?? '').trim().toLowerCase();
    const sort: EventOrder = s === '1' || s === 'amount' || s === 'quantity' || s === 'count' ? 'quantity' : 'time';
    return {
      convention, pairs, page, format: v.format,
      operator: v.operatorAddress ?? null, startTs: v.startTime ?? null, endTs: v.endTime ?? null,
      // exact integers as text: the template compares them with the canonical amount_raw by length, then digits
      minRaw: minRaw === null ? null : minRaw.toString(), maxRaw: maxRaw === null ? null : maxRaw.toString(),
      order: ORDER[`${sort}:${v.direction === 1 ? 'asc' : 'desc'}`], sort, descending: v.direction !== 1,
    };
  });

type Params = z.output<typeof params>;

const item = z.object({
  tokenName: z.string(),
  tokenAddress: z.string(),
  eventName: z.string(),
  count: intString,
  operatorAddress: z.string(),
  time: exactInt,
  hash: z.string(),
});

const QUERIES = { rows: 'deep/stablecoin-key-events', all: 'deep/stablecoin-events-all' } as const;

/** The operator and amount bounds as a row filter (null without them): the template's WHERE, on the same columns. */
function whereOf(p: Params): ((r: { operator_address: string | null; amount_raw: string | null }) => boolean) | null {
  if (p.operator === null && p.minRaw === null && p.maxRaw === null) return null;
  return (r) => {
    if (p.operator !== null && r.operator_address !== p.operator) return false;
    const amount = amountText(r.amount_raw);
    return (p.minRaw === null || compareAmountText(amount, p.minRaw) >= 0) && (p.maxRaw === null || compareAmountText(amount, p.maxRaw) <= 0);
  };
}

function bindsOf(p: Params, lim: number | null) {
  return { pairs: p.pairs, operator: p.operator, start_ts: p.startTs, end_ts: p.endTs, min_raw: p.minRaw, max_raw: p.maxRaw, lim, off: p.page.start };
}

const itemOf = (r: ColumnsOrRow<'contract_address' | 'event_name' | 'amount_raw' | 'operator_address' | 'timestamp' | 'tx_hash'>) => ({
  tokenName: stablecoinContract(String(r.contract_address))?.name ?? '',
  tokenAddress: String(r.contract_address),
  eventName: String(r.event_name),
  // an event that names no amount (a blacklisting) moves none
  count: r.amount_raw === null || r.amount_raw === undefined ? '0' : String(r.amount_raw),
  operatorAddress: String(r.operator_address),
  time: n(r.timestamp),
  hash: String(r.tx_hash),
});

export default defineEndpoint({
  path: '/api/deep/stableCoin/totalSupply/keyEvents',
  method: 'GET',
  summary: 'Key events of the five stablecoins (issue, redeem, mint, burn, blacklist, destroyed funds); requires an API key.',
  params,
  requiresKey: true,
  response: z.object({
    total: count,
    code: z.literal(0),
    data: z.array(item),
    refreshTimeInfo: z.object({ type: z.string(), lastUpdateTime: z.number().int() }),
  }),
  queries: QUERIES,
  orderBys: Object.values(ORDER),
  csv: listCsv<Params>('/api/deep/stableCoin/totalSupply/keyEvents', Object.keys(item.shape), async (p) =>
    csvStatement(QUERIES.rows, bindsOf(p, p.page.limit), itemOf, p.order)),
  async handle(p, ctx) {
    const limit = p.page.limit ?? 0; // only a download has no page, and it does not come here
    const pages = await stablecoinEventPages(ctx, 'coin-event');
    const refreshTimeInfo = { type: 'realtime', lastUpdateTime: Math.floor(ctx.now / 1000) };
    if (pages) {
      // the groups are (coin, event name): 'USDT|*' asks every group of the coin
      const groups = p.pairs.flatMap((pair) => (pair.endsWith('|*') ? pages.groups.filter((g) => g.startsWith(pair.slice(0, -1))) : [pair]));
      const { total, rows } = pages.page({
        groups, order: p.sort, descending: p.descending, startTs: p.startTs, endTs: p.endTs, offset: p.page.start, limit,
        where: whereOf(p),
      });
      return { total, code: 0, data: rows.map(itemOf), refreshTimeInfo };
    }
    const rows = await ctx.typedRows(QUERIES.rows, bindsOf(p, limit), p.order);
    // The count rides on the rows; an empty page (past the end, limit=0) asks for it alone.
    const total = rows.length ? n(rows[0]!.n_rows)
      : p.page.start === 0 && limit > 0 ? 0
      : n((await ctx.typedRows(QUERIES.rows, Object.assign({}, bindsOf(p, 1), { off: 0 }), p.order))[0]?.n_rows);
    return { total, code: 0, data: rows.map(itemOf), refreshTimeInfo };
  },
});
