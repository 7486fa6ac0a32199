/**
 * GET /api/token_trc20/transfers (SPEC §4.7; shape: reference §3.3): TRC20 and TRC721 transfers, newest first.
 * With relatedAddress / fromAddress / toAddress it reads the copy clustered by address; otherwise the time-sorted
 * fact table. `filterTokenValue` is a threshold in the token's smallest unit; `direction` is relative to
 * relatedAddress (docs/compat.md, "Transactions and transfers").
 */
import { z } from 'zod';
import { lakeBounds, pageByTimeWindows } from '../../http/time-window.ts';
import { defineEndpoint } from '../../http/endpoint.ts';
import { pagedList } from '../../http/envelopes.ts';
import {
  address, confirm, decimal, direction, int, pagingFields, signedSort, signedSortClauses, timeWindowFields,
  checkTimeWindow, withPage, type PagingOptions,
} from '../../params/index.ts';
import { addressLookups, anchorOf, blockBounds, blockDay, tokenTransferItem, tokenTransferTotal } from './transfer-shape.ts';

const paging: PagingOptions = { defaultLimit: 10, maxLimit: 50, sumRule: true };
const sorts = { timestamp: '"timestamp"' };
const tieBreak = ['block_number', 'tx_hash', 'log_index', 'batch_index'];

const params = z
  .object({
    ...pagingFields(paging),
    ...timeWindowFields(),
    sort: signedSort(sorts, '-timestamp', tieBreak),
    contract_address: address().optional(),
    relatedAddress: address().optional(),
    fromAddress: address().optional(),
    toAddress: address().optional(),
    block: int({ min: 0 }).optional(),
    direction: direction(),
    confirm: confirm([0, 1]).optional(),
    filterTokenValue: decimal().optional(),
  })
  .superRefine(checkTimeWindow)
  .transform(withPage(paging));

export default defineEndpoint({
  path: '/api/token_trc20/transfers',
  method: 'GET',
  summary: 'TRC20 and TRC721 transfers, newest first; filters by token, address and direction, block, time, state and amount.',
  params,
  queries: {
    rows: 'transaction/token-trc20-transfers',
    total: 'transaction/token-trc20-transfers.total',
    rollup: 'common/token_transfer_count',
    blockDay: 'common/block_day',
    byAddress: 'transaction/token-trc20-transfers.by-address',
    byAddressTotal: 'transaction/token-trc20-transfers.by-address.total',
  },
  orderBys: signedSortClauses(sorts, tieBreak),
  async handle(p, ctx) {
    const from = p.start_timestamp ?? 0;
    const to = p.end_timestamp ?? ctx.now;
    const filter = {
      contract: p.contract_address ?? null,
      from_addr: p.fromAddress ?? null,
      to_addr: p.toAddress ?? null,
      block: p.block ?? null,
      min_amount: p.filterTokenValue ?? null,
      ...lakeBounds(from, to, ctx.manifest),
      ...blockBounds(p.confirm, ctx.manifest.solidBlock),
    };
    Object.assign(filter, await blockDay(ctx, filter.block));
    const page = { lim: p.page.limit, off: p.page.start };
    const anchor = anchorOf({ related: p.relatedAddress, from: p.fromAddress, to: p.toAddress, direction: p.direction });
    const [rows, total] = anchor
      ? await Promise.all([
          ctx.rows('byAddress', { ...filter, ...anchor, ...page }, p.sort.orderBy),
          ctx.rows('byAddressTotal', { ...filter, ...anchor }).then((r) => Number(r[0]?.n ?? 0)),
        ])
      : await Promise.all([
          // One block prunes by itself; otherwise search the page in growing time windows.
          filter.block !== null
            ? ctx.rows('rows', { ...filter, ...page }, p.sort.orderBy)
            : pageByTimeWindows(
                (b) => ctx.rows('rows', { ...filter, ...b, ...page }, p.sort.orderBy),
                { from, to, desc: p.sort.key.startsWith('-'), limit: p.page.limit },
                ctx.manifest,
              ),
          tokenTransferTotal(ctx, { total: 'total', rollup: 'rollup' }, ['trc20', 'trc721'], filter, ctx.manifest.solidBlock),
        ]);

    const [infos, lookups] = await Promise.all([
      ctx.lookups.tokenInfo(rows.map((r) => String(r.contract_address))),
      addressLookups(ctx, rows.flatMap((r) => [String(r.from_address), String(r.to_address), String(r.contract_address)])),
    ]);
    const data = rows.map((r) => tokenTransferItem(r, infos, lookups.contractMap));
    return { ...pagedList('token_transfers', data, total), ...lookups };
  },
});
