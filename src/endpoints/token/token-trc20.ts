/**
 * GET /api/token_trc20 (SPEC §4.1; shape: reference §2, list key `trc20_tokens`): TRC20 / TRC721 / TRC1155 token
 * details. Counters and supply are the derived ones (token_stats); the price from latest_prices (the price rule).
 * `showAll` (0 whitelist only, 1 all, 2 all but the blacklist) filters the list; when a `contract` is named and
 * showAll is not sent, that token is returned whatever its listing (docs/compat.md "Tokens").
 */
import { z } from 'zod';
import { defineList } from '../kit/list.ts';
import { address } from '../../params/index.ts';
import { dateTime, num, nullableNum, PRICE_LINE_DAYS, priceLines, str } from '../shapes/token-shape.ts';
import { contractMap, count, decimalString, exactInt, intString, shape } from '../kit/schemas.ts';
import { DAY_MS } from '../../time.ts';


export default defineList({
  path: '/api/token_trc20',
  summary: 'TRC20, TRC721 and TRC1155 token details with holders, transfers, supply and market info.',
  params: {
    contract: address().optional(),
    showAll: z.enum(['0', '1', '2'], { message: 'must be 0, 1 or 2' }).transform(Number).optional()
      .meta({ description: 'Listing: 0 whitelisted tokens only, 1 all, 2 all but the blacklisted; default 0, or any listing when `contract` names a token.' }),
  },
  paging: { defaultLimit: 30, maxLimit: 50, sumRule: false },
  // Counts tokens of the dimension matching the listing (token-trc20.total.sql: the rows also need their counters).
  sql: { rows: 'token/token-trc20', total: 'token/token-trc20.total', extra: { line: 'token/token-price-line' } },
  // A named contract is returned whatever its listing unless showAll is sent (docs/compat.md "Tokens").
  filters: (p) => ({ contract: p.contract ?? null, show_all: p.showAll ?? (p.contract ? null : 0) }),
  lookups: { pageAddresses: (rows) => [...rows.map((r) => str(r.token_id)), ...rows.map((r) => str(r.issuer_address))] },
  // The price line of each token of the page.
  enrich: async (rows, _p, q) => {
    const ids = rows.map((r) => str(r.token_id));
    return priceLines(ids.length ? await q.rows('line', { ids, since_ts: q.now - PRICE_LINE_DAYS * DAY_MS }) : []);
  },
  key: 'trc20_tokens',
  row: (r, x) => {
    const lines = x.enriched;
    const i = x.index;
    const p = x.p;
    const priced = r.usd !== null && r.usd !== undefined;
    const gain = priced && num(r.prev_usd) ? (num(r.usd) - num(r.prev_usd)) / num(r.prev_usd) : 0;
    return {
      contract_address: str(r.token_id),
      contract_name: str(r.contract_name),
      issue_address: str(r.issuer_address),
      name: str(r.name),
      symbol: str(r.symbol),
      icon_url: str(r.logo_url),
      decimals: num(r.decimals),
      tokenType: str(r.token_standard),
      issue_time: dateTime(num(r.created_ts)),
      issue_ts: 0,
      total_supply_with_decimals: str(r.supply_raw),
      totalTurnOver: str(r.supply_raw),
      total_supply: 0,
      total_supply_str: '',
      holders_count: num(r.holder_count),
      transfer_num: nullableNum(r.lifetime_transfers),
      transfer24h: num(r.transfer_count_24h),
      transfer24h_rate: 0,
      volume24h: priced ? num(r.volume_usd) : 0,
      volume24h_rate: 0,
      liquidity24h: 0,
      liquidity24h_rate: 0,
      justSwapVolume24h: 0,
      justSwapVolume24h_rate: 0,
      volume: 0,
      price_trx: 0,
      price: '',
      gain: '',
      ...(priced
        ? {
            market_info: {
              fTokenAddr: str(r.token_id),
              fShortName: str(r.symbol),
              fPrecision: num(r.decimals),
              sShortName: 'TRX',
              sPrecision: 6,
              priceInTrx: num(r.trx),
              priceInUsd: num(r.usd),
              gain,
              liquidity: 0,
              volume24hInTrx: num(r.volume_trx),
              volume24hGain: 0,
              pairUrl: '',
              priceFrom: 'tronlake',
              filter: false,
            },
          }
        : {}),
      tokenPriceLine: lines.get(str(r.token_id)) ?? { total: 0, data: [] },
      level: String(num(r.level)),
      vip: r.vip === true,
      inTvcToken: false,
      fromThirdParty: false,
      symbolShow: true,
      redTag: '',
      greyTag: '',
      blueTag: '',
      publicTag: '',
      announcement: '',
      token_desc: str(r.description),
      home_page: str(r.home_page),
      git_hub: '',
      white_paper: '',
      email: '',
      social_media: '',
      social_media_list: [],
      index: p.page.start + i + 1,
    };
  },
  envelope: (items, x) => ({ total: x.rangeTotal, rangeTotal: x.rangeTotal, contractMap: x.lookups.contractMap, trc20_tokens: items }),
  response: shape({
    total: count,
    rangeTotal: count,
    contractMap,
    trc20_tokens: z.array(
      shape({
        contract_address: z.string(),
        contract_name: z.string(),
        issue_address: z.string(),
        name: z.string(),
        symbol: z.string(),
        icon_url: z.string(),
        decimals: z.number().int(),
        tokenType: z.string(),
        issue_time: z.string(),
        issue_ts: exactInt,
        total_supply_with_decimals: intString,
        totalTurnOver: intString,
        total_supply: z.number(),
        total_supply_str: z.string(),
        holders_count: count,
        transfer_num: count.nullable(),
        transfer24h: count,
        transfer24h_rate: z.number(),
        volume24h: z.number(),
        volume24h_rate: z.number(),
        liquidity24h: z.number(),
        liquidity24h_rate: z.number(),
        justSwapVolume24h: z.number(),
        justSwapVolume24h_rate: z.number(),
        volume: z.number(),
        price_trx: z.number(),
        price: z.string(),
        gain: z.string(),
        market_info: shape({ fTokenAddr: z.string(), fShortName: z.string(), fPrecision: z.number().int(), priceInTrx: z.number(), priceInUsd: z.number(), gain: z.number(), volume24hInTrx: z.number() }).optional(),
        tokenPriceLine: z.object({ total: count, data: z.array(z.object({ priceUsd: decimalString, time: z.string() })) }),
        level: z.string(),
        vip: z.boolean(),
        inTvcToken: z.boolean(),
        fromThirdParty: z.boolean(),
        symbolShow: z.boolean(),
        redTag: z.string(),
        greyTag: z.string(),
        blueTag: z.string(),
        publicTag: z.string(),
        announcement: z.string(),
        token_desc: z.string(),
        home_page: z.string(),
        git_hub: z.string(),
        white_paper: z.string(),
        email: z.string(),
        social_media: z.string(),
        social_media_list: z.array(z.unknown()),
        index: z.number().int().positive(),
      }),
    ),
  }),
  csv: { filename: 'token_trc20.csv' },
});
