/**
 * GET /api/token_trc20/holders (SPEC §4.1; shape: reference §2): holders of a TRC20 token by balance, largest first.
 * Balances are net transfer flows from the derived ledger (trc20_balances); only positive balances are holders.
 * `holder_address` alone lists that address's rows across contracts (each row carries `contract_address`): the
 * holder is the narrower key (a few tokens each), read from the copy clustered by holder.
 */
import { address } from '../../params/index.ts';
import { defineList } from '../kit/list.ts';
import { pagedList } from '../kit/envelopes.ts';
import { num, str } from '../shapes/token-shape.ts';
import { z } from 'zod';
import { contractInfo, contractMap, exactInt, intString, shape } from '../kit/schemas.ts';

export default defineList({
  path: '/api/token_trc20/holders',
  summary: 'Holders of a TRC20 token (or the TRC20 balances of a holder), largest balance first.',
  params: { contract_address: address().optional(), holder_address: address().optional() },
  refine: (v, ctx) => {
    if (!v.contract_address && !v.holder_address) {
      ctx.addIssue({ code: 'custom', path: ['contract_address'], message: 'or holder_address is required' });
    }
  },
  paging: { defaultLimit: 10, maxLimit: 50, sumRule: true },
  // A contract page is a holder_rank range of its ledger; its count is the token's holder count.
  sql: {
    rows: 'token/token-trc20-holders.by-contract',
    total: 'token/token-trc20-holders.by-contract.total',
    byAddress: 'token/token-trc20-holders.by-holder',
  },
  filters: (p) => ({ contract: p.contract_address ?? '' }),
  byAddress: (p) => (p.holder_address ? { holder: p.holder_address } : undefined),
  byAddressFilters: (p) => ({ contract: p.contract_address ?? null }),
  lookups: { addresses: (r) => [str(r.holder_address)] },
  key: 'trc20_tokens',
  row: (r, x) => ({
    holder_address: str(r.holder_address),
    contract_address: str(r.contract_address),
    balance: str(r.balance_raw),
    updateTime: num(r.update_ts),
    updateBlock: num(r.update_block),
    addressTag: x.lookups.contractInfo[str(r.holder_address)]?.tag1 ?? '',
    addressTagLogo: '',
    publicTagDesc: '',
    srTag: r.sr_name !== null && r.sr_name !== undefined,
    srName: str(r.sr_name),
    foundationTag: false,
    analysisShow: false,
  }),
  envelope: (items, x) => pagedList('trc20_tokens', items, x.rangeTotal, { contractMap: x.lookups.contractMap, contractInfo: x.lookups.contractInfo }),
  item: shape({
    holder_address: z.string(),
    contract_address: z.string(),
    balance: intString,
    updateTime: exactInt,
    updateBlock: exactInt,
    addressTag: z.string(),
    addressTagLogo: z.string(),
    publicTagDesc: z.string(),
    srTag: z.boolean(),
    srName: z.string(),
    foundationTag: z.boolean(),
    analysisShow: z.boolean(),
  }),
  envelopeFields: { contractMap, contractInfo },
  csv: { filename: 'token_trc20_holders.csv' },
});
