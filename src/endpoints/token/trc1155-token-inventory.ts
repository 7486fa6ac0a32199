/**
 * GET /api/trc1155/token/inventory (SPEC §4.1; shape: reference §2): owners of one TRC1155 token id with the
 * quantity held. Reference quirk: the quantity is `holder_count`, a decimal string.
 */
import { address } from '../../params/index.ts';
import { defineList } from '../kit/list.ts';
import { inventoryEnvelope } from '../kit/envelopes.ts';
import { nftTokenIdParam, str } from '../shapes/token-shape.ts';
import { z } from 'zod';
import { intString, inventoryFields, shape } from '../kit/schemas.ts';

export default defineList({
  path: '/api/trc1155/token/inventory',
  summary: 'Owners of one TRC1155 token id with the quantity held, largest first.',
  params: { contract: address(), tokenId: nftTokenIdParam() },
  paging: { defaultLimit: 20, maxLimit: 50, sumRule: true },
  order: 'b.balance DESC, b.holder_address',
  sql: { rows: 'token/trc1155-token-inventory' },
  filters: (p) => ({ contract: p.contract, token_id: p.tokenId }),
  row: (r) => ({
    owner_address: str(r.holder_address),
    holder_count: str(r.balance_raw),
    token_id: str(r.token_id),
    token_name: `${str(r.name)} #${str(r.token_id)}`,
    token_description: '',
    token_image: '',
    token_imageInnerUrl: '',
    token_url: '',
  }),
  envelope: (items, x) => inventoryEnvelope(items, x.rangeTotal),
  item: shape({
    owner_address: z.string(),
    holder_count: intString,
    token_id: z.string(),
    token_name: z.string(),
    token_description: z.string(),
    token_image: z.string(),
    token_imageInnerUrl: z.string(),
    token_url: z.string(),
  }),
  envelopeFields: inventoryFields,
  csv: { filename: 'trc1155_token_inventory.csv' },
});
