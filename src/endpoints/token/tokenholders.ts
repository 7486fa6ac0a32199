/**
 * GET /api/tokenholders (SPEC §4.1; shape: reference §2): holders of the TRC10 token(s) issued by `address`, by
 * balance (default -balance). `address` also takes a TRC10 id; the native coin aliases (trx, _, 0) answer an empty
 * list, because the lake holds no TRX account balances (docs/compat.md "Tokens").
 */
import { address } from '../../params/index.ts';
import { defineList } from '../kit/list.ts';
import { pagedList } from '../kit/envelopes.ts';
import { num, str, tokenIdParam, TRX_ID } from '../shapes/token-shape.ts';
import { z } from 'zod';
import { contractInfo, contractMap, exactInt, intString, shape } from '../kit/schemas.ts';

export default defineList({
  path: '/api/tokenholders',
  summary: 'Holders of a TRC10 token, given its issuer address (or its id), largest balance first by default.',
  params: { address: tokenIdParam(), holder_address: address().optional() },
  paging: { defaultLimit: 10, maxLimit: 50, sumRule: true },
  sort: { columns: { balance: 'b.balance' }, default: '-balance', tieBreak: ['b.token_id', 'b.holder_address'] },
  sql: { rows: 'token/tokenholders' },
  shortCircuit: (p) => (p.address === TRX_ID ? { ...pagedList('data', [], 0), contractMap: {}, contractInfo: {} } : undefined),
  filters: (p) => {
    const isAddress = p.address.startsWith('T');
    return { issuer: isAddress ? p.address : null, token_id: isAddress ? null : p.address, holder: p.holder_address ?? null };
  },
  lookups: { addresses: (r) => [str(r.holder_address)] },
  row: (r, x) => ({
    address: str(r.holder_address),
    tokenId: str(r.token_id),
    name: '',
    balance: str(r.balance_raw),
    index: x.p.page.start + x.index + 1,
    addressTag: x.lookups.contractInfo[str(r.holder_address)]?.tag1 ?? '',
    addressTagLogo: '',
    srTag: r.sr_name !== null && r.sr_name !== undefined,
    srName: str(r.sr_name),
    foundationTag: false,
    analysisShow: false,
    updateTime: num(r.update_ts),
  }),
  envelope: (items, x) => ({ ...pagedList('data', items, x.rangeTotal), contractMap: x.lookups.contractMap, contractInfo: x.lookups.contractInfo }),
  item: shape({
    address: z.string(),
    tokenId: z.string(),
    name: z.string(),
    balance: intString,
    index: z.number().int().positive(),
    addressTag: z.string(),
    addressTagLogo: z.string(),
    srTag: z.boolean(),
    srName: z.string(),
    foundationTag: z.boolean(),
    analysisShow: z.boolean(),
    updateTime: exactInt,
  }),
  envelopeFields: { contractMap, contractInfo },
  csv: { filename: 'tokenholders.csv' },
});
