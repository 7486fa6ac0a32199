/**
 * GET /api/token (SPEC §4.1; shape: reference §2): TRC10 tokens. `id=0` (or trx, _) answers the TRX row, built
 * here (TRX is not a row of the tokens dimension). Filters: id, id_gt, owner (issuer), name (substring of name or
 * abbreviation), showAll (default 0: whitelist only). `fields` trims the keys of each row; `totalAll=1` makes
 * `totalAll` the count of all TRC10 tokens. `order` (no documented meaning) orders by id: asc (default) or desc.
 * `format=csv` streams the statement's rows (TRC10 tokens; the TRX row is not one of them, docs/compat.md).
 */
import { z } from 'zod';
import { defineList } from '../kit/list.ts';
import { address, bool, commaList, int, oneOf, text, type PagingOptions } from '../../params/index.ts';
import { TRX_TOKEN_INFO } from '../kit/lookups.ts';
import { PRICE_LINE_DAYS, num, nullableNum, priceLines, showAllParam, str, tokenIdParam, TRX_ID } from '../shapes/token-shape.ts';
import { REPUTATION } from './token-all.ts';
import { contractMap, count, decimalString, exactInt, intString, shape } from '../kit/schemas.ts';
import { DAY_MS } from '../../time.ts';

// The spec gives no maximum for this list; 50 like the other token lists of §8.
const paging: PagingOptions = { defaultLimit: 10, maxLimit: 50, sumRule: false };
const ORDERS = { asc: 'CAST(t.token_id AS BIGINT) ASC', desc: 'CAST(t.token_id AS BIGINT) DESC' } as const;

type TokenRow = Record<string, unknown>;

/** The TRX row; `transfers` = successful TRX transfers over the lake (tokens/trx-transfers.sql, docs/compat.md). */
function trxRow(transfers: number | null): TokenRow {
  return {
    id: 0, tokenID: 0, name: 'trx', abbr: 'TRX', description: 'The native coin of the TRON network', imgUrl: TRX_TOKEN_INFO.tokenLogo,
    url: 'https://tron.network', website: 'https://tron.network', github: '', white_paper: '', ownerAddress: '-', precision: 6,
    totalSupply: '0', num: 0, trxNum: 0, price: 0, startTime: 0, endTime: 0, dateCreated: 0, issued: 0, remaining: 0,
    available: 0, availableSupply: 0, participated: 0, frozenTotal: 0, issuedPercentage: 0, remainingPercentage: 0,
    frozenPercentage: 0, percentage: 0, frozen: [], frozen_supply: [], nrOfTokenHolders: 0, totalTransactions: transfers,
    voteScore: 0, rank_order: 0, index: 0, reputation: 'Ok', level: '2', vip: true, isBlack: false, fromThirdParty: false,
    symbolShow: true, canShow: '1', social_media: [], new_social_media: '', totalTurnOver: '0', tokenPriceLine: { total: 0, data: [] },
  };
}

function pick(row: TokenRow, fields: string[] | undefined): TokenRow {
  if (!fields || fields.length === 0) return row;
  return Object.fromEntries(fields.filter((f) => Object.hasOwn(row, f)).map((f) => [f, row[f]]));
}

export default defineList({
  path: '/api/token',
  summary: 'TRC10 tokens (id 0 = TRX): by id, id_gt, issuer or name, with holders, transfers and supply.',
  params: {
    id: tokenIdParam().optional(),
    id_gt: int({ min: 0 }).optional(),
    owner: address().optional(),
    name: text(100).optional(),
    showAll: showAllParam(),
    fields: commaList(text(64), { max: 100 }).optional(),
    totalAll: bool().optional(),
    order: oneOf(['asc', 'desc']).optional(),
  },
  paging,
  order: { choices: Object.values(ORDERS), of: (p) => ORDERS[p.order ?? 'asc'] },
  // The count statement also counts every TRC10 token (n_all, for totalAll=1) in the same pass.
  sql: { rows: 'token/token', total: 'token/token.total', extra: { line: 'token/token-price-line', trx: 'token/trx-transfers' } },
  filters: (p) => ({ id: p.id ?? null, id_gt: p.id_gt ?? null, owner: p.owner ?? null, name: p.name ?? null, show_all: p.showAll }),
  // TRX is built here with its counter; a contract address is no TRC10 id.
  async shortCircuit(p, q) {
    if (p.id === TRX_ID) {
      const shown = p.page.start === 0 && (p.page.limit ?? 0) > 0;
      const [c] = shown ? await q.rows('trx', {}) : [];
      const data = shown ? [pick(trxRow(nullableNum(c?.trx_lifetime_transfers)), p.fields)] : [];
      return { total: 1, totalAll: 1, contractMap: {}, data };
    }
    if (p.id !== undefined && p.id.startsWith('T')) return { total: 0, data: [], contractMap: {}, totalAll: 0 };
    return undefined;
  },
  lookups: { pageAddresses: (rows) => rows.map((r) => str(r.issuer_address)) },
  enrich: async (rows, _p, q) => {
    const ids = rows.map((r) => str(r.token_id));
    return priceLines(ids.length ? await q.rows('line', { ids, since_ts: q.now - PRICE_LINE_DAYS * DAY_MS }) : []);
  },
  row: (r, { p, index, enriched: lines }) => {
    const supply = str(r.total_supply_raw);
    const row: TokenRow = {
      id: Number(r.token_id), tokenID: Number(r.token_id), name: str(r.name), abbr: str(r.symbol),
      description: str(r.description), imgUrl: str(r.logo_url), url: str(r.home_page), website: str(r.home_page),
      github: '', white_paper: '', ownerAddress: str(r.issuer_address), precision: num(r.decimals),
      // Issue terms (exchange ratio, window, frozen supply) are not in the lake: 0 / [] = unknown.
      totalSupply: supply, num: 0, trxNum: 0, price: 0, startTime: num(r.created_ts), endTime: num(r.created_ts),
      dateCreated: Math.floor(num(r.created_ts) / 1000), issued: Number(supply), remaining: 0, available: 0,
      availableSupply: 0, participated: 0, frozenTotal: 0, issuedPercentage: 100, remainingPercentage: 0,
      frozenPercentage: 0, percentage: 0, frozen: [], frozen_supply: [], nrOfTokenHolders: num(r.holder_count),
      totalTransactions: nullableNum(r.lifetime_transfers), voteScore: 0, rank_order: 0, index: p.page.start + index + 1,
      reputation: REPUTATION[num(r.level)] ?? 'Unknown', level: String(num(r.level)), vip: r.vip === true,
      isBlack: str(r.list_status) === 'blacklist', fromThirdParty: false, symbolShow: true, canShow: String(num(r.can_show)),
      social_media: [], new_social_media: '', totalTurnOver: supply,
      tokenPriceLine: lines.get(str(r.token_id)) ?? { total: 0, data: [] },
    };
    return pick(row, p.fields);
  },
  // `total` is the whole filtered count (this list has no 10000 window and no rangeTotal, reference §2).
  envelope: (items, { p, rangeTotal, totalRow, lookups }) => ({
    total: rangeTotal,
    totalAll: p.totalAll ? num(totalRow?.n_all) : rangeTotal,
    contractMap: lookups.contractMap,
    data: items,
  }),
  // `fields` keeps only the named keys of a row: every field is optional, its type is not.
  response: shape({
    total: count,
    totalAll: count,
    contractMap,
    data: z.array(
      z.looseObject({
        id: z.number().int(),
        tokenID: z.number().int(),
        name: z.string(),
        abbr: z.string(),
        description: z.string(),
        imgUrl: z.string(),
        url: z.string(),
        website: z.string(),
        github: z.string(),
        white_paper: z.string(),
        ownerAddress: z.string(),
        precision: z.number().int(),
        totalSupply: intString,
        num: z.number(),
        trxNum: z.number(),
        price: z.number(),
        startTime: exactInt,
        endTime: exactInt,
        dateCreated: exactInt,
        issued: z.number(),
        remaining: z.number(),
        available: z.number(),
        availableSupply: z.number(),
        participated: z.number(),
        frozenTotal: z.number(),
        issuedPercentage: z.number(),
        remainingPercentage: z.number(),
        frozenPercentage: z.number(),
        percentage: z.number(),
        frozen: z.array(z.unknown()),
        frozen_supply: z.array(z.unknown()),
        nrOfTokenHolders: count,
        totalTransactions: count.nullable(),
        voteScore: z.number(),
        rank_order: z.number(),
        index: z.number().int(),
        reputation: z.string(),
        level: z.string(),
        vip: z.boolean(),
        isBlack: z.boolean(),
        fromThirdParty: z.boolean(),
        symbolShow: z.boolean(),
        canShow: z.string(),
        social_media: z.array(z.unknown()),
        new_social_media: z.string(),
        totalTurnOver: intString,
        tokenPriceLine: z.object({ total: count, data: z.array(z.object({ priceUsd: decimalString, time: z.string() })) }),
      }).partial(),
    ),
  }),
  // The statement's columns, declared so an empty result (id=0: TRX is no row of it) still has its header.
  csv: {
    filename: 'tokens_trc10.csv',
    columns: ['token_id', 'name', 'symbol', 'decimals', 'issuer_address', 'logo_url', 'level', 'vip', 'can_show', 'created_ts',
      'home_page', 'description', 'list_status', 'total_supply_raw', 'holder_count', 'transfer_count'].map((c) => ({ header: c, field: c })),
  },
});
