/**
 * GET /api/trc1155/token/inventory (SPEC §4.1; shape: reference §2): owners of one TRC1155 token id with the
 * quantity held. Reference quirk: the quantity is `holder_count`, a decimal string.
 */
import { z } from 'zod';
import { defineEndpoint } from '../kit/endpoint.ts';
import { SUM_RULE_WINDOW, address, pagingFields, withPage, type PagingOptions } from '../../params/index.ts';
import { nftTokenIdParam, num, str } from './token-shape.ts';

const paging: PagingOptions = { defaultLimit: 20, maxLimit: 50, sumRule: true };

const params = z
  .object({ ...pagingFields(paging), contract: address(), tokenId: nftTokenIdParam() })
  .transform(withPage(paging));

export default defineEndpoint({
  path: '/api/trc1155/token/inventory',
  method: 'GET',
  summary: 'Owners of one TRC1155 token id with the quantity held, largest first.',
  params,
  queries: { rows: 'tokens/trc1155-token-inventory', total: 'tokens/trc1155-token-inventory.total' },
  async handle(p, ctx) {
    const filter = { contract: p.contract, token_id: p.tokenId };
    const [rows, total] = await Promise.all([
      ctx.rows('rows', { ...filter, lim: p.page.limit, off: p.page.start }),
      ctx.rows('total', filter),
    ]);
    const data = rows.map((r) => ({
      owner_address: str(r.holder_address),
      holder_count: str(r.balance_raw),
      token_id: str(r.token_id),
      token_name: `${str(r.name)} #${str(r.token_id)}`,
      token_description: '',
      token_image: '',
      token_imageInnerUrl: '',
      token_url: '',
    }));
    const n = num(total[0]?.n);
    return { total: Math.min(n, SUM_RULE_WINDOW), rangeTotal: n, page_size: data.length, code: 200, data };
  },
});
