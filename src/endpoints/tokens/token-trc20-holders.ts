/**
 * GET /api/token_trc20/holders (SPEC §4.1; shape: reference §2): holders of a TRC20 token by balance, largest first.
 * Balances are net transfer flows from the derived ledger (trc20_balances); only positive balances are holders.
 * `holder_address` alone lists that address's rows across contracts (each row carries `contract_address`).
 */
import { z } from 'zod';
import { defineEndpoint } from '../kit/endpoint.ts';
import { pagedList } from '../kit/envelopes.ts';
import { address, pagingFields, withPage, type PagingOptions } from '../../params/index.ts';
import { num, str } from './token-shape.ts';

const paging: PagingOptions = { defaultLimit: 10, maxLimit: 50, sumRule: true };

const params = z
  .object({ ...pagingFields(paging), contract_address: address().optional(), holder_address: address().optional() })
  .superRefine((v, ctx) => {
    if (!v.contract_address && !v.holder_address) {
      ctx.addIssue({ code: 'custom', path: ['contract_address'], message: 'or holder_address is required' });
    }
  })
  .transform(withPage(paging));

export default defineEndpoint({
  path: '/api/token_trc20/holders',
  method: 'GET',
  summary: 'Holders of a TRC20 token (or the TRC20 balances of a holder), largest balance first.',
  params,
  queries: {
    byContract: 'tokens/token-trc20-holders.by-contract',
    byContractTotal: 'tokens/token-trc20-holders.by-contract.total',
    byHolder: 'tokens/token-trc20-holders.by-holder',
    byHolderTotal: 'tokens/token-trc20-holders.by-holder.total',
  },
  async handle(p, ctx) {
    const page = { lim: p.page.limit, off: p.page.start };
    // A holder is the narrower key (a few tokens each); a contract page is a holder_rank range of its ledger.
    const [rows, total] = p.holder_address
      ? await Promise.all([
          ctx.rows('byHolder', { holder: p.holder_address, contract: p.contract_address ?? null, ...page }),
          ctx.rows('byHolderTotal', { holder: p.holder_address, contract: p.contract_address ?? null }),
        ])
      : await Promise.all([
          ctx.rows('byContract', { contract: p.contract_address ?? '', ...page }),
          ctx.rows('byContractTotal', { contract: p.contract_address ?? '' }),
        ]);
    const { map, info } = await ctx.lookups.contractMap(rows.map((r) => str(r.holder_address)));
    const items = rows.map((r) => ({
      holder_address: str(r.holder_address),
      contract_address: str(r.contract_address),
      balance: str(r.balance_raw),
      updateTime: num(r.update_ts),
      updateBlock: num(r.update_block),
      addressTag: info[str(r.holder_address)]?.tag1 ?? '',
      addressTagLogo: '',
      publicTagDesc: '',
      srTag: r.sr_name !== null && r.sr_name !== undefined,
      srName: str(r.sr_name),
      foundationTag: false,
      analysisShow: false,
    }));
    return { ...pagedList('trc20_tokens', items, num(total[0]?.n)), contractMap: map, contractInfo: info };
  },
});
