/**
 * GET /api/tokenholders (SPEC §4.1; shape: reference §2): holders of the TRC10 token(s) issued by `address`, by
 * balance (default -balance). `address` also takes a TRC10 id; the native coin aliases (trx, _, 0) answer an empty
 * list, because the lake holds no TRX account balances (docs/compat.md "Tokens").
 */
import { z } from 'zod';
import { defineEndpoint } from '../kit/endpoint.ts';
import { pagedList } from '../kit/envelopes.ts';
import { address, pagingFields, signedSort, signedSortClauses, withPage, type PagingOptions } from '../../params/index.ts';
import { num, str, tokenIdParam, TRX_ID } from './token-shape.ts';

const paging: PagingOptions = { defaultLimit: 10, maxLimit: 50, sumRule: true };
const sorts = { balance: 'b.balance' };
const tieBreak = ['b.token_id', 'b.holder_address'];

const params = z
  .object({
    ...pagingFields(paging),
    address: tokenIdParam(),
    holder_address: address().optional(),
    sort: signedSort(sorts, '-balance', tieBreak),
  })
  .transform(withPage(paging));

export default defineEndpoint({
  path: '/api/tokenholders',
  method: 'GET',
  summary: 'Holders of a TRC10 token, given its issuer address (or its id), largest balance first by default.',
  params,
  queries: { rows: 'tokens/tokenholders', total: 'tokens/tokenholders.total' },
  orderBys: signedSortClauses(sorts, tieBreak),
  async handle(p, ctx) {
    if (p.address === TRX_ID) return { ...pagedList('data', [], 0), contractMap: {}, contractInfo: {} };
    const isAddress = p.address.startsWith('T');
    const filter = { issuer: isAddress ? p.address : null, token_id: isAddress ? null : p.address, holder: p.holder_address ?? null };
    const [rows, total] = await Promise.all([
      ctx.rows('rows', { ...filter, lim: p.page.limit, off: p.page.start }, p.sort.orderBy),
      ctx.rows('total', filter),
    ]);
    const { map, info } = await ctx.lookups.contractMap(rows.map((r) => str(r.holder_address)));
    const data = rows.map((r, i) => ({
      address: str(r.holder_address),
      tokenId: str(r.token_id),
      name: '',
      balance: str(r.balance_raw),
      index: p.page.start + i + 1,
      addressTag: info[str(r.holder_address)]?.tag1 ?? '',
      addressTagLogo: '',
      srTag: r.sr_name !== null && r.sr_name !== undefined,
      srName: str(r.sr_name),
      foundationTag: false,
      analysisShow: false,
      updateTime: num(r.update_ts),
    }));
    return { ...pagedList('data', data, num(total[0]?.n)), contractMap: map, contractInfo: info };
  },
});
