/**
 * GET /api/account/resource (Stake 1.0; SPEC §4.3, reference §2): an account's Stake 1.0 positions from its newest
 * snapshot: `type` 1 its own stakes, 2 stakes it delegated (`toAddress` narrows to one receiver), 3 stakes
 * delegated to it, 0 all; `resourceType` 1 bandwidth, 2 energy, 0 both. `resourceValue` (a string, 6 decimals) is
 * the resource the stake is worth at the newest network snapshot: stake × limit / weight. `hash`, `block` and
 * `timestamp` of the freeze are given only when the lake holds that transaction (Stake 1.0 freezes are years old,
 * so usually left out). A handful of rows per account: filtered and paged after the query.
 */
import { z } from 'zod';
import { defineEndpoint } from '../kit/endpoint.ts';
import { address, int, pagingFields, type PagingOptions } from '../../params/index.ts';
import { formatField, listCsv, pageOf, withExportPage } from '../kit/exports.ts';
import type { EndpointContext } from '../kit/endpoint.ts';
import type { AccountResourceRow } from '../kit/sql-types.generated.ts';
import { numOr0 as n } from '../shapes/cells.ts';
import { count } from '../kit/schemas.ts';

const paging: PagingOptions = { defaultLimit: 200, maxLimit: 5000, sumRule: false };

const params = z
  .object({
    address: address(),
    type: int({ min: 0, max: 3 }).optional()
      .meta({ description: '0 all (default), 1 frozen for yourself, 2 frozen for others, 3 frozen for yourself by others.', override: { default: 0 } }),
    resourceType: int({ min: 0, max: 2 }).optional().meta({ description: '0 bandwidth and energy (absent: both), 1 bandwidth, 2 energy.' }),
    toAddress: address().optional(),
    ...pagingFields(paging),
    format: formatField(),
  })
  .transform(withExportPage(paging));

/** The account's positions the filters keep, in the statement's order. */
async function positionsOf(p: z.output<typeof params>, ctx: EndpointContext): Promise<AccountResourceRow[]> {
  return (await ctx.typedRows(QUERIES.rows, { address: p.address })).filter(
    (r) =>
      (!p.type || n(r.kind) === p.type) &&
      (!p.resourceType || String(r.resource) === (p.resourceType === 1 ? 'BANDWIDTH' : 'ENERGY')) &&
      (!p.toAddress || (n(r.kind) === 2 && String(r.receiver_address) === p.toAddress)),
  );
}

const item = (r: AccountResourceRow) => Object.assign({}, r.tx_hash ? { hash: String(r.tx_hash), block: n(r.block_number), timestamp: n(r.ts) } : {}, {
  ownerAddress: String(r.owner_address),
  receiverAddress: String(r.receiver_address),
  resource: String(r.resource),
  frozenBalance: n(r.balance),
  expireTime: n(r.expire_time),
  // Left out without a network snapshot (docs/compat.md: never an invented number).
  ...(r.resource_value === null || r.resource_value === undefined ? {} : { resourceValue: n(r.resource_value).toFixed(6) }),
});

/** Download columns: every item field (the freeze's `hash`, `block`, `timestamp` empty when the lake lacks it). */
const FIELDS = ['hash', 'block', 'timestamp', 'ownerAddress', 'receiverAddress', 'resource', 'frozenBalance', 'expireTime', 'resourceValue'];

const QUERIES = { rows: 'account/resource' } as const;

export default defineEndpoint({
  path: '/api/account/resource',
  method: 'GET',
  summary: "An account's Stake 1.0 stakes: own, delegated to others, received from others.",
  params,
  response: z.looseObject({
    total: count,
    rangeTotal: count,
    data: z.array(z.looseObject({ ownerAddress: z.string(), receiverAddress: z.string(), resource: z.string(), frozenBalance: z.number().int(), expireTime: z.number().int(), resourceValue: z.string().optional() })),
  }),
  queries: QUERIES,
  csv: listCsv<z.output<typeof params>>('/api/account/resource', FIELDS, async (p, ctx) => ({ items: pageOf(await positionsOf(p, ctx), p.page).map(item) })),
  async handle(p, ctx) {
    const rows = await positionsOf(p, ctx);
    const data = pageOf(rows, p.page).map(item);
    return { total: rows.length, rangeTotal: rows.length, data };
  },
});
