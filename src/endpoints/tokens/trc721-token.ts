/**
 * GET /api/trc721/token (SPEC §4.1; shape: reference §2, NFT inventory envelope): the NFTs of a contract and their
 * owners, from the derived ownership table (owner = recipient of the token's last transfer).
 */
import { z } from 'zod';
import { defineEndpoint } from '../kit/endpoint.ts';
import { SUM_RULE_WINDOW, address, pagingFields, signedSort, signedSortClauses, withPage, type PagingOptions } from '../../params/index.ts';
import { nftTokenIdParam, num, str } from './token-shape.ts';

const paging: PagingOptions = { defaultLimit: 20, maxLimit: 50, sumRule: true };
// Token ids are decimal strings: length first orders them numerically.
const sorts = { tokenId: 'length(o.token_id)' };
const tieBreak = ['o.token_id'];

const params = z
  .object({
    ...pagingFields(paging),
    contract: address(),
    tokenId: nftTokenIdParam().optional(),
    ownerAddress: address().optional(),
    sort: signedSort(sorts, 'tokenId', tieBreak),
  })
  .transform(withPage(paging));

export default defineEndpoint({
  path: '/api/trc721/token',
  method: 'GET',
  summary: 'NFT inventory of a TRC721 contract: token ids and current owners.',
  params,
  queries: { rows: 'tokens/trc721-token', total: 'tokens/trc721-token.total' },
  orderBys: signedSortClauses(sorts, tieBreak),
  async handle(p, ctx) {
    const filter = { contract: p.contract, token_id: p.tokenId ?? null, owner: p.ownerAddress ?? null };
    const [rows, total] = await Promise.all([
      ctx.rows('rows', { ...filter, lim: p.page.limit, off: p.page.start }, p.sort.orderBy),
      ctx.rows('total', filter),
    ]);
    const { map } = await ctx.lookups.contractMap(rows.map((r) => str(r.owner_address)));
    const data = rows.map((r) => ({
      token_id: str(r.token_id),
      owner_address: str(r.owner_address),
      owner_address_tag: '',
      owner_address_tag_logo: '',
      latest_transfer_timestamp: num(r.latest_transfer_ts),
      token_name: `${str(r.token_name)} #${str(r.token_id)}`,
      token_description: '',
      token_image: '',
      token_imageInnerUrl: '',
      token_url: '',
    }));
    const n = num(total[0]?.n);
    return { total: Math.min(n, SUM_RULE_WINDOW), rangeTotal: n, page_size: data.length, code: 200, data, contractMap: map };
  },
});
