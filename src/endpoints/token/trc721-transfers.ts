/**
 * GET /api/trc721/transfers (SPEC §4.1; shape: reference §2): the transfers of one NFT (contract + tokenId), newest
 * first, from the derived copy clustered by (contract, token id).
 */
import { address } from '../../params/index.ts';
import { defineList } from '../kit/list.ts';
import { pagedList } from '../kit/envelopes.ts';
import { nftTokenIdParam, num, str } from '../shapes/token-shape.ts';
import { z } from 'zod';
import { contractInfo, contractMap, exactInt, shape, tokenInfoOrEmpty } from '../kit/schemas.ts';

export default defineList({
  path: '/api/trc721/transfers',
  summary: 'Transfers of one TRC721 token (contract + tokenId), newest first.',
  params: { contract: address(), tokenId: nftTokenIdParam() },
  paging: { defaultLimit: 20, maxLimit: 50, sumRule: true },
  order: 't.block_number DESC, t.tx_index DESC, t.log_index DESC',
  sql: { rows: 'token/trc721-transfers' },
  filters: (p) => ({ contract: p.contract, token_id: p.tokenId }),
  lookups: { requestTokens: (p) => [p.contract], addresses: (r) => [str(r.from_address), str(r.to_address)] },
  key: 'token_transfers',
  row: (r, x) => {
    // Transfer logs only come from successful transactions (sql/token/trc721-transfers.sql).
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
      tokenInfo: x.lookups.tokens.get(x.p.contract) ?? {},
    };
  },
  envelope: (items, x) => {
    const info = x.lookups.tokens.get(x.p.contract);
    return pagedList('token_transfers', items, x.rangeTotal, {
      token_id_info: { tokenIdName: `${info?.tokenName ?? ''} #${x.p.tokenId}`, tokenIdImage: '' },
      contractMap: x.lookups.contractMap,
      contractInfo: x.lookups.contractInfo,
    });
  },
  item: shape({
    transaction_id: z.string(),
    block: exactInt,
    block_ts: exactInt,
    from_address: z.string(),
    from_address_tag: z.string(),
    to_address: z.string(),
    to_address_tag: z.string(),
    contract_address: z.string(),
    token_id: z.string(),
    event_type: z.string(),
    confirmed: z.boolean(),
    revert: z.boolean(),
    contractRet: z.string(),
    finalResult: z.string(),
    tokenInfo: tokenInfoOrEmpty,
  }),
  envelopeFields: { token_id_info: z.object({ tokenIdName: z.string(), tokenIdImage: z.string() }), contractMap, contractInfo },
  csv: { filename: 'trc721_transfers.csv' },
});
