/**
 * GET /api/tokens/overview (SPEC §4.1; shape: reference §2, list key `tokens`): every token plus the TRX row, pinned
 * (VIP) rows first, then the sort key (default marketcap desc). Market cap is in TRX (reference: supply ×
 * priceInTrx); supply is the derived one. filter: all | trc10 | trc20 | trc721 | trc1155 | top (pinned only).
 * verifier: by default tokens listed automatically (neither whitelisted nor blacklisted) are left out; `all` keeps
 * them. `field` keeps only the named keys of each row. `showAll` is accepted and has no effect (SPEC: no meaning).
 * `format=csv` streams the same rows (the declared columns below; TRX and the pinned rows first, as in JSON).
 */
import { z } from 'zod';
import { defineList } from '../kit/list.ts';
import { commaList, oneOf, scaledNumber, text, type PagingOptions } from '../../params/index.ts';
import { base58ToHex } from '../../chain/address.ts';
import { dateTime, num, nullableNum, str, TRX_ID } from '../shapes/token-shape.ts';
import { count, exactInt, exactNumber, shape } from '../kit/schemas.ts';

const paging: PagingOptions = { defaultLimit: 20, maxLimit: 500, sumRule: false };

/** Sort key → column of tokens-overview.sql. `init` = issue order; `top` = market cap (pinned rows lead anyway). */
const SORT_COLUMNS = {
  priceInTrx: 'trx',
  gain: 'gain',
  volume24hInTrx: 'volume_trx',
  holderCount: 'holder_count',
  marketcap: 'marketcap',
  createTime: 'created_ts',
  hot: 'transfer_count_24h',
  init: 'created_ts',
  top: 'marketcap',
} as const;
type SortKey = keyof typeof SORT_COLUMNS;
const orderBy = (col: string, dir: 'ASC' | 'DESC') => `${col} ${dir} NULLS LAST, token_id ${dir}`;
const ORDER_BYS = [...new Set(Object.values(SORT_COLUMNS))].flatMap((c) => [orderBy(c, 'ASC'), orderBy(c, 'DESC')]);

const FILTERS = ['all', 'trc10', 'trc20', 'trc721', 'trc1155', 'top'] as const;

export default defineList({
  path: '/api/tokens/overview',
  summary: 'Token overview: prices, market cap, gain, volume, holders and transfers, with counts per standard.',
  params: {
    order: oneOf(['asc', 'desc']).optional().meta({ description: 'Direction of the sort (default desc).', override: { default: 'desc' } }),
    filter: oneOf(FILTERS).optional().meta({ description: `Token kind: ${FILTERS.join(', ')} (default all).`, override: { default: 'all' } }),
    // Its own sort dialect (a key, its direction in `order`); an unknown key falls back to the default (ARCHITECTURE §5.3).
    sort: z.string().optional().transform((s): SortKey => (Object.keys(SORT_COLUMNS).find((k) => k.toLowerCase() === s?.trim().toLowerCase()) as SortKey | undefined) ?? 'marketcap').meta({
      description: `Sort key, its direction in \`order\`: ${Object.keys(SORT_COLUMNS).join(', ')} (default marketcap; an unknown key sorts by it too).`,
      override: { type: 'string', enum: Object.keys(SORT_COLUMNS), default: 'marketcap' },
    }),
    field: commaList(text(64), { max: 100 }).optional(),
    verifier: z.string().optional().transform((v) => v?.trim().toLowerCase() === 'all')
      .meta({ description: 'all keeps the tokens listed automatically too (by default they are left out).', examples: ['all'] }),
    showAll: z.string().optional().meta({ description: 'Accepted and ignored (the specification gives it no meaning).' }),
  },
  paging,
  // Pinned rows come first in the statement itself (ORDER BY pin DESC, then this constant).
  order: { choices: ORDER_BYS, of: (p) => orderBy(SORT_COLUMNS[p.sort as SortKey], (p.order ?? 'desc') === 'asc' ? 'ASC' : 'DESC') },
  sql: { rows: 'token/tokens-overview', also: { counts: 'token/tokens-overview.counts' } },
  filters: (p) => {
    const filter = p.filter ?? 'all';
    return {
      standards: filter === 'all' || filter === 'top' ? null : [filter],
      top_only: filter === 'top',
      include_auto: p.verifier,
    };
  },
  // A page holds the count of all matching rows (a window count); an empty page (limit=0, or past the end) asks the
  // derived count, so limit=0 answers the real totals (docs/compat.md).
  pageTotal: (rows) => (rows.length ? num(rows[0]!.n) : undefined),
  key: 'tokens',
  row: (r, { p }) => {
    const id = str(r.token_id);
    const std = str(r.token_standard);
    const isTrx = id === TRX_ID;
    const row: Record<string, unknown> = {
      tokenId: std === 'trc10' && !isTrx ? Number(id) : 0,
      contractAddress: id,
      contractAddressLower: std === 'trc10' ? '' : base58ToHex(id).toLowerCase(),
      tokenType: std,
      name: str(r.name),
      abbr: str(r.symbol),
      decimal: num(r.decimals),
      imgUrl: str(r.logo_url),
      projectSite: str(r.home_page),
      whitePaper: '',
      github: '',
      pairUrl: '',
      description: str(r.description),
      socialMedia: '[]',
      ownerAddress: str(r.issuer_address),
      dateCreated: Math.floor(num(r.created_ts) / 1000),
      issueTime: dateTime(num(r.created_ts)),
      // Exact digits from the integer supply; the DOUBLE `supply` column only sorts (docs/compat.md "Numbers").
      supply: r.supply_raw === null || r.supply_raw === undefined ? 0 : scaledNumber(str(r.supply_raw), num(r.decimals)),
      priceInTrx: num(r.trx),
      priceInUsd: num(r.usd),
      marketcap: num(r.marketcap),
      volume24hInTrx: num(r.volume_trx),
      gain: num(r.gain),
      nrOfTokenHolders: num(r.holder_count),
      transferCount: nullableNum(r.lifetime_transfers),
      recentTransferCount: num(r.transfer_count_24h),
      level: String(num(r.level)),
      vip: r.vip === true,
      isTop: r.is_top === true,
      canShow: num(r.can_show),
      verifier: str(r.verifier),
      redTag: '',
      greyTag: '',
      blueTag: '',
      publicTag: '',
    };
    return p.field && p.field.length ? Object.fromEntries(p.field.filter((f) => Object.hasOwn(row, f)).map((f) => [f, row[f]])) : row;
  },
  envelope: (tokens, { rangeTotal, also, now }) => {
    // No counts row (never expected: the statement aggregates) reads as zeros.
    const c = also.counts[0];
    const totalAll = num(c?.total_all);
    return {
      total: rangeTotal,
      totalAll,
      all: totalAll,
      totalAllCount: totalAll,
      total10: num(c?.total10),
      total20: num(c?.total20),
      total721: num(c?.total721),
      total1155: num(c?.total1155),
      currentWeekAll: num(c?.current_week),
      currentWeekTotalAll: num(c?.current_week),
      valueAtLeast: 10000,
      updateTime: now,
      tokens,
    };
  },
  // `field` keeps only the named keys of a row: every field is optional, its type is not.
  response: shape({
    total: count,
    totalAll: count,
    all: count,
    totalAllCount: count,
    total10: count,
    total20: count,
    total721: count,
    total1155: count,
    currentWeekAll: count,
    currentWeekTotalAll: count,
    valueAtLeast: z.number(),
    updateTime: exactInt,
    tokens: z.array(
      z.looseObject({
        tokenId: z.number().int(),
        contractAddress: z.string(),
        contractAddressLower: z.string(),
        tokenType: z.string(),
        name: z.string(),
        abbr: z.string(),
        decimal: z.number().int(),
        imgUrl: z.string(),
        projectSite: z.string(),
        whitePaper: z.string(),
        github: z.string(),
        pairUrl: z.string(),
        description: z.string(),
        socialMedia: z.string(),
        ownerAddress: z.string(),
        dateCreated: exactInt,
        issueTime: z.string(),
        supply: exactNumber,
        priceInTrx: z.number(),
        priceInUsd: z.number(),
        marketcap: z.number(),
        volume24hInTrx: z.number(),
        gain: z.number(),
        nrOfTokenHolders: count,
        transferCount: count.nullable(),
        recentTransferCount: count,
        level: z.string(),
        vip: z.boolean(),
        isTop: z.boolean(),
        canShow: z.number().int(),
        verifier: z.string(),
        redTag: z.string(),
        greyTag: z.string(),
        blueTag: z.string(),
        publicTag: z.string(),
      }).partial(),
    ),
  }),
  csv: {
    filename: 'tokens_overview.csv',
    columns: ['token_id', 'token_standard', 'name', 'symbol', 'decimals', 'issuer_address', 'created_ts', 'supply_raw', 'trx', 'usd',
      'marketcap', 'volume_trx', 'gain', 'holder_count', 'transfer_count', 'transfer_count_24h', 'level', 'vip', 'verifier']
      .map((c) => ({ header: c, field: c })),
  },
});
