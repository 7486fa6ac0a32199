/**
 * GET /api/token/price (SPEC §4.1; shape: reference §2, a flat object of strings): the latest daily price of a token
 * given by abbreviation (default trx; a TRC10 id or contract address also works). The 24 h changes compare the two
 * latest days of latest_prices (the price rule, docs/compat.md "## Prices (issue 33)"); the market cap uses the
 * derived supply (TRX: the lake holds no TRX supply, "0").
 * An unknown or unpriced token answers `{}` (reference: an empty body). No API key is required: SPEC §5 names only
 * the key-events endpoint.
 */
import { z } from 'zod';
import { defineEndpoint } from '../kit/endpoint.ts';
import { text } from '../../params/index.ts';
import type { TokenTokenPriceRow } from '../kit/sql-types.generated.ts';
import { num, str, TRX_ID } from '../shapes/token-shape.ts';
import { count, decimalString, empty, exactInt, shape } from '../kit/schemas.ts';

const params = z.object({
  token: text(64)
    .optional()
    .transform((t) => t ?? 'trx')
    .meta({ description: 'Token abbreviation (default trx), or a TRC10 id or contract address.', override: { type: 'string', maxLength: 64, default: 'trx' } }),
});

/** Price source named in the response (`from`): the lake's own daily table. */
const PRICE_SOURCE = 'tronlake';

const pct = (now: number, before: number): string => (before ? (((now - before) / before) * 100).toFixed(8) : '0');

const QUERIES = { board: 'token/token-price' } as const;

export default defineEndpoint({
  path: '/api/token/price',
  method: 'GET',
  summary: 'Latest USD and TRX price of a token by abbreviation (default trx), with 24 h changes.',
  params,
  response: z.union([
    empty,
    shape({
      token: z.string(),
      price_in_trx: decimalString,
      price_in_usd: decimalString,
      percent_change_24h: decimalString,
      volume_percent_change_24h: decimalString,
      market_cap_percent_change_24h: decimalString,
      market_cap: decimalString,
      volume_24h: decimalString,
      rank: count,
      from: z.string(),
      time: exactInt,
    }),
  ]),
  queries: QUERIES,
  async handle(p, ctx) {
    const rows = await ctx.versionRows(QUERIES.board, {});
    const byToken = new Map<string, TokenTokenPriceRow[]>();
    for (const r of rows) byToken.set(str(r.token_id), [...(byToken.get(str(r.token_id)) ?? []), r]);
    const wanted = p.token.toLowerCase();
    const id = ['trx', '_', '0'].includes(wanted)
      ? TRX_ID
      : [...byToken.keys()].find((k) => k === p.token) ?? [...byToken.entries()].find(([, rs]) => str(rs[0]!.symbol).toLowerCase() === wanted)?.[0];
    const mine = id === undefined ? undefined : byToken.get(id);
    if (!mine || mine.length === 0) return {};
    const cap = (rs: TokenTokenPriceRow[], i: number) => {
      const r = rs[i] ?? rs[0]!;
      return id === TRX_ID && rs === mine ? 0 : (num(r.supply) / 10 ** num(r.decimals)) * num(r.price_usd);
    };
    const ranks = [...byToken.entries()].map(([k, rs]) => ({ k, c: k === TRX_ID ? Number.POSITIVE_INFINITY : cap(rs, 0) })).sort((a, b) => b.c - a.c);
    const [now, before] = [mine[0]!, mine[1] ?? mine[0]!];
    return {
      token: id === TRX_ID ? 'trx' : str(now.symbol),
      price_in_trx: num(now.price_trx).toFixed(18),
      price_in_usd: num(now.price_usd).toFixed(18),
      percent_change_24h: pct(num(now.price_usd), num(before.price_usd)),
      volume_percent_change_24h: pct(num(now.volume_usd), num(before.volume_usd)),
      market_cap_percent_change_24h: pct(cap(mine, 0), cap(mine, 1)),
      market_cap: cap(mine, 0).toFixed(2),
      volume_24h: num(now.volume_usd).toFixed(2),
      rank: ranks.findIndex((x) => x.k === id) + 1,
      from: PRICE_SOURCE,
      time: num(now.day_ts),
    };
  },
});
