/**
 * GET /api/account/tokens (SPEC §4.3; shape: reference §2 "/api/account/tokens"): the tokens an address holds with a
 * balance above 0, the TRX row first (from its newest account snapshot; a zero TRX row for an account without one),
 * filtered by `show` / `token` / `hidden` / `assetType`, ordered by `sortBy` / `sortType`, paged after the query (an
 * address holds few positions). Meanings of `show` and `hidden` per the spec (docs/compat.md "Wallet").
 */
import { z } from 'zod';
import { JsonDecimal } from '../../wire/json.ts';
import { address, int, pagingFields, tokenIdParam, type PagingOptions } from '../../params/index.ts';
import { formatField, listCsv, pageOf, withExportPage } from '../kit/exports.ts';
import type { EndpointContext } from '../kit/endpoint.ts';
import { defineEndpoint } from '../kit/endpoint.ts';
import { contractInfo, contractMap, count, decimalString, exactNumber, intString, shape, statusWrapped } from '../kit/schemas.ts';
import { HOLDINGS_QUERIES, holdingsOf, quantityOf, valueInTrx, valueInUsd, type Holding } from '../shapes/holdings.ts';

const paging: PagingOptions = { defaultLimit: 20, maxLimit: 200, sumRule: false };

/** A small balance (hidden by `hidden=0`): a position valued below 1 USD at its latest price; one without a price is kept. */
export const SMALL_USD = 1;

const code = (values: number[], dflt: number, description: string) =>
  int({ min: Math.min(...values), max: Math.max(...values) })
    .optional()
    .transform((v) => v ?? dflt)
    .meta({ description, override: { type: 'integer', enum: values, default: dflt } });

const params = z
  .object({
    address: address(),
    ...pagingFields(paging),
    hidden: code([0, 1], 0, '0 (default) hides small balances (valued below 1 USD), 1 shows them.'),
    show: code([0, 1, 2, 3, 4], 0, '0 (default) TRX, TRC10 and TRC20; 1 TRC20; 2 TRC721; 3 all; 4 TRC1155.'),
    sortBy: code([0, 1, 2, 3], 0, '0 (default) and 2: value in TRX; 1 unit price; 3 quantity.'),
    sortType: code([0, 1], 0, '0 (default) descending, 1 ascending.'),
    token: tokenIdParam().optional().meta({ description: 'Only this token (TRC10 id, contract, or trx).', override: { type: 'string' } }),
    assetType: code([0, 1, 2], 0, '0 / 1 (default 0) token results; 2 receipt tokens (none without a receipt-token registry).'),
    format: formatField(),
  })
  .transform(withExportPage(paging));

const SHOW: Record<number, readonly Holding['standard'][]> = {
  0: ['trx', 'trc10', 'trc20'],
  1: ['trc20'],
  2: ['trc721'],
  3: ['trx', 'trc10', 'trc20', 'trc721', 'trc1155'],
  4: ['trc1155'],
};

const tokenType = (h: Holding): string => (h.standard === 'trx' ? 'trc10' : h.standard);

function item(h: Holding) {
  const qty = quantityOf(h);
  const inTrx = valueInTrx(h);
  const inUsd = valueInUsd(h);
  const common = {
    tokenId: h.tokenId,
    tokenName: h.name,
    tokenAbbr: h.abbr,
    tokenLogo: h.logo,
    tokenDecimal: h.decimals,
    tokenType: tokenType(h),
    tokenCanShow: h.canShow,
    vip: h.vip,
    balance: h.raw,
    ...(h.priceTrx !== undefined ? { tokenPriceInTrx: h.priceTrx } : {}),
    ...(h.priceUsd !== undefined ? { tokenPriceInUsd: h.priceUsd } : {}),
    ...(inUsd !== undefined ? { amountInUsd: inUsd } : {}),
  };
  // Reference quirk: on the TRX row `quantity` and `amount` are decimal strings; elsewhere numbers.
  if (h.standard === 'trx') return Object.assign({}, common, { quantity: qty, amount: qty, tokenLevel: String(h.level) });
  return Object.assign({}, common, {
    quantity: new JsonDecimal(qty),
    ...(inTrx !== undefined ? { amount: inTrx } : {}),
    level: String(h.level),
    ...(h.standard === 'trc10' ? { owner_address: h.issuer } : {}),
    // Token statistics (reference: absent on TRX): holders now, transfers the lake holds (token_stats); the project
    // name of the tokens dimension, '' when it has none (docs/compat.md "Wallet").
    nrOfTokenHolders: h.holders ?? 0,
    transferCount: h.transfers ?? null,
    project: h.project ?? '',
  });
}

const itemFields = {
  tokenId: z.string(),
  tokenName: z.string(),
  tokenAbbr: z.string(),
  tokenLogo: z.string(),
  tokenDecimal: z.number().int(),
  tokenType: z.string(),
  tokenCanShow: z.number().int(),
  vip: z.boolean(),
  balance: intString,
  tokenPriceInTrx: z.number().optional(),
  tokenPriceInUsd: z.number().optional(),
  amountInUsd: z.number().optional(),
};

/** The positions the filters keep, in the requested order (the TRX row first): the JSON page and the download read them. */
async function positionsOf(p: z.output<typeof params>, ctx: EndpointContext): Promise<Holding[]> {
  const all = p.assetType === 2 ? [] : await holdingsOf(ctx, p.address);
  const [trx, ...tokens] = all;
  const keep = (h: Holding) =>
    SHOW[p.show]!.includes(h.standard) &&
    (p.token === undefined || h.tokenId === p.token) &&
    (p.hidden === 1 || h.standard === 'trx' || (valueInUsd(h) ?? Infinity) >= SMALL_USD);
  const key = (h: Holding): number =>
    p.sortBy === 1 ? (h.priceTrx ?? -1) : p.sortBy === 3 ? Number(quantityOf(h)) : (valueInTrx(h) ?? -1);
  const dir = p.sortType === 1 ? 1 : -1;
  // The TRX row leads whatever the order; ties (and unpriced rows) in token id order.
  return [
    ...(trx && keep(trx) ? [trx] : []),
    ...tokens.filter(keep).sort((a, b) => dir * (key(a) - key(b)) || (a.tokenId < b.tokenId ? -1 : a.tokenId > b.tokenId ? 1 : 0)),
  ];
}

/** Download columns: the fields of the TRX row and of a token row (a field a row lacks is empty). */
const FIELDS = [
  'tokenId', 'tokenName', 'tokenAbbr', 'tokenLogo', 'tokenDecimal', 'tokenType', 'tokenCanShow', 'vip', 'balance', 'tokenPriceInTrx',
  'tokenPriceInUsd', 'amountInUsd', 'quantity', 'amount', 'tokenLevel', 'level', 'owner_address', 'nrOfTokenHolders', 'transferCount', 'project',
];

export default defineEndpoint({
  path: '/api/account/tokens',
  method: 'GET',
  summary: 'Tokens an address holds (balance above 0), the TRX row first; filters by standard, token and small balances.',
  params,
  response: statusWrapped({
    total: count,
    rangeTotal: count,
    lastUpdateSeconds: z.number().int(),
    contractMap,
    contractInfo,
    // The TRX row writes quantity and amount as strings and carries tokenLevel; a token row numbers and level.
    data: z.array(z.union([shape({ ...itemFields, tokenId: z.literal('_'), quantity: decimalString, amount: decimalString, tokenLevel: z.string() }),
      shape({
        ...itemFields, quantity: exactNumber, amount: z.number().optional(), level: z.string(), owner_address: z.string().optional(),
        nrOfTokenHolders: z.number().int(), transferCount: z.number().int().nullable(), project: z.string(),
      })])),
  }),
  queries: HOLDINGS_QUERIES,
  csv: listCsv<z.output<typeof params>>('/api/account/tokens', FIELDS, async (p, ctx) => ({ items: pageOf(await positionsOf(p, ctx), p.page).map(item) })),
  async handle(p, ctx) {
    const rows = await positionsOf(p, ctx);
    const page = pageOf(rows, p.page);
    const contracts = page.filter((h) => h.standard !== 'trx' && h.standard !== 'trc10').map((h) => h.tokenId);
    const { map, info } = await ctx.lookups.contractMap(contracts);
    return {
      code: 200,
      status: '1',
      message: 'request ok',
      total: rows.length,
      // The kit's envelope: the true count beside `total` (here the same: an address's positions are never capped).
      rangeTotal: rows.length,
      lastUpdateSeconds: Math.floor(ctx.now / 1000),
      contractMap: map,
      contractInfo: info,
      data: page.map(item),
    };
  },
});
