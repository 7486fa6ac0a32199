/**
 * GET /api/account/resourcev2 (Stake 2.0; SPEC §4.3, reference §2): an account's Stake 2.0 rows of one `type`, from
 * the newest snapshots: 0 its own stakes, 1 delegations it received, 2 delegations it gave (`toAddress` narrows to
 * one receiver), 3 unstakes still pending, 4 matured unstakes not yet withdrawn; `resourceType` 1 bandwidth, 2
 * energy, 0 every resource (TRON Power stakes only then). `resource` in the items is the protocol code (0 bandwidth,
 * 1 energy, 2 TRON Power). `resourceValue` = stake / 10^6 × limit / weight of the newest network snapshot (left out
 * without one). Sorted by `time` (the last stake operation of the row in the lake, or the unstake's expiry), and
 * with `type=2` also by `balance`, `usage` (the receiver's resource used from stakes over the last 24 h) or
 * `burnTrx` (the sun it burned over the last 24 h); `order` desc (default) or asc. `unfreezeData` holds the rows of
 * types 3 and 4 (and is `[]` otherwise). docs/compat.md "Account state".
 */
import { z } from 'zod';
import { defineEndpoint } from '../kit/endpoint.ts';
import { normalAddressInfo as riskMap } from '../kit/lookups.ts';
import { address, int, oneOf, pagingFields, type PagingOptions } from '../../params/index.ts';
import { formatField, listCsv, withExportPage } from '../kit/exports.ts';
import type { EndpointContext } from '../kit/endpoint.ts';
import { numOr0 as n, type ColumnsOrRow } from '../shapes/cells.ts';
import { contractInfo, contractMap, count, normalAddressInfo } from '../kit/schemas.ts';
import { DAY_MS } from '../../time.ts';

const paging: PagingOptions = { defaultLimit: 10, maxLimit: 10_000, sumRule: true };

/** ORDER BY per (sort, order); ties broken by the pair and resource so pages are stable. */
const TIE = 'receiver_address, owner_address, resource';
const SORTS = { time: 'sort_ts', balance: 'balance', usage: 'usage', burntrx: 'burn_sun' } as const;
const ORDER = Object.fromEntries(
  Object.entries(SORTS).flatMap(([k, col]) => [[`${k}:desc`, `${col} DESC, ${TIE}`], [`${k}:asc`, `${col} ASC, ${TIE}`]]),
) as Record<string, string>;

const params = z
  .object({
    address: address(),
    type: int({ min: 0, max: 4 }).optional()
      .meta({ description: '0 frozen for yourself (default), 1 frozen for yourself by others, 2 frozen for others, 3 unfreezing, 4 pending withdrawal.', override: { default: 0 } }),
    resourceType: int({ min: 0, max: 2 }).optional().meta({ description: '0 bandwidth and energy (absent: both), 1 bandwidth, 2 energy.' }),
    toAddress: address().optional(),
    sort: oneOf(['time', 'balance', 'usage', 'burnTrx'] as const).optional()
      .meta({ description: 'Sort key: time (default); balance, usage and burnTrx only with type=2.', override: { default: 'time' } }),
    order: oneOf(['desc', 'asc'] as const).optional().meta({ description: 'Direction of the sort (default desc).', override: { default: 'desc' } }),
    ...pagingFields(paging),
    format: formatField(),
  })
  .transform(withExportPage(paging))
  .superRefine((p, ctx) => {
    if (p.sort && p.sort !== 'time' && (p.type ?? 0) !== 2) ctx.addIssue({ code: 'custom', path: ['sort'], message: `sort=${p.sort} is only for type=2 (delegations given); other types sort by time` });
    if (p.toAddress && (p.type ?? 0) !== 2) ctx.addIssue({ code: 'custom', path: ['toAddress'], message: 'toAddress is only for type=2 (delegations given)' });
  });

const item = z.looseObject({
  ownerAddress: z.string(),
  receiverAddress: z.string(),
  balance: z.number().int(),
  resource: z.number().int(),
  resourceValue: z.number().optional(),
  lockBalance: z.number().int(),
  lockResourceValue: z.number().optional(),
  expireTime: z.number().int(),
  operationTime: z.number().int().optional(),
});

// The rows come from account_resources (computed at publish); only the usage / burnTrx sorts read transactions.
const QUERIES = { rows: 'account/resourcev2', rowsByUsage: 'account/resourcev2-by-usage' } as const;

/** The statement of the request (by sort), its filter binds and its ORDER BY: the JSON page and the download share them. */
function statementOf(p: z.output<typeof params>, ctx: EndpointContext) {
  const type = p.type ?? 0;
  const sort = (p.sort ?? 'time').toLowerCase();
  const byUsage = sort === 'usage' || sort === 'burntrx';
  const common = { address: p.address, res: p.resourceType ? p.resourceType - 1 : -1, to_address: p.toAddress ?? null };
  const [query, binds] = byUsage
    ? (['rowsByUsage', Object.assign({}, common, { now_ts: ctx.now, since_ts: ctx.now - DAY_MS, since_day: new Date(ctx.now - DAY_MS).toISOString().slice(0, 10) })] as const)
    : (['rows', Object.assign({}, common, { type })] as const);
  return { query, binds, order: ORDER[`${sort}:${p.order ?? 'desc'}`]! };
}

const itemOf = (r: ColumnsOrRow<'owner_address' | 'receiver_address' | 'balance' | 'resource' | 'resource_value' | 'lock_balance' | 'lock_resource_value' | 'expire_time' | 'operation_ts'>) => ({
  ownerAddress: String(r.owner_address),
  receiverAddress: String(r.receiver_address),
  balance: n(r.balance),
  resource: n(r.resource),
  // Left out without a network snapshot (docs/compat.md: never an invented number).
  ...(r.resource_value === null || r.resource_value === undefined ? {} : { resourceValue: n(r.resource_value) }),
  lockBalance: n(r.lock_balance),
  ...(r.lock_resource_value === null || r.lock_resource_value === undefined ? {} : { lockResourceValue: n(r.lock_resource_value) }),
  expireTime: n(r.expire_time),
  ...(r.operation_ts === null || r.operation_ts === undefined ? {} : { operationTime: n(r.operation_ts) }),
});

export default defineEndpoint({
  path: '/api/account/resourcev2',
  method: 'GET',
  summary: "An account's Stake 2.0 stakes, delegations (received or given), pending and withdrawable unstakes.",
  params,
  response: z.looseObject({ total: count, rangeTotal: count, data: z.array(item), unfreezeData: z.array(item), contractMap, contractInfo, normalAddressInfo }),
  queries: QUERIES,
  orderBys: Object.values(ORDER),
  csv: listCsv<z.output<typeof params>>('/api/account/resourcev2', Object.keys(item.shape), async (p, ctx) => {
    const { query, binds, order } = statementOf(p, ctx);
    return { query: QUERIES[query], binds: Object.assign({}, binds, { lim: p.page.limit, off: p.page.start }), orderBy: order, item: itemOf };
  }),
  async handle(p, ctx) {
    const type = p.type ?? 0;
    const { query, binds, order } = statementOf(p, ctx);
    const limit = p.page.limit ?? 0; // only a download has no page, and it does not come here
    const rows = await ctx.typedRows(QUERIES[query], Object.assign({}, binds, { lim: limit, off: p.page.start }), order);
    // The count rides on the rows (count(*) OVER ()); an empty page (past the end, limit=0) asks for it alone.
    const total = rows.length ? n(rows[0]!.n_rows) : p.page.start > 0 || limit === 0 ? n((await ctx.typedRows(QUERIES[query], Object.assign({}, binds, { lim: 1, off: 0 }), order))[0]?.n_rows) : 0;
    const data = rows.map(itemOf);
    const addresses = [...new Set(data.flatMap((d) => [d.ownerAddress, d.receiverAddress]))];
    const contracts = await ctx.lookups.contractMap(addresses);
    return {
      total,
      rangeTotal: total,
      data,
      unfreezeData: type >= 3 ? data : [],
      contractMap: contracts.map,
      contractInfo: contracts.info,
      normalAddressInfo: riskMap(contracts.map),
    };
  },
});
