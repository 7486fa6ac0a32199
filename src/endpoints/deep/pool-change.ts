/**
 * GET /api/stableCoin/pool/change (SPEC §4.4; shape: reference §3): one stablecoin pool's TVL and token liquidity over
 * time. `data[]` has one point per lake day, oldest first (the reference does not say the period: pinned daily,
 * docs/compat.md "DEX pools and TVL (issue 34)"): `timestamp` (the day's UTC midnight, ms), `tvl` (USD: the end-of-day
 * balances × that day's prices, exact, rounded once; left out without a price), `tokens[]` `{tokenId, liquidity (raw),
 * liquidityPercent}`; `count` the points; one top-level key per pool token `{tokenAbbr, tokenName, tokenDecimal}`.
 * `pool` is required ('pool is required'); a pool that is not a stablecoin pool answers `{count: 0, data: []}`.
 */
import { z } from 'zod';
import { address } from '../../params/atoms.ts';
import { ratioDecimal } from '../../params/amounts.ts';
import { ApiError } from '../../wire/errors.ts';
import { defineEndpoint } from '../kit/endpoint.ts';
import { decimalString } from '../kit/schemas.ts';
import { STABLE_ADDRESSES } from '../shapes/stablecoin-shape.ts';
import { PLACES, units, usdSum, type Leg } from '../shapes/stablecoin-pool-shape.ts';

const QUERIES = { days: 'deep/pool-change' } as const;

const params = z.object({
  pool: address().optional().meta({ description: 'A pool contract address (required).' }),
});

const pointToken = z.object({ tokenId: z.string(), liquidity: z.string(), liquidityPercent: decimalString.optional() });
const point = z.object({ timestamp: z.number().int(), tvl: decimalString.optional(), tokens: z.array(pointToken) });
const tokenMeta = z.object({ tokenAbbr: z.string(), tokenName: z.string(), tokenDecimal: z.number().int() });

export default defineEndpoint({
  path: '/api/stableCoin/pool/change',
  method: 'GET',
  summary: "One stablecoin pool's daily USD TVL and token liquidity.",
  params,
  response: z.object({ count: z.number().int(), data: z.array(point) }).catchall(z.union([z.number(), z.array(point), tokenMeta])),
  queries: QUERIES,
  async handle(p, ctx) {
    if (!p.pool) throw new ApiError('BAD_PARAMETER', 'pool is required', 'pool');
    const rows = await ctx.versionRows(QUERIES.days, { pool: p.pool, stables: [...STABLE_ADDRESSES] });
    const byDay = new Map<number, Leg[]>();
    for (const r of rows) {
      const ts = Number(r.day_ts);
      const legs = byDay.get(ts) ?? [];
      byDay.set(ts, legs);
      legs.push({
        token: String(r.token_address), decimals: Number(r.decimals ?? 0),
        balance: r.balance_raw === null || r.balance_raw === undefined ? null : BigInt(String(r.balance_raw)),
        price: r.price === null || r.price === undefined ? null : String(r.price), swapIn: 0n,
      });
    }
    const data = [...byDay].sort(([a], [b]) => a - b).map(([timestamp, legs]) => {
      const total = legs.every((l) => l.balance !== null) ? legs.reduce((s, l) => s + units(l.balance!, l.decimals), 0n) : undefined;
      const out: z.output<typeof point> = {
        timestamp,
        tokens: legs.map((l) => {
          const t: z.output<typeof pointToken> = { tokenId: l.token, liquidity: l.balance === null ? '' : l.balance.toString() };
          if (l.balance !== null && total) t.liquidityPercent = ratioDecimal(units(l.balance, l.decimals), total, PLACES);
          return t;
        }),
      };
      const tvl = usdSum(legs, (l) => l.balance);
      if (tvl !== undefined) out.tvl = tvl;
      return out;
    });
    const answer: Record<string, unknown> = { count: data.length, data };
    const tokens = [...new Set(rows.map((r) => String(r.token_address)))];
    const infos = await ctx.lookups.tokenInfo(tokens.filter((t) => t !== '_'));
    for (const t of tokens) {
      const i = infos.get(t);
      const decimals = Number(rows.find((r) => String(r.token_address) === t)?.decimals ?? 0);
      answer[t] = t === '_' ? { tokenAbbr: 'trx', tokenName: 'trx', tokenDecimal: 6 } : { tokenAbbr: i?.tokenAbbr ?? '', tokenName: i?.tokenName ?? '', tokenDecimal: i?.tokenDecimal ?? decimals };
    }
    return answer as { count: number; data: z.output<typeof point>[] };
  },
});
