/**
 * GET /api/account/list (SPEC §4.3; reference §2 "/api/account/list"): accounts by balance, TRON Power or lifetime
 * transaction count, both ways (default -balance), or one account with `address`. An account is an address the
 * chain activated (it has an account snapshot); figures from the `accounts` table (docs/compat.md "Accounts").
 * `account_number`: the pre-window account count (chain_anchors) plus the accounts created since the lake's first
 * block; 0 + those for a lake starting at genesis; else null (docs/compat.md "Whole-chain figures": the accounts the
 * lake knows are not the network's). `last_24h_account_change`: accounts created in the 24 h
 * before the head.
 */
import { z } from 'zod';
import { defineEndpoint } from '../kit/endpoint.ts';
import { address, exactInteger, pagingFields, signedSort, signedSortClauses, type PagingOptions } from '../../params/index.ts';
import { formatField, listCsv, pageOf, withExportPage } from '../kit/exports.ts';
import type { EndpointContext } from '../kit/endpoint.ts';
import { exactJson as exact, exactOrNull, numOrNull, type ColumnsOrRow, numOr0 } from '../shapes/cells.ts';
import { contractMap, count, exactInt } from '../kit/schemas.ts';
import { DAY_MS } from '../../time.ts';

const paging: PagingOptions = { defaultLimit: 10, maxLimit: 50, sumRule: true };
// Each sort's pages are read from its own dataset ordered by the stored place (1 = largest, ties by address), so every
// key sorts by `rank`; its negation reads "largest first" as DESC.
const SORTS = { balance: '(-rank)', power: '(-rank)', totaltransactioncount: '(-rank)' };
const PAGES = { balance: 'pageBalance', power: 'pagePower', totaltransactioncount: 'pageTx' } as const;

const params = z
  .object({ address: address().optional(), sort: signedSort(SORTS, '-balance'), ...pagingFields(paging), format: formatField() })
  .transform(withExportPage(paging));

export const accountListItem = z.looseObject({
  address: z.string(),
  addressTagLogo: z.string(),
  balance: exactInt,
  power: exactInt,
  totalTransactionCount: z.number().int().nullable(),
  latestOperationTime: z.number().int(),
  updateTime: z.number().int(),
});

const QUERIES = {
  pageBalance: 'account/account-list-balance',
  pagePower: 'account/account-list-power',
  pageTx: 'account/account-list-tx',
  byAddress: 'account/account-list-by-address',
  totals: 'account/account-list-totals',
} as const;

// The envelope's counts depend only on the served version (its head time and first block): read once per version.
const totalsBinds = (ctx: EndpointContext) => ({ since: ctx.now - DAY_MS, first_ts: ctx.manifest.first?.timestamp ?? 0 });

/**
 * The page as a range of places of the sort's dataset: from the top for "largest first", from the end (place `known`)
 * for the other way; without `limit` (a download) every place from `start`.
 */
function placesOf(p: z.output<typeof params>, known: number) {
  const desc = p.sort.key.startsWith('-');
  const field = p.sort.key.replace(/^-/, '').toLowerCase() as keyof typeof PAGES;
  const { start, limit } = p.page;
  const [lo, hi] = desc
    ? [start + 1, limit === null ? known : start + limit]
    : [limit === null ? 1 : known - start - limit + 1, known - start];
  return { query: PAGES[field], lo, hi };
}

/** An account row as the reference's item; `now` is the head time (updateTime). */
const itemOf = (now: number) => (r: ColumnsOrRow<'address' | 'balance' | 'power' | 'lifetime_tx' | 'latest_operation_time'>) => ({
  address: String(r.address),
  addressTagLogo: '',
  balance: exact(r.balance),
  power: exact(r.power),
  // Its whole life's count, null for an account older than the lake (docs/compat.md "Whole-chain figures").
  totalTransactionCount: numOrNull(r.lifetime_tx),
  latestOperationTime: Number(r.latest_operation_time),
  updateTime: now,
});

export default defineEndpoint({
  path: '/api/account/list',
  method: 'GET',
  summary: 'Accounts sorted by balance, TRON Power or transaction count (either way), or one account by address.',
  params,
  response: z.looseObject({
    total: count,
    rangeTotal: count,
    account_number: exactInt.nullable(),
    last_24h_account_change: count,
    data: z.array(accountListItem),
    contractMap,
  }),
  queries: QUERIES,
  orderBys: [...new Set(signedSortClauses(SORTS))],
  // The download: the ranked dataset's places of the page (every place from `start` without `limit`), streamed; one
  // account (`address`) from its bucket.
  csv: listCsv<z.output<typeof params>>('/api/account/list', Object.keys(accountListItem.shape), async (p, ctx) => {
    if (p.address) return { items: pageOf(await ctx.typedRows(QUERIES.byAddress, { address: p.address }), p.page).map(itemOf(ctx.now)) };
    const [totals] = await ctx.versionRows(QUERIES.totals, totalsBinds(ctx));
    const { query, lo, hi } = placesOf(p, numOr0(totals?.n));
    return { query: QUERIES[query], binds: { lo, hi }, orderBy: p.sort.orderBy, item: itemOf(ctx.now) };
  }),
  async handle(p, ctx) {
    const [byAddress, [totals]] = await Promise.all([
      p.address ? ctx.typedRows(QUERIES.byAddress, { address: p.address }) : Promise.resolve(null),
      ctx.versionRows(QUERIES.totals, totalsBinds(ctx)),
    ]);
    const known = numOr0(totals?.n);
    const page = placesOf(p, known);
    const found = byAddress ?? (await ctx.typedRows(QUERIES[page.query], { lo: page.lo, hi: page.hi }, p.sort.orderBy));
    const rows = p.address ? pageOf(found, p.page) : found;
    const anchor = exactOrNull(totals?.anchor);
    const from = ctx.manifest.first?.number === 0 ? 0n : anchor;
    const accountNumber = from === null ? null : from + exactInteger(totals?.created_in_lake ?? 0);
    const rangeTotal = p.address ? found.length : known;
    const data = rows.map(itemOf(ctx.now));
    const contracts = await ctx.lookups.contractMap(data.map((d) => d.address));
    return {
      total: Math.min(rangeTotal, 10_000),
      rangeTotal,
      account_number: accountNumber === null ? null : exact(accountNumber),
      last_24h_account_change: numOr0(totals?.created_since),
      data,
      contractMap: contracts.map,
    };
  },
});
