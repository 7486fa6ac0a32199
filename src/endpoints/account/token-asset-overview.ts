/**
 * GET /api/account/token_asset_overview (SPEC §4.3; shape: reference §2): the fungible holdings of an address (TRX,
 * TRC10, TRC20) with unit prices, values and each priced row's share of the portfolio; `sort=true` orders by USD
 * value, largest first (unpriced rows last), otherwise TRX first then the tokens in holding order (standard, id).
 * Values at a price are doubles; rows without a price leave the price fields out and do not count in the totals.
 */
import { z } from 'zod';
import { address, bool } from '../../params/index.ts';
import { defineEndpoint } from '../kit/endpoint.ts';
import { count, intString, shape } from '../kit/schemas.ts';
import { HOLDINGS_QUERIES, holdingsOf, valueInTrx, valueInUsd, type Holding } from '../shapes/holdings.ts';

const FUNGIBLE: readonly Holding['standard'][] = ['trx', 'trc10', 'trc20'];

export default defineEndpoint({
  path: '/api/account/token_asset_overview',
  method: 'GET',
  summary: "An address's TRX, TRC10 and TRC20 holdings with prices, values and portfolio shares.",
  params: z.object({
    address: address(),
    sort: bool().optional().transform((v) => v ?? false).meta({ description: 'true: by USD value, largest first; false (default): holding order.', override: { type: 'boolean', default: false } }),
  }),
  response: z.looseObject({
    totalAssetInTrx: z.number(),
    totalAssetInUsd: z.number(),
    totalTokenCount: count,
    refreshTimeInfo: z.object({ type: z.string(), lastUpdateTime: z.number().int() }),
    data: z.array(
      shape({
        tokenId: z.string(),
        tokenName: z.string(),
        tokenAbbr: z.string(),
        tokenLogo: z.string(),
        tokenDecimal: z.number().int(),
        tokenCanShow: z.number().int(),
        tokenType: z.string(),
        vip: z.boolean(),
        balance: intString,
        tokenPriceInTrx: z.number().optional(),
        tokenPriceInUsd: z.number().optional(),
        assetInTrx: z.number().optional(),
        assetInUsd: z.number().optional(),
        percent: z.number().optional(),
      }),
    ),
  }),
  queries: HOLDINGS_QUERIES,
  async handle(p, ctx) {
    const rows = (await holdingsOf(ctx, p.address)).filter((h) => FUNGIBLE.includes(h.standard));
    const sum = (xs: (number | undefined)[]) => xs.reduce<number>((a, b) => a + (b ?? 0), 0);
    const totalTrx = sum(rows.map(valueInTrx));
    const totalUsd = sum(rows.map(valueInUsd));
    const ordered = p.sort ? [...rows].sort((a, b) => (valueInUsd(b) ?? -1) - (valueInUsd(a) ?? -1)) : rows;
    return {
      totalAssetInTrx: totalTrx,
      totalAssetInUsd: totalUsd,
      totalTokenCount: rows.length,
      refreshTimeInfo: { type: 'realtime', lastUpdateTime: Math.floor(ctx.now / 1000) },
      data: ordered.map((h) => {
        const inTrx = valueInTrx(h);
        const inUsd = valueInUsd(h);
        return {
          tokenId: h.tokenId,
          tokenName: h.name,
          tokenAbbr: h.abbr,
          tokenLogo: h.logo,
          tokenDecimal: h.decimals,
          tokenCanShow: h.canShow,
          tokenType: h.standard === 'trx' ? 'trc10' : h.standard,
          vip: h.vip,
          balance: h.raw,
          ...(h.priceTrx !== undefined ? { tokenPriceInTrx: h.priceTrx } : {}),
          ...(h.priceUsd !== undefined ? { tokenPriceInUsd: h.priceUsd } : {}),
          ...(inTrx !== undefined ? { assetInTrx: inTrx } : {}),
          ...(inUsd !== undefined ? { assetInUsd: inUsd } : {}),
          ...(inTrx !== undefined && totalTrx > 0 ? { percent: inTrx / totalTrx } : {}),
        };
      }),
    };
  },
});
