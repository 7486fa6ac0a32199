/**
 * GET /api/tokens/position-distribution (SPEC §4.1; shape: reference §2, flat object, hyphenated keys): how much the
 * top 10, 11-50, 51-100, 101-500 and the other holders hold, as exact raw-unit strings, and each band's share of
 * all positive balances (`*_ratio`, a fraction 0..1 as a string). A missing or unknown token answers `{}`.
 */
import { z } from 'zod';
import { defineEndpoint } from '../kit/endpoint.ts';
import { num, str, tokenIdParam, TRX_ID } from '../shapes/token-shape.ts';
import { decimalString, empty, exactInt, intString, shape } from '../kit/schemas.ts';

// `token` is the name some TronScan clients send for `tokenId` (docs/compat.md, aliases); tokenId wins when both come.
const params = z
  .object({ tokenId: tokenIdParam().optional(), token: tokenIdParam().optional() })
  .transform((p) => ({ tokenId: p.tokenId ?? p.token }));

/** Cache lifetime announced in `expire` (the lake changes at most once per publish). */
const EXPIRE_MS = 60_000;

const BANDS = [['rank1-10', 'r1_10'], ['rank11-50', 'r11_50'], ['rank51-100', 'r51_100'], ['rank101-500', 'r101_500'], ['other', 'other']] as const;

/** a / b as a decimal fraction string with 6 digits, exact on big integers, e.g. ratio(1n, 3n) = '0.333333'. */
function ratio(a: bigint, b: bigint): string {
  if (b === 0n) return '0';
  const micro = (a * 1_000_000n) / b;
  return `${micro / 1_000_000n}.${(micro % 1_000_000n).toString().padStart(6, '0')}`;
}

const QUERIES = { bands: 'token/position-distribution' } as const;

export default defineEndpoint({
  path: '/api/tokens/position-distribution',
  method: 'GET',
  summary: 'Share of a token held by holder-rank bands (top 10, 11-50, 51-100, 101-500, other).',
  params,
  response: z.union([
    empty,
    shape({
      expire: exactInt,
      // Amounts held by each band: raw integers in strings; ratios: decimal strings.
      ...Object.fromEntries(BANDS.flatMap(([key]) => [[key, intString], [`${key}_ratio`, decimalString]])),
    }),
  ]),
  queries: QUERIES,
  async handle(p, ctx) {
    if (!p.tokenId || p.tokenId === TRX_ID) return {};
    const [r] = await ctx.typedRows(QUERIES.bands, { token_id: p.tokenId });
    if (!r || num(r.holders) === 0) return {};
    const total = BigInt(str(r.total));
    const out: Record<string, string | number> = { expire: ctx.now + EXPIRE_MS };
    for (const [key, col] of BANDS) out[key] = str(r[col]);
    for (const [key, col] of BANDS) out[`${key}_ratio`] = ratio(BigInt(str(r[col])), total);
    return out;
  },
});
