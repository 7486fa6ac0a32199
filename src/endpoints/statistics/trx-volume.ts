/**
 * GET /api/trx/volume (SPEC §4.2; shape: reference "GET /api/trx/volume"): TRX's daily USD candles of one price
 * source, newest first: rows {time (ms), open, high, low, close, volume, market_cap (USD strings, exact decimal text),
 * source}. Sources: the price_candles reference under its own names, and `sunswap`, the chain's own USDT/WTRX swaps
 * (dex_prices, issue 33; market_cap null: no exact whole-chain supply). `source` defaults to the serve setting
 * `--price-source`, else the lake's first price_candles source by name, else `sunswap`; a source the lake does not have
 * is a 400 naming `source` (`sunswap` is always known: empty without swaps; a configured default the lake lacks
 * answers empty too). `start_timestamp` / `end_timestamp` (ms)
 * bound the day's start, inclusive. trx_price_change_ratio / trx_market_cap_change_ratio: the change between the
 * source's two newest days (whatever the page), rounded once to 6 places, null without two days.
 * docs/compat.md "## Prices (issue 33)".
 */
import { z } from 'zod';
import { defineEndpoint } from '../kit/endpoint.ts';
import type { EndpointContext } from '../kit/endpoint.ts';
import { csvStatement, formatField, listCsv, withExportPage } from '../kit/exports.ts';
import { count, decimalString, exactInt } from '../kit/schemas.ts';
import { pagingFields, timestampMs, type PagingOptions } from '../../params/index.ts';
import { ApiError } from '../../wire/errors.ts';
import { numOr0 as n, type ColumnsOrRow } from '../shapes/cells.ts';
import { changeRatio } from '../shapes/prices.ts';

const paging: PagingOptions = { defaultLimit: 10, maxLimit: 1000, sumRule: true };
export const CHAIN_PRICE_SOURCE = 'sunswap';

const params = z
  .object({
    ...pagingFields(paging),
    start_timestamp: timestampMs().optional(),
    end_timestamp: timestampMs().optional(),
    source: z.string().trim().min(1).max(64).optional().meta({
      description: "Price source: a name /api/trx/volume/sourceList lists (e.g. sunswap, the chain's SunSwap swaps); default the serve setting --price-source, else the lake's first price_candles source by name, else sunswap.",
      examples: ['sunswap'],
    }),
    format: formatField(),
  })
  .superRefine((v, ctx) => {
    if (v.start_timestamp !== undefined && v.end_timestamp !== undefined && v.end_timestamp < v.start_timestamp) {
      ctx.addIssue({ code: 'custom', path: ['end_timestamp'], message: 'must not be before start_timestamp' });
    }
  })
  .transform(withExportPage(paging));

type Params = z.output<typeof params>;

const QUERIES = { all: 'statistics/trx-volume.all', rows: 'statistics/trx-volume', sources: 'statistics/trx-volume-source-list' } as const;

const item = z.object({
  time: exactInt,
  open: decimalString,
  high: decimalString,
  low: decimalString,
  close: decimalString,
  volume: decimalString.nullable(),
  market_cap: decimalString.nullable(),
  source: z.string(),
});

/** The source asked, or the default (setting, first price_candles source by name, sunswap); a 400 for one the lake lacks. */
async function sourceOf(p: Params, ctx: EndpointContext): Promise<string> {
  const known = (await ctx.versionRows(QUERIES.sources, {})).map((r) => String(r.source));
  // the chain's own source is always there (empty without swaps); the others are the reference's
  if (!known.includes(CHAIN_PRICE_SOURCE)) known.push(CHAIN_PRICE_SOURCE);
  if (p.source !== undefined) {
    if (!known.includes(p.source)) {
      throw new ApiError('BAD_PARAMETER', `source must be one of the lake's price sources (${known.join(', ') || 'none'})`, 'source');
    }
    return p.source;
  }
  return ctx.settings?.priceSource ?? known.find((s) => s !== CHAIN_PRICE_SOURCE) ?? CHAIN_PRICE_SOURCE;
}

const bindsOf = (p: Params, source: string, lim: number | null) => ({
  source, start_ts: p.start_timestamp ?? null, end_ts: p.end_timestamp ?? null, lim, off: p.page.start,
});

const itemOf = (r: ColumnsOrRow<'time' | 'open' | 'high' | 'low' | 'close' | 'volume' | 'market_cap' | 'source'>) => ({
  time: n(r.time),
  open: String(r.open),
  high: String(r.high),
  low: String(r.low),
  close: String(r.close),
  volume: r.volume === null || r.volume === undefined ? null : String(r.volume),
  market_cap: r.market_cap === null || r.market_cap === undefined ? null : String(r.market_cap),
  source: String(r.source),
});

export default defineEndpoint({
  path: '/api/trx/volume',
  method: 'GET',
  summary: "TRX's daily USD price candles (open, high, low, close, volume, market cap) of one price source, newest first.",
  params,
  response: z.object({
    code: z.literal(200),
    status: z.literal('1'),
    message: z.string(),
    lastUpdateSeconds: exactInt,
    total: count,
    trx_price_change_ratio: decimalString.nullable(),
    trx_market_cap_change_ratio: decimalString.nullable(),
    data: z.array(item),
  }),
  queries: QUERIES,
  csv: listCsv<Params>('/api/trx/volume', Object.keys(item.shape), async (p, ctx) =>
    csvStatement(QUERIES.rows, bindsOf(p, await sourceOf(p, ctx), p.page.limit), itemOf)),
  async handle(p, ctx) {
    const source = await sourceOf(p, ctx);
    const limit = p.page.limit ?? 0; // only a download has no page, and it does not come here
    // Every source's candles are held per version (a few rows a day): a page is a filter and a slice, no statement
    // per request (10 ms p50 as three statements on the default lake at load ~5, mostly statement overhead).
    const candles = (await ctx.versionRows(QUERIES.all, {})).filter((r) => r.source === source);
    const inRange = candles.filter((r) => (p.start_timestamp === undefined || n(r.time) >= p.start_timestamp)
      && (p.end_timestamp === undefined || n(r.time) <= p.end_timestamp));
    const rows = inRange.slice(p.page.start, p.page.start + limit);
    const [newest, previous] = candles;
    return {
      code: 200, status: '1', message: 'request ok', lastUpdateSeconds: Math.floor(ctx.now / 1000), total: inRange.length,
      trx_price_change_ratio: changeRatio(newest?.close, previous?.close),
      trx_market_cap_change_ratio: changeRatio(newest?.market_cap, previous?.market_cap),
      data: rows.map(itemOf),
    };
  },
});
