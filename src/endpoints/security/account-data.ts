/**
 * GET /api/security/account/data (SPEC §4.11; reference §7): four risk flags of an address. TronScan's rules are not
 * public; these are ours (docs/compat.md "Security and approvals"), each also true when a risk list loaded by the
 * operator (risk_addresses) gives the address that type:
 * - `send_ad_by_memo`: it signed at least 10 TRX transfers under 1 TRX carrying a memo (ad_spam);
 * - `has_fraud_transaction`: it signed a zero-value TRC20 transfer out of another address's balance, the address
 *   poisoning pattern (fraud, phishing, scam);
 * - `fraud_token_creator`: it issued a token the token listing marks UNSAFE (tokens.level 4) (fraud_token);
 * - `is_black_list`: a stablecoin's blacklist holds it now (its newest addition or removal on some contract is an addition).
 */
import { z } from 'zod';
import { defineEndpoint } from '../kit/endpoint.ts';
import { address } from '../../params/index.ts';
import { numOr0 as n, str } from '../shapes/cells.ts';

/** Dust transfers with a memo from which an address counts as an advertiser (ours). */
const AD_MEMO_MIN = 10;
const QUERIES = { flags: 'security/account-data' } as const;

export default defineEndpoint({
  path: '/api/security/account/data',
  method: 'GET',
  summary: 'Risk flags of an address: advertising by memo, fraud transactions, fraud token issuer, stablecoin blacklist.',
  params: z.object({ address: address() }),
  response: z.object({ send_ad_by_memo: z.boolean(), has_fraud_transaction: z.boolean(), fraud_token_creator: z.boolean(), is_black_list: z.boolean() }).strict(),
  queries: QUERIES,
  async handle(p, ctx) {
    const [r] = await ctx.typedRows(QUERIES.flags, { address: p.address });
    const listed = new Set(str(r?.listed_types).split(',').filter((t) => t !== ''));
    return {
      send_ad_by_memo: n(r?.dust_memo_transfers) >= AD_MEMO_MIN || listed.has('ad_spam'),
      has_fraud_transaction: n(r?.zero_value_spoofs) > 0 || listed.has('fraud') || listed.has('phishing') || listed.has('scam'),
      fraud_token_creator: n(r?.unsafe_tokens) > 0 || listed.has('fraud_token'),
      is_black_list: n(r?.blacklisted_on) > 0,
    };
  },
});
