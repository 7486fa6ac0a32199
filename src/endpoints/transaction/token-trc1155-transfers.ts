/**
 * GET /api/token_trc1155/transfers (SPEC §4.7; shape: reference §3.4): TRC1155 TransferSingle / TransferBatch
 * items (one row per batch item), newest first. With relatedAddress it reads the copy clustered by address.
 * `format=csv` streams the same query as CSV: without `limit` the whole filtered result from `start` (no 10000
 * window), with `limit` exactly the JSON page (docs/compat.md, "Transactions and transfers").
 */
import { z } from 'zod';
import { lakeBounds, pageByTimeWindows } from '../../http/time-window.ts';
import type { Manifest } from '../../lake/manifest.ts';
import { defineEndpoint } from '../../http/endpoint.ts';
import { pagedList } from '../../http/envelopes.ts';
import {
  address, confirm, decimal, direction, int, pagingFields, signedSort, signedSortClauses, timeWindowFields,
  checkTimeWindow, resolvePage, type PagingOptions,
} from '../../params/index.ts';
import { addressLookups, anchorOf, blockBounds, blockDay, str, tokenTransferItem, tokenTransferTotal } from './transfer-shape.ts';

const paging: PagingOptions = { defaultLimit: 10, maxLimit: 50, sumRule: true };
const sorts = { timestamp: '"timestamp"' };
const tieBreak = ['block_number', 'tx_hash', 'log_index', 'batch_index'];

const SQL = {
  rows: 'transaction/token-trc1155-transfers',
  total: 'transaction/token-trc1155-transfers.total',
  rollup: 'common/token_transfer_count',
  blockDay: 'common/block_day',
  byAddress: 'transaction/token-trc1155-transfers.by-address',
  byAddressTotal: 'transaction/token-trc1155-transfers.by-address.total',
};

const params = z
  .object({
    ...pagingFields(paging),
    ...timeWindowFields(),
    sort: signedSort(sorts, '-timestamp', tieBreak),
    relatedAddress: address().optional(),
    contract_address: address().optional(),
    block: int({ min: 0 }).optional(),
    direction: direction(),
    confirm: confirm([0, 1]).optional(),
    filterTokenValue: decimal().optional(),
    // Anything but csv (json, legacy values) answers JSON.
    format: z
      .string()
      .optional()
      .transform((f) => (f?.trim().toLowerCase() === 'csv' ? ('csv' as const) : ('json' as const))),
  })
  .superRefine(checkTimeWindow)
  .transform((v, ctx) => {
    // A CSV download without limit is the whole filtered result: no page, no 10000 window.
    if (v.format === 'csv' && v.limit === undefined) return { ...v, page: { start: v.start ?? 0, limit: null as number | null } };
    const r = resolvePage(v, paging);
    if ('error' in r) {
      ctx.addIssue({ code: 'custom', path: ['start'], message: r.error });
      return z.NEVER;
    }
    return { ...v, page: { start: r.start, limit: r.limit as number | null } };
  });

type Params = z.output<typeof params>;

const anchorFor = (p: Params) => anchorOf({ related: p.relatedAddress, direction: p.direction });

/** Binds of the rows / total queries: time bounds NULL where they do not cut the lake, confirm as block bounds. */
function filterOf(p: Params, m: Manifest) {
  return {
    contract: p.contract_address ?? null,
    block: p.block ?? null,
    min_amount: p.filterTokenValue ?? null,
    ...lakeBounds(p.start_timestamp ?? 0, p.end_timestamp ?? m.head.timestamp, m),
    ...blockBounds(p.confirm, m.solidBlock),
  };
}

export default defineEndpoint({
  path: '/api/token_trc1155/transfers',
  method: 'GET',
  summary: 'TRC1155 transfers, newest first; filters by token, address and direction, block, time, state and amount; CSV download.',
  params,
  queries: SQL,
  orderBys: signedSortClauses(sorts, tieBreak),
  async handle(p, ctx) {
    const filter = { ...filterOf(p, ctx.manifest), ...(await blockDay(ctx, p.block ?? null)) };
    const limit = p.page.limit ?? 0; // only a CSV download has no page, and it does not come here
    const page = { lim: limit, off: p.page.start };
    const anchor = anchorFor(p);
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
                { from: p.start_timestamp ?? 0, to: p.end_timestamp ?? ctx.now, desc: p.sort.key.startsWith('-'), limit },
                ctx.manifest,
              ),
          tokenTransferTotal(ctx, { total: 'total', rollup: 'rollup' }, ['trc1155'], filter, ctx.manifest.solidBlock),
        ]);
    const [infos, lookups] = await Promise.all([
      ctx.lookups.tokenInfo(rows.map((r) => str(r.contract_address))),
      addressLookups(ctx, rows.flatMap((r) => [str(r.from_address), str(r.to_address), str(r.contract_address)])),
    ]);
    const data = rows.map((r) => ({
      ...tokenTransferItem(r, infos, lookups.contractMap),
      token_id: str(r.token_id),
      operator: str(r.operator_address),
    }));
    return { ...pagedList('token_transfers', data, total), ...lookups };
  },
  csv: {
    query: (p) => (anchorFor(p) ? SQL.byAddress : SQL.rows),
    columns: [
      { header: 'transaction_id', field: 'tx_hash' },
      { header: 'block', field: 'block_number' },
      { header: 'block_ts', field: 'timestamp' },
      { header: 'from_address', field: 'from_address' },
      { header: 'to_address', field: 'to_address' },
      { header: 'operator', field: 'operator_address' },
      { header: 'contract_address', field: 'contract_address' },
      { header: 'token_id', field: 'token_id' },
      { header: 'quant', field: 'amount_raw' },
      { header: 'event_type', field: 'event_type' },
      { header: 'confirmed', field: 'confirmed' },
      { header: 'revert', field: 'revert' },
      { header: 'contractRet', field: 'contract_ret' },
    ],
    binds: (p, ctx) => ({ ...filterOf(p, ctx.manifest), ...(anchorFor(p) ?? {}), lim: p.page.limit, off: p.page.start }),
    orderBy: (p) => p.sort.orderBy,
    filename: 'token_trc1155_transfers.csv',
    wanted: (p) => p.format === 'csv',
  },
});
