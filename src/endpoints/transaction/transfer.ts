/**
 * GET /api/transfer (SPEC §4.7; shape: reference §3.5): TRX (TransferContract, tokenName `_`) and TRC10
 * (TransferAssetContract, tokenName = token id) transfers, newest first. With address / fromAddress / toAddress it
 * reads the copy clustered by address. `amount` is a JSON number, exact beyond 2^53 (http/json.ts).
 */
import { z } from 'zod';
import { lakeBounds, pageByTimeWindows } from '../../http/time-window.ts';
import { defineEndpoint } from '../../http/endpoint.ts';
import { pagedList } from '../../http/envelopes.ts';
import {
  address, bool, commaList, confirm, decimal, direction, int, pagingFields, signedSort, signedSortClauses,
  timeWindowFields, checkTimeWindow, withPage, type PagingOptions,
} from '../../params/index.ts';
import { TRX_TOKEN_INFO } from '../../http/lookups.ts';
import { addressLookups, anchorOf, blockDay, str } from './transfer-shape.ts';

const paging: PagingOptions = { defaultLimit: 10, maxLimit: 50, sumRule: true };
const sorts = { timestamp: '"timestamp"', amount: 'amount' };
const tieBreak = ['block_number', 'tx_index'];

/** A token of this list: `_` / `trx` / `0` = TRX (returned as `_`), otherwise a numeric TRC10 id. */
const transferToken = z.string().transform((s, ctx): string => {
  const t = s.trim().toLowerCase();
  if (t === '_' || t === 'trx' || t === '0') return '_';
  if (/^\d{1,19}$/.test(t)) return t;
  ctx.addIssue({ code: 'custom', message: `must be trx, _ or a numeric TRC10 id, got '${s.slice(0, 40)}'` });
  return z.NEVER;
});

const params = z
  .object({
    ...pagingFields(paging),
    ...timeWindowFields(),
    sort: signedSort(sorts, '-timestamp', tieBreak),
    count: bool().optional(),
    address: address().optional(),
    fromAddress: address().optional(),
    toAddress: address().optional(),
    tokens: commaList(transferToken, { max: 100 }).optional(),
    token: transferToken.optional(),
    block: int({ min: 0 }).optional(),
    filterTokenValue: decimal().optional(),
    direction: direction(),
    confirm: confirm([0, 1]).optional(),
  })
  .superRefine(checkTimeWindow)
  .transform(withPage(paging));

export default defineEndpoint({
  path: '/api/transfer',
  method: 'GET',
  summary: 'TRX and TRC10 transfers, newest first; filters by address and direction, token, block, time, state and amount.',
  params,
  queries: {
    rows: 'transaction/transfer',
    total: 'transaction/transfer.total',
    countByType: 'common/tx_count_by_type',
    blockDay: 'common/block_day',
    byAddress: 'transaction/transfer.by-address',
    byAddressTotal: 'transaction/transfer.by-address.total',
  },
  orderBys: signedSortClauses(sorts, tieBreak),
  async handle(p, ctx) {
    // `token` and `tokens` together: either matches.
    const tokens = [...new Set([...(p.tokens ?? []), ...(p.token ? [p.token] : [])])];
    const filter = {
      from_addr: p.fromAddress ?? null,
      to_addr: p.toAddress ?? null,
      block: p.block ?? null,
      tokens: tokens.length > 0 ? tokens : null,
      ...lakeBounds(p.start_timestamp ?? 0, p.end_timestamp ?? ctx.now, ctx.manifest),
      confirm: p.confirm ?? null,
      min_amount: p.filterTokenValue ?? null,
    };
    Object.assign(filter, await blockDay(ctx, filter.block));
    const page = { lim: p.page.limit, off: p.page.start };
    const anchor = anchorOf({ related: p.address, from: p.fromAddress, to: p.toAddress, direction: p.direction });
    const [rows, total] = anchor
      ? await Promise.all([
          ctx.rows('byAddress', { ...filter, ...anchor, ...page }, p.sort.orderBy),
          ctx.rows('byAddressTotal', { ...filter, ...anchor }),
        ])
      : await Promise.all([
          // Time sorts: search the page in windows at the sorted end (http/time-window.ts); amount sorts scan.
          p.sort.key.endsWith('timestamp') && filter.block === null
            ? pageByTimeWindows(
                (b) => ctx.rows('rows', { ...filter, ...b, ...page }, p.sort.orderBy),
                { from: p.start_timestamp ?? 0, to: p.end_timestamp ?? ctx.now, desc: p.sort.key.startsWith('-'), limit: p.page.limit },
                ctx.manifest,
              )
            : ctx.rows('rows', { ...filter, ...page }, p.sort.orderBy),
          // Over the whole lake with no other filter, the count is a sum of the daily rollup.
          filter.start_ts === null && filter.end_ts === null && filter.from_addr === null && filter.to_addr === null &&
          filter.block === null && filter.tokens === null && filter.confirm === null && filter.min_amount === null
            ? ctx.rows('countByType', { types: [1, 2] })
            : ctx.rows('total', filter),
        ]);

    const [infos, lookups] = await Promise.all([
      ctx.lookups.tokenInfo(rows.map((r) => str(r.token_name))),
      addressLookups(ctx, rows.flatMap((r) => [str(r.owner_address), str(r.to_address)])),
    ]);
    const data = rows.map((r) => {
      const tokenName = str(r.token_name);
      return {
        id: '',
        transactionHash: r.tx_hash,
        block: r.block_number,
        timestamp: r.timestamp,
        transferFromAddress: str(r.owner_address),
        transferToAddress: str(r.to_address),
        // Reference quirk (§9.5): a number here; a bigint cell stays exact in the JSON output.
        amount: r.amount ?? 0,
        tokenName,
        tokenInfo: tokenName === '_' ? TRX_TOKEN_INFO : (infos.get(tokenName) ?? {}),
        confirmed: r.confirmed === true,
        contractRet: str(r.contract_ret),
        data: str(r.memo),
        cheatStatus: false,
        riskTransaction: false,
      };
    });
    return { ...pagedList('data', data, Number(total[0]?.n ?? 0)), ...lookups };
  },
});
