/**
 * GET /api/internal-transaction (SPEC §4.7; shape: reference §3.6): internal transactions, newest first. At least one
 * of address (caller or callee), block, contract (the contract the top-level transaction called) is required.
 * `token_list` is a single object and `valueInfoList` the array, as in the reference (§9.7).
 */
import { z } from 'zod';
import { defineEndpoint } from '../../http/endpoint.ts';
import { lakeBounds, pageByTimeWindows, pageOfAddress } from '../../http/time-window.ts';
import { pagedList } from '../../http/envelopes.ts';
import { ApiError } from '../../http/errors.ts';
import { TRX_TOKEN_INFO } from '../../http/lookups.ts';
import {
  address, confirm, int, pagingFields, timeWindowFields, checkTimeWindow, withPage, type PagingOptions,
} from '../../params/index.ts';
import { addressLookups, blockDay, str } from './transfer-shape.ts';

const paging: PagingOptions = { defaultLimit: 10, maxLimit: 50, sumRule: true };
const ORDER = '"timestamp" DESC, block_number DESC, tx_hash DESC, internal_index DESC';

const params = z
  .object({
    ...pagingFields(paging),
    ...timeWindowFields(),
    address: address().optional(),
    block: int({ min: 0 }).optional(),
    contract: address().optional(),
    confirm: confirm([0, 1]).optional(),
  })
  .superRefine(checkTimeWindow)
  .transform(withPage(paging));

export default defineEndpoint({
  path: '/api/internal-transaction',
  method: 'GET',
  summary: 'Internal transactions of an address, a block or the calls of a contract, newest first.',
  params,
  queries: {
    rows: 'transaction/internal-transaction',
    total: 'transaction/internal-transaction.total',
    byAddress: 'transaction/internal-transaction.by-address',
    byAddressTotal: 'transaction/internal-transaction.by-address.total',
    blockDay: 'common/block_day',
  },
  orderBys: [ORDER],
  async handle(p, ctx) {
    if (p.address === undefined && p.block === undefined && p.contract === undefined) {
      throw new ApiError('MISSING_PARAMETER', 'one of address, block or contract is required', 'address');
    }
    const from = p.start_timestamp ?? 0;
    const to = p.end_timestamp ?? ctx.now;
    const filter = {
      address: p.address ?? null,
      block: p.block ?? null,
      contract: p.contract ?? null,
      confirm: p.confirm ?? null,
      ...lakeBounds(from, to, ctx.manifest),
    };
    Object.assign(filter, await blockDay(ctx, filter.block));
    const page = { lim: p.page.limit, off: p.page.start };
    // An address alone reads its bucket of the copy clustered by address (src/lake/derived.ts), counted first so a
    // busy address searches time windows (http/time-window.ts). One block prunes by itself; otherwise the page is
    // searched in growing time windows over the day files.
    const window = { from, to, desc: true, limit: p.page.limit, offset: p.page.start };
    let rows: Awaited<ReturnType<typeof ctx.rows>>;
    let total: Awaited<ReturnType<typeof ctx.rows>>;
    if (filter.address !== null && filter.block === null && filter.contract === null) {
      total = await ctx.rows('byAddressTotal', filter);
      rows = await pageOfAddress(Number(total[0]?.n ?? 0), (b) => ctx.rows('byAddress', { ...filter, ...b, ...page }, ORDER), window, ctx.manifest);
    } else {
      [rows, total] = await Promise.all([
        filter.block !== null
          ? ctx.rows('rows', { ...filter, ...page }, ORDER)
          : pageByTimeWindows((b) => ctx.rows('rows', { ...filter, ...b, ...page }, ORDER), window, ctx.manifest),
        ctx.rows('total', filter),
      ]);
    }
    const [infos, lookups] = await Promise.all([
      ctx.lookups.tokenInfo(rows.map((r) => str(r.token_id))),
      addressLookups(ctx, rows.flatMap((r) => [str(r.caller_address), str(r.to_address)])),
    ]);
    const data = rows.map((r) => {
      const tokenId = str(r.token_id) || '_';
      const value = { token_id: tokenId, call_value: r.call_value ?? 0, tokenInfo: tokenId === '_' ? TRX_TOKEN_INFO : (infos.get(tokenId) ?? {}) };
      const ret = str(r.contract_ret);
      return {
        hash: r.tx_hash,
        internal_hash: r.internal_hash,
        block: r.block_number,
        timestamp: r.timestamp,
        from: str(r.caller_address),
        to: str(r.to_address),
        note: str(r.note),
        result: ret,
        rejected: r.rejected === true,
        confirmed: r.confirmed === true,
        revert: ret !== 'SUCCESS',
        token_id: tokenId,
        call_value: value.call_value,
        token_list: value,
        valueInfoList: [value],
        voteDetail: [],
        voteToAddress: [],
        voteCount: 0,
      };
    });
    return { ...pagedList('data', data, Number(total[0]?.n ?? 0)), ...lookups };
  },
});
