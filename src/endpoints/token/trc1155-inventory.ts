/**
 * GET /api/trc1155/inventory (SPEC §4.1; shape: reference §2, NFT inventory envelope): the token ids of a TRC1155
 * contract with their holder counts (positive net quantities) and latest transfer time.
 */
import { address } from '../../params/index.ts';
import { defineList } from '../kit/list.ts';
import { inventoryEnvelope } from '../kit/envelopes.ts';
import { dateTime, nftTokenIdParam, num, str } from '../shapes/token-shape.ts';
import { z } from 'zod';
import { count, exactInt, inventoryFields, shape } from '../kit/schemas.ts';

export default defineList({
  path: '/api/trc1155/inventory',
  summary: 'Token ids of a TRC1155 contract with holder counts and latest transfer time.',
  params: { contract: address(), tokenId: nftTokenIdParam().optional() },
  paging: { defaultLimit: 20, maxLimit: 50, sumRule: true },
  // Token ids are decimal strings: length first orders them numerically.
  sort: { columns: { tokenId: 'length(k.token_id)' }, default: 'tokenId', tieBreak: ['k.token_id'] },
  sql: { rows: 'token/trc1155-inventory' },
  filters: (p) => ({ contract: p.contract, token_id: p.tokenId ?? null }),
  row: (r, x) => ({
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
    contract_address: x.p.contract,
    issue_address: str(r.issuer_address),
    token_desc: str(r.description),
    issue_time: r.created_ts === null || r.created_ts === undefined ? '' : dateTime(num(r.created_ts)),
  }),
  envelope: (items, x) => inventoryEnvelope(items, x.rangeTotal),
  item: shape({
    token_id: z.string(),
    holders_count: count,
    latest_transfer_timestamp: exactInt,
    token_name: z.string(),
    token_description: z.string(),
    token_image: z.string(),
    token_imageInnerUrl: z.string(),
    token_url: z.string(),
    icon_url: z.string(),
    symbol: z.string(),
    name: z.string(),
    contract_address: z.string(),
    issue_address: z.string(),
    token_desc: z.string(),
    issue_time: z.string(),
  }),
  envelopeFields: inventoryFields,
  csv: { filename: 'trc1155_inventory.csv' },
});
