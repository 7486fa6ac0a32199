/**
 * GET /api/trc721/token (SPEC §4.1; shape: reference §2, NFT inventory envelope): the NFTs of a contract and their
 * owners, from the derived ownership table (owner = recipient of the token's last transfer).
 */
import { address } from '../../params/index.ts';
import { defineList } from '../kit/list.ts';
import { inventoryEnvelope } from '../kit/envelopes.ts';
import { nftTokenIdParam, num, str } from '../shapes/token-shape.ts';
import { z } from 'zod';
import { contractMap, exactInt, inventoryFields, shape } from '../kit/schemas.ts';

export default defineList({
  path: '/api/trc721/token',
  summary: 'NFT inventory of a TRC721 contract: token ids and current owners.',
  params: { contract: address(), tokenId: nftTokenIdParam().optional(), ownerAddress: address().optional() },
  paging: { defaultLimit: 20, maxLimit: 50, sumRule: true },
  // Token ids are decimal strings: length first orders them numerically.
  sort: { columns: { tokenId: 'length(o.token_id)' }, default: 'tokenId', tieBreak: ['o.token_id'] },
  sql: { rows: 'token/trc721-token' },
  filters: (p) => ({ contract: p.contract, token_id: p.tokenId ?? null, owner: p.ownerAddress ?? null }),
  lookups: { addresses: (r) => [str(r.owner_address)] },
  row: (r) => ({
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
  }),
  envelope: (items, x) => Object.assign({}, inventoryEnvelope(items, x.rangeTotal), { contractMap: x.lookups.contractMap }),
  item: shape({
    token_id: z.string(),
    owner_address: z.string(),
    owner_address_tag: z.string(),
    owner_address_tag_logo: z.string(),
    latest_transfer_timestamp: exactInt,
    token_name: z.string(),
    token_description: z.string(),
    token_image: z.string(),
    token_imageInnerUrl: z.string(),
    token_url: z.string(),
  }),
  envelopeFields: { ...inventoryFields, contractMap },
  csv: { filename: 'trc721_token.csv' },
});
