/**
 * GET /api/transaction (SPEC §4.7; shape: reference §3.1). With an address (address / fromAddress / toAddress)
 * it reads the copy clustered by address; otherwise the time-sorted fact table. `confirm` combines states
 * 0 confirmed, 1 unconfirmed, 2 reverted (docs/compat.md).
 */
import { z } from 'zod';
import { defineEndpoint } from '../../http/endpoint.ts';
import { pagedList } from '../../http/envelopes.ts';
import { contractTypeNumber } from '../../chain/contract-types.ts';
import {
  address, bool, commaList, confirm, direction, int, pagingFields, signedSort, signedSortClauses, text,
  timeWindowFields, checkTimeWindow, withPage, type PagingOptions,
} from '../../params/index.ts';
import { tokenKey, transactionFields } from './transaction-shape.ts';
import { lakeBounds, pageByTimeWindows, pageOfAddress } from '../../http/time-window.ts';

const paging: PagingOptions = { defaultLimit: 10, maxLimit: 50, sumRule: true };
const sorts = { timestamp: 't."timestamp"', block: 't.block_number' };
const tieBreak = ['t.block_number', 't.tx_index'];

/** A contract type by number (31) or name (TriggerSmartContract). */
const contractType = z.string().transform((v, ctx): number => {
  const t = v.trim();
  const num = /^\d+$/.test(t) ? Number(t) : contractTypeNumber(t);
  if (num === undefined || num > 255) {
    ctx.addIssue({ code: 'custom', message: `must be a contract type number or name, got '${t.slice(0, 40)}'` });
    return z.NEVER;
  }
  return num;
});

/** Token ids: TRC10 ids, token contract addresses; trx / _ / 0 mean TRX. */
const tokenId = text(64).transform((t) => (['trx', '_', '0'].includes(t.toLowerCase()) ? '_' : t));

const params = z
  .object({
    ...pagingFields(paging),
    ...timeWindowFields(),
    sort: signedSort(sorts, '-timestamp', tieBreak),
    count: bool().optional(),
    address: address().optional(),
    fromAddress: address().optional(),
    toAddress: address().optional(),
    tokens: commaList(tokenId, { max: 100 }).optional(),
    block: int({ min: 0 }).optional(),
    type: commaList(contractType, { max: 60 }).optional(),
    direction: direction(),
    confirm: confirm([0, 1, 2]).optional(),
  })
  .superRefine(checkTimeWindow)
  .transform(withPage(paging));

const DIRS = { in: ['in', 'self'], out: ['out', 'self'], all: ['in', 'out', 'self'] } as const;

export default defineEndpoint({
  path: '/api/transaction',
  method: 'GET',
  summary: 'Transactions, newest first; filters by address and direction, block, type, token, time and confirmation state.',
  params,
  queries: {
    rows: 'transaction/transaction',
    total: 'transaction/transaction.total',
    byAddress: 'transaction/transaction.by-address',
    byAddressTotal: 'transaction/transaction.by-address.total',
    wholeChain: 'common/whole_chain_tx_count',
    blockDay: 'common/block_day',
    countByType: 'common/tx_count_by_type',
  },
  orderBys: signedSortClauses(sorts, tieBreak),
  async handle(p, ctx) {
    const from = p.start_timestamp ?? 0;
    const to = p.end_timestamp ?? ctx.now;
    // A block filter reads only that block's day partition (found in the daily block rollup).
    const blockDay = p.block !== undefined ? String((await ctx.rows('blockDay', { number: p.block }))[0]?.day ?? '0000') : undefined;
    const filter = {
      ...lakeBounds(from, to, ctx.manifest),
      ...(blockDay !== undefined ? { start_day: blockDay, end_day: blockDay } : {}),
      block: p.block ?? null,
      types: p.type && p.type.length > 0 ? p.type : null,
      tokens: p.tokens && p.tokens.length > 0 ? p.tokens : null,
      confirm: p.confirm ?? null,
    };
    const page = { lim: p.page.limit, off: p.page.start };
    let rowsQ: Promise<Awaited<ReturnType<typeof ctx.rows>>>;
    let totalQ: Promise<Awaited<ReturnType<typeof ctx.rows>>>;
    const anchor = p.address ?? p.fromAddress ?? p.toAddress;
    if (anchor) {
      // The anchor's side: `direction` for address; sent for fromAddress; received for toAddress.
      const dirs = p.address ? DIRS[p.direction] : p.fromAddress ? DIRS.out : DIRS.in;
      const f = {
        ...filter,
        address: anchor,
        dirs: [...dirs],
        from_address: p.fromAddress ?? null,
        to_address: p.toAddress ?? null,
      };
      // Count first: a busy address's page is searched in time windows over its time-sorted bucket.
      const total = await ctx.rows('byAddressTotal', f);
      totalQ = Promise.resolve(total);
      const query = (b: object) => ctx.rows('byAddress', { ...f, ...b, ...page }, p.sort.orderBy);
      rowsQ =
        p.block !== undefined
          ? query({})
          : pageOfAddress(Number(total[0]?.n ?? 0), query, { from, to, desc: p.sort.key.startsWith('-'), limit: p.page.limit, offset: p.page.start }, ctx.manifest);
    } else {
      // Both sort keys grow with time: search the page in windows at the sorted end (http/time-window.ts).
      rowsQ =
        p.block !== undefined
          ? ctx.rows('rows', { ...filter, ...page }, p.sort.orderBy)
          : pageByTimeWindows(
              (b) => ctx.rows('rows', { ...filter, ...b, ...page }, p.sort.orderBy),
              { from, to, desc: p.sort.key.startsWith('-'), limit: p.page.limit },
              ctx.manifest,
            );
      // Over the whole lake with at most a type filter, the count is a sum of the daily rollup.
      const wholeLake = filter.start_ts === null && filter.end_ts === null && filter.block === null && filter.tokens === null && filter.confirm === null;
      totalQ = wholeLake ? ctx.rows('countByType', { types: filter.types }) : ctx.rows('total', filter);
    }
    const [rows, total, whole] = await Promise.all([rowsQ, totalQ, ctx.rows('wholeChain', {})]);
    const tokenIds = rows.map(tokenKey).filter((k): k is string => k !== null);
    const addresses = rows.flatMap((r) => [String(r.owner_address ?? ''), String(r.to_address ?? r.contract_address ?? '')]);
    const [infos, contracts] = await Promise.all([ctx.lookups.tokenInfo(tokenIds), ctx.lookups.contractMap(addresses)]);
    const data = rows.map((r) => ({
      ...transactionFields(r, infos),
      toAddressList: [String(r.to_address ?? r.contract_address ?? '')].filter(Boolean),
      id: '',
      fee: '',
      SmartCalls: '',
      Events: '',
      cheatStatus: false,
    }));
    return {
      ...pagedList('data', data, Number(total[0]?.n ?? 0)),
      wholeChainTxCount: whole[0]?.n ?? 0,
      contractMap: contracts.map,
      contractInfo: contracts.info,
    };
  },
});
