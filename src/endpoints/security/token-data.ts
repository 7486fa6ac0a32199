/**
 * GET /api/security/token/data (SPEC §4.11; reference §7): security fields of a token (`address`: a TRC10 id or a
 * token contract). From the lake (our rules, docs/compat.md "Security and approvals"):
 * - `is_vip`, `token_level` (string "0".."4"): the token listing (tokens);
 * - `black_list_type` 1 when the lake holds blacklist events of the contract (stablecoin_events), 2 for a TRC10 (the
 *   protocol has no blacklist), else 0 (unknown: the ABI is not read);
 * - `increase_total_supply` 1 when the lake saw it minted (a Transfer from the zero address, or a stablecoin Issue /
 *   Mint), 2 for a TRC10 (supply fixed at issue), else 0 (unknown);
 * - `has_url`: its name or symbol holds a URL or a domain; `swap_token`: a DEX pool of the registry holds it;
 * - `open_source`, `is_proxy`: false (no contract verification source in the lake); `sun_liquidity` left out (optional).
 * An unknown token answers the defaults (reference).
 */
import { z } from 'zod';
import { defineEndpoint } from '../kit/endpoint.ts';
import { text } from '../../params/index.ts';
import { ApiError } from '../../wire/errors.ts';
import { numOr0 as n, str } from '../shapes/cells.ts';

const QUERIES = { token: 'security/token-data' } as const;
/** A URL or a bare domain in a token's name or symbol (ours): a scheme, www., t.me/ or a name.tld. */
const URL_IN_TEXT = /(https?:\/\/|www\.|t\.me\/|[a-z0-9-]+\.(com|net|org|io|xyz|top|vip|cc|me|app|site|info|link|club|pro|example)\b)/i;
const TOKEN_ID = /^(\d{1,19}|T[1-9A-HJ-NP-Za-km-z]{33})$/;

const DEFAULTS = { is_vip: false, black_list_type: 0, increase_total_supply: 0, token_level: '0', has_url: false, swap_token: false, open_source: false, is_proxy: false };

export default defineEndpoint({
  path: '/api/security/token/data',
  method: 'GET',
  summary: 'Security fields of a token: VIP, blacklist, mintable, level, URL in its name, DEX listing.',
  params: z.object({ address: text(64).meta({ description: 'A TRC10 token id or a TRC20 / TRC721 / TRC1155 contract (Base58).' }) }),
  response: z.object({
    is_vip: z.boolean(),
    black_list_type: z.union([z.literal(0), z.literal(1), z.literal(2)]),
    increase_total_supply: z.union([z.literal(0), z.literal(1), z.literal(2)]),
    token_level: z.enum(['0', '1', '2', '3', '4']),
    has_url: z.boolean(),
    swap_token: z.boolean(),
    sun_liquidity: z.string().optional(),
    open_source: z.boolean(),
    is_proxy: z.boolean(),
  }).strict(),
  queries: QUERIES,
  async handle(p, ctx) {
    if (!TOKEN_ID.test(p.address)) throw new ApiError('BAD_PARAMETER', `must be a TRC10 token id or a Base58 token contract, got '${p.address.slice(0, 40)}'`, 'address');
    const [r] = await ctx.typedRows(QUERIES.token, { token: p.address });
    if (!r || n(r.n) === 0) return DEFAULTS;
    const trc10 = r.token_standard === 'trc10';
    return {
      is_vip: r.vip === true,
      black_list_type: trc10 ? 2 : n(r.blacklist_events) > 0 ? 1 : 0,
      increase_total_supply: trc10 ? 2 : str(r.minted_raw) !== '0' || n(r.stable_mints) > 0 ? 1 : 0,
      token_level: String(n(r.level)) as '0' | '1' | '2' | '3' | '4',
      has_url: URL_IN_TEXT.test(str(r.name)) || URL_IN_TEXT.test(str(r.symbol)),
      swap_token: n(r.pools) > 0,
      open_source: false,
      is_proxy: false,
    };
  },
});
