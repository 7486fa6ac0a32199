/**
 * GET /api/account/wallet (SPEC §4.5; shape: reference §4 "/api/account/wallet"): the tokens an address holds, TRX
 * first with its Stake 1.0 / 2.0 amounts, snake_case, balances decimal-adjusted strings, prices and values in TRX
 * and USD as strings (left out without a price), the stakes' USD values likewise. "Followed" tokens are a TronScan user setting, not chain data:
 * none are listed (docs/compat.md "Wallet").
 */
import { z } from 'zod';
import { address, int, scaleDecimal } from '../../params/index.ts';
import { defineEndpoint } from '../kit/endpoint.ts';
import { count, decimalString, exactInt, shape, statusWrapped } from '../kit/schemas.ts';
import { HOLDINGS_QUERIES, holdingsOf, quantityOf, valueInTrx, valueInUsd, type Holding } from '../shapes/holdings.ts';

/** token_type of the reference: 0 TRX, 10 TRC10, 20 TRC20; the NFT standards by their number (721, 1155). */
const TYPE: Record<Holding['standard'], number> = { trx: 0, trc10: 10, trc20: 20, trc721: 721, trc1155: 1155 };
const FUNGIBLE: readonly Holding['standard'][] = ['trx', 'trc10', 'trc20'];
const text = (v: number | undefined) => (v === undefined ? undefined : String(v));

const itemFields = {
  token_abbr: z.string(),
  token_name: z.string(),
  token_type: z.number().int(),
  token_decimal: z.number().int(),
  balance: decimalString,
  token_price: decimalString.optional(),
  token_value: decimalString.optional(),
  token_price_in_usd: decimalString.optional(),
  token_value_in_usd: decimalString.optional(),
  vip: z.boolean(),
  token_url: z.string(),
};

export default defineEndpoint({
  path: '/api/account/wallet',
  method: 'GET',
  summary: 'Tokens an address holds with balances, prices and values (TRX first, with its stakes).',
  params: z.object({
    address: address(),
    asset_type: int({ min: 0, max: 2 })
      .optional()
      .transform((v) => v ?? 0)
      .meta({ description: '0 (default) all, 1 fungible tokens, 2 collectibles (TRC721, TRC1155).', override: { type: 'integer', enum: [0, 1, 2], default: 0 } }),
  }),
  response: statusWrapped({
    count,
    totalValueInUsd: z.number().nullable(),
    lastUpdateSeconds: z.number().int(),
    // The TRX row's level is a number and it carries the stakes; a token row's level is a string.
    data: z.array(z.union([
      shape({
        ...itemFields, token_id: z.literal('_'), level: z.number().int(), frozen: exactInt, frozenV2: exactInt,
        frozen_token_value_in_usd: decimalString.optional(), frozenV2_token_value_in_usd: decimalString.optional(),
      }),
      shape({ ...itemFields, token_id: z.string().refine((v) => v !== '_'), level: z.string() }),
    ])),
  }),
  queries: HOLDINGS_QUERIES,
  async handle(p, ctx) {
    const all = await holdingsOf(ctx, p.address);
    const rows = all.filter((h) => (p.asset_type === 1 ? FUNGIBLE.includes(h.standard) : p.asset_type === 2 ? !FUNGIBLE.includes(h.standard) : true));
    const priced = rows.map(valueInUsd).filter((v): v is number => v !== undefined);
    const data = rows.map((h) => {
      const row: Record<string, unknown> = {
        token_id: h.tokenId,
        token_abbr: h.abbr,
        token_name: h.name,
        token_type: TYPE[h.standard],
        token_decimal: h.decimals,
        balance: quantityOf(h),
        token_price: text(h.priceTrx),
        token_value: text(valueInTrx(h)),
        token_price_in_usd: text(h.priceUsd),
        token_value_in_usd: text(valueInUsd(h)),
        level: h.standard === 'trx' ? h.level : String(h.level),
        vip: h.vip,
        token_url: h.logo,
      };
      if (h.standard === 'trx') {
        // The stakes valued like the balance: whole TRX (exact) × TRX's USD price, left out without a price.
        const usd = (sun: unknown) => (h.priceUsd === undefined ? undefined : String(Number(scaleDecimal(String(sun ?? 0), 6)) * h.priceUsd));
        Object.assign(row, { frozen: h.frozenV1, frozenV2: h.frozenV2, frozen_token_value_in_usd: usd(h.frozenV1), frozenV2_token_value_in_usd: usd(h.frozenV2) });
      }
      return Object.fromEntries(Object.entries(row).filter(([, v]) => v !== undefined));
    });
    return {
      code: 200,
      status: '1',
      message: 'request ok',
      count: data.length,
      // null when no row has a price (docs/compat.md "Wallet").
      totalValueInUsd: priced.length > 0 ? priced.reduce((a, b) => a + b, 0) : null,
      lastUpdateSeconds: Math.floor(ctx.now / 1000),
      data,
    };
  },
});
