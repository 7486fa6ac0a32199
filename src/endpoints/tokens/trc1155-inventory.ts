/**
 * GET /api/trc1155/inventory (SPEC §4.1; shape: reference §2, NFT inventory envelope): the token ids of a TRC1155
 * contract with their holder counts (positive net quantities) and latest transfer time.
 */
import { z } from 'zod';
import { defineEndpoint } from '../kit/endpoint.ts';
import { SUM_RULE_WINDOW, address, pagingFields, signedSort, signedSortClauses, withPage, type PagingOptions } from '../../params/index.ts';
import { dateTime, nftTokenIdParam, num, str } from './token-shape.ts';

const paging: PagingOptions = { defaultLimit: 20, maxLimit: 50, sumRule: true };
const sorts = { tokenId: 'length(k.token_id)' };
const tieBreak = ['k.token_id'];

const params = z
  .object({
    ...pagingFields(paging),
    contract: address(),
    tokenId: nftTokenIdParam().optional(),
    sort: signedSort(sorts, 'tokenId', tieBreak),
  })
  .transform(withPage(paging));

export default defineEndpoint({
  path: '/api/trc1155/inventory',
  method: 'GET',
  summary: 'Token ids of a TRC1155 contract with holder counts and latest transfer time.',
  params,
  queries: { rows: 'tokens/trc1155-inventory', total: 'tokens/trc1155-inventory.total' },
  orderBys: signedSortClauses(sorts, tieBreak),
  async handle(p, ctx) {
    const filter = { contract: p.contract, token_id: p.tokenId ?? null };
    const [rows, total] = await Promise.all([
      ctx.rows('rows', { ...filter, lim: p.page.limit, off: p.page.start }, p.sort.orderBy),
      ctx.rows('total', filter),
    ]);
    const data = rows.map((r) => ({
      token_id: str(r.token_id),
      holders_count: num(r.holders_count),
      latest_transfer_timestamp: num(r.latest_transfer_ts),
      token_name: `${str(r.name)} #${str(r.token_id)}`,
      token_description: '',
      token_image: '',
      token_imageInnerUrl: '',
      token_url: '',
      icon_url: str(r.logo_url),
      symbol: str(r.symbol),
      name: str(r.name),
      contract_address: p.contract,
      issue_address: str(r.issuer_address),
      token_desc: str(r.description),
      issue_time: r.created_ts === null || r.created_ts === undefined ? '' : dateTime(num(r.created_ts)),
    }));
    const n = num(total[0]?.n);
    return { total: Math.min(n, SUM_RULE_WINDOW), rangeTotal: n, page_size: data.length, code: 200, data };
  },
});
