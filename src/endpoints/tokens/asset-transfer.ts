/**
 * GET /api/asset/transfer (SPEC §4.1; shape: reference §2, list key `Data` with a capital D): TRX and TRC10
 * transfers, newest first. `name` = trx (also `_`, `0`) for TRX, or a TRC10 id / name / abbreviation; `issueAddress`
 * keeps the TRC10 tokens of an issuer; `address` / `relatedAddress` (the same) read the copy clustered by address.
 * `filterTokenValue` is the threshold of docs/compat.md (smallest unit; 1 hides zero-value transfers, 0 nothing).
 */
import { z } from 'zod';
import { defineEndpoint } from '../kit/endpoint.ts';
import { pagedList } from '../kit/envelopes.ts';
import { TRX_TOKEN_INFO } from '../kit/lookups.ts';
import { pageByTimeWindows, lakeBounds } from '../kit/time-window.ts';
import {
  address, checkTimeWindow, confirm, decimal, pagingFields, text, timeWindowFields, withPage, type PagingOptions,
} from '../../params/index.ts';
import { num, str, TRX_ID } from './token-shape.ts';

const paging: PagingOptions = { defaultLimit: 10, maxLimit: 50, sumRule: true };

const params = z
  .object({
    ...pagingFields(paging),
    ...timeWindowFields(),
    name: text(100).optional(),
    issueAddress: address().optional(),
    address: address().optional(),
    relatedAddress: address().optional(),
    confirm: confirm([0, 1]).optional(),
    filterTokenValue: decimal().optional(),
  })
  .superRefine(checkTimeWindow)
  .transform(withPage(paging));

export default defineEndpoint({
  path: '/api/asset/transfer',
  method: 'GET',
  summary: 'TRX and TRC10 transfers, newest first; by token name or issuer, address, time window, state and amount.',
  params,
  queries: {
    rows: 'tokens/asset-transfer',
    total: 'tokens/asset-transfer.total',
    byAddress: 'tokens/asset-transfer.by-address',
    byAddressTotal: 'tokens/asset-transfer.by-address.total',
    tokens: 'tokens/asset-transfer.issuer-tokens',
    rollupTotal: 'tokens/asset-transfer.rollup-total',
  },
  async handle(p, ctx) {
    const isTrx = p.name !== undefined && ['trx', '_', '0'].includes(p.name.toLowerCase());
    let tokens: string[] | null = null;
    if (isTrx) tokens = p.issueAddress ? [] : [TRX_ID];
    else if (p.name !== undefined || p.issueAddress) {
      tokens = (await ctx.rows('tokens', { issuer: p.issueAddress ?? null, name: p.name ?? null })).map((r) => str(r.token_id));
    }
    const anchor = p.address ?? p.relatedAddress;
    const from = p.start_timestamp ?? 0;
    const to = p.end_timestamp ?? ctx.now;
    const filter = {
      tokens: tokens && tokens.length === 0 ? ['-'] : tokens,
      confirm: p.confirm ?? null,
      min_amount: p.filterTokenValue ? p.filterTokenValue : null,
    };
    const page = { lim: p.page.limit, off: p.page.start };
    const bounds = lakeBounds(from, to, ctx.manifest);
    // Whole lake, no state or amount filter: the daily rollup per asset holds the count (any token list).
    const countRows = () =>
      bounds.start_ts === null && bounds.end_ts === null && !filter.confirm && filter.min_amount === null
        ? ctx.rows('rollupTotal', { tokens: filter.tokens })
        : ctx.rows('total', { ...filter, ...bounds });
    const [rows, total] = anchor
      ? await Promise.all([
          ctx.rows('byAddress', { ...filter, anchor, ...lakeBounds(from, to, ctx.manifest), ...page }),
          ctx.rows('byAddressTotal', { ...filter, anchor, ...lakeBounds(from, to, ctx.manifest) }),
        ])
      : await Promise.all([
          // Newest first over the time-sorted facts: search growing windows (http/time-window.ts).
          pageByTimeWindows((b) => ctx.rows('rows', { ...filter, ...b, ...page }), { from, to, desc: true, limit: p.page.limit }, ctx.manifest),
          countRows(),
        ]);
    const [infos, contracts] = await Promise.all([
      ctx.lookups.tokenInfo(rows.map((r) => str(r.token_name))),
      ctx.lookups.contractMap(rows.flatMap((r) => [str(r.owner_address), str(r.to_address)])),
    ]);
    const Data = rows.map((r) => {
      const tokenName = str(r.token_name);
      const ret = str(r.contract_ret);
      return {
        blockId: num(r.block_number),
        transactionHash: str(r.tx_hash),
        timestamp: num(r.timestamp),
        transferFromAddress: str(r.owner_address),
        transferToAddress: str(r.to_address),
        // Raw units as a JSON number (reference): sun for TRX, TRC10 smallest units; bigint cells print exactly.
        amount: r.amount ?? 0,
        tokenName,
        tokenInfo: tokenName === TRX_ID ? TRX_TOKEN_INFO : (infos.get(tokenName) ?? {}),
        confirmed: r.confirmed === true,
        cheatStatus: false,
        riskTransaction: false,
        fromAddressIsContract: contracts.map[str(r.owner_address)] === true,
        toAddressIsContract: contracts.map[str(r.to_address)] === true,
        contractRet: ret,
        finalResult: ret === 'SUCCESS' ? 'SUCCESS' : 'FAILED',
      };
    });
    return { ...pagedList('Data', Data, num(total[0]?.n)), contractMap: contracts.map, contractInfo: contracts.info };
  },
});
