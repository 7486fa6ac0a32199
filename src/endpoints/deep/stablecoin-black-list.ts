/**
 * GET /api/stableCoin/blackList (SPEC §4.4, §6; shape: reference §3): the blacklist events of the five stablecoins
 * from `stablecoin_events` (additions, removals and destroyed funds: a row per event, `eventName` and `type` tell
 * them apart), by `tokenAddress` (a contract that is no stablecoin answers empty) and `blackAddress`. `num` is the
 * amount the event itself names, decimal-adjusted (destroyed funds; an addition or removal names none: "0");
 * `time` in seconds. `sort` 1 by quantity (default), 2 by time (an unknown key sorts by quantity); `direction` 1
 * ascending (default), 2 descending; limit default and max 100 (SPEC §4.4, §8). docs/compat.md "Stablecoin blacklist".
 */
import { z } from 'zod';
import { defineEndpoint } from '../kit/endpoint.ts';
import { csvStatement, formatField, listCsv, withExportPage } from '../kit/exports.ts';
import { count, decimalString, exactInt } from '../kit/schemas.ts';
import { address, int, pagingFields, type PagingOptions } from '../../params/index.ts';
import { scaleDecimal } from '../../params/amounts.ts';
import { stablecoinContract } from '../../chain/stablecoins.ts';
import { numOr0 as n, type ColumnsOrRow } from '../shapes/cells.ts';
import type { EventOrder } from '../shapes/event-pages.ts';
import { stablecoinEventPages } from '../shapes/stablecoin-shape.ts';

const paging: PagingOptions = { defaultLimit: 100, maxLimit: 100, sumRule: false };

const TIME = { asc: 'block_number ASC, tx_index ASC, log_index ASC', desc: 'block_number DESC, tx_index DESC, log_index DESC' } as const;
const ORDER = {
  'quantity:asc': `amount_len ASC, amount_txt ASC, ${TIME.asc}`,
  'quantity:desc': `amount_len DESC, amount_txt DESC, ${TIME.desc}`,
  'time:asc': TIME.asc,
  'time:desc': TIME.desc,
} as const;

const params = z
  .object({
    tokenAddress: address().optional(),
    blackAddress: address().optional(),
    sort: z.string().optional().meta({
      description: '1 by quantity (default), 2 by time; any other value sorts by quantity.', examples: ['2'], override: { type: 'integer', default: 1 },
    }),
    direction: int({ min: 1, max: 2 }).optional().meta({
      description: '1 ascending (default), 2 descending.', examples: [2], override: { type: 'integer', minimum: 1, maximum: 2, default: 1 },
    }),
    ...pagingFields(paging),
    format: formatField(),
  })
  .transform(withExportPage(paging))
  .transform((p) => Object.assign({}, p, {
    // a contract that is no stablecoin has no blacklist here
    known: p.tokenAddress === undefined || stablecoinContract(p.tokenAddress) !== undefined,
    sortBy: (p.sort?.trim() === '2' ? 'time' : 'quantity') as EventOrder,
    order: ORDER[`${p.sort?.trim() === '2' ? 'time' : 'quantity'}:${p.direction === 2 ? 'desc' : 'asc'}`],
  }));

type Params = z.output<typeof params>;

const item = z.object({
  blackAddress: z.string(),
  tokenName: z.string(),
  contractAddress: z.string(),
  coin: z.string(),
  eventName: z.string(),
  type: z.enum(['add', 'remove', 'destroy']),
  num: decimalString,
  time: exactInt,
  transHash: z.string(),
});

const QUERIES = { rows: 'deep/stablecoin-black-list', all: 'deep/stablecoin-events-all' } as const;

function bindsOf(p: Params, lim: number | null) {
  return { contract: p.tokenAddress ?? null, target: p.blackAddress ?? null, lim, off: p.page.start };
}

const itemOf = (r: ColumnsOrRow<'target_address' | 'contract_address' | 'coin' | 'event_name' | 'blacklist_effect' | 'amount_raw' | 'timestamp' | 'tx_hash'>) => {
  const c = stablecoinContract(String(r.contract_address));
  return {
    blackAddress: String(r.target_address ?? ''),
    tokenName: c?.name ?? '',
    contractAddress: String(r.contract_address),
    coin: String(r.coin),
    eventName: String(r.event_name),
    type: String(r.blacklist_effect) as 'add' | 'remove' | 'destroy',
    num: r.amount_raw === null || r.amount_raw === undefined ? '0' : scaleDecimal(String(r.amount_raw), c?.decimals ?? 0),
    time: Math.floor(n(r.timestamp) / 1000),
    transHash: String(r.tx_hash),
  };
};

export default defineEndpoint({
  path: '/api/stableCoin/blackList',
  method: 'GET',
  summary: 'Blacklist events of the five stablecoins (added, removed, funds destroyed), by token and address.',
  params,
  response: z.object({ total: count, data: z.array(item) }),
  queries: QUERIES,
  orderBys: Object.values(ORDER),
  csv: listCsv<Params>('/api/stableCoin/blackList', Object.keys(item.shape), async (p) =>
    p.known ? csvStatement(QUERIES.rows, bindsOf(p, p.page.limit), itemOf, p.order) : { items: [] }),
  async handle(p, ctx) {
    const limit = p.page.limit ?? 0; // only a download has no page, and it does not come here
    if (!p.known) return { total: 0, data: [] };
    const pages = await stablecoinEventPages(ctx, 'contract');
    if (pages) {
      const target = p.blackAddress ?? null;
      const { total, rows } = pages.page({
        groups: p.tokenAddress === undefined ? pages.groups : [p.tokenAddress], order: p.sortBy, descending: p.direction === 2,
        startTs: null, endTs: null, offset: p.page.start, limit, where: target === null ? null : (r) => r.target_address === target,
      });
      return { total, data: rows.map(itemOf) };
    }
    const rows = await ctx.typedRows(QUERIES.rows, bindsOf(p, limit), p.order);
    // The count rides on the rows; an empty page (past the end, limit=0) asks for it alone.
    const total = rows.length ? n(rows[0]!.n_rows)
      : p.page.start === 0 && limit > 0 ? 0
      : n((await ctx.typedRows(QUERIES.rows, Object.assign({}, bindsOf(p, 1), { off: 0 }), p.order))[0]?.n_rows);
    return { total, data: rows.map(itemOf) };
  },
});
