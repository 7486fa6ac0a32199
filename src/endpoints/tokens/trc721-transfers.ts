/**
 * GET /api/trc721/transfers (SPEC §4.1; shape: reference §2): the transfers of one NFT (contract + tokenId), newest
 * first, from the derived copy clustered by (contract, token id).
 */
import { z } from 'zod';
import { defineEndpoint } from '../kit/endpoint.ts';
import { pagedList } from '../kit/envelopes.ts';
import { address, pagingFields, withPage, type PagingOptions } from '../../params/index.ts';
import { nftTokenIdParam, num, str } from './token-shape.ts';

const paging: PagingOptions = { defaultLimit: 20, maxLimit: 50, sumRule: true };

const params = z
  .object({ ...pagingFields(paging), contract: address(), tokenId: nftTokenIdParam() })
  .transform(withPage(paging));

export default defineEndpoint({
  path: '/api/trc721/transfers',
  method: 'GET',
  summary: 'Transfers of one TRC721 token (contract + tokenId), newest first.',
  params,
  queries: { rows: 'tokens/trc721-transfers', total: 'tokens/trc721-transfers.total' },
  async handle(p, ctx) {
    const filter = { contract: p.contract, token_id: p.tokenId };
    const [rows, total, infos] = await Promise.all([
      ctx.rows('rows', { ...filter, lim: p.page.limit, off: p.page.start }),
      ctx.rows('total', filter),
      ctx.lookups.tokenInfo([p.contract]),
    ]);
    const tokenInfo = infos.get(p.contract) ?? {};
    const { map, info } = await ctx.lookups.contractMap(rows.flatMap((r) => [str(r.from_address), str(r.to_address)]));
    const items = rows.map((r) => {
      // Transfer logs only come from successful transactions (sql/tokens/trc721-transfers.sql).
      const ret = 'SUCCESS';
      return {
        transaction_id: str(r.tx_hash),
        block: num(r.block_number),
        block_ts: num(r.timestamp),
        from_address: str(r.from_address),
        from_address_tag: '',
        to_address: str(r.to_address),
        to_address_tag: '',
        contract_address: str(r.contract_address),
        token_id: str(r.token_id),
        event_type: str(r.event_type),
        confirmed: r.confirmed === true,
        revert: false,
        contractRet: ret,
        finalResult: ret,
        tokenInfo,
      };
    });
    const name = 'tokenName' in tokenInfo ? tokenInfo.tokenName : '';
    return {
      ...pagedList('token_transfers', items, num(total[0]?.n)),
      token_id_info: { tokenIdName: `${name} #${p.tokenId}`, tokenIdImage: '' },
      contractMap: map,
      contractInfo: info,
    };
  },
});
