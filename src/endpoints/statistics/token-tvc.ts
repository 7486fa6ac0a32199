/**
 * GET /api/tokenTvc (SPEC §4.2; shape: reference "GET /api/tokenTvc", a flat object): the total value of the tokens
 * on chain, in USD. A token counts when the lake has its exact supply (token_stats.supply_raw, decimal-adjusted) and a
 * USD price by the one price rule (sql/serving/token_day_prices.sql: price_candles, else token_prices, else the chain's
 * SunSwap swaps); its market cap = exact supply × price, floor()ed once to 6 places. TRX is not a token here.
 * `startTime` / `endTime` (seconds; default the 7 days before the head) bound the window: `tvcLine` has one point per
 * UTC day of it with a price (`{t: day start in seconds as text, v: USD}`; the supply is today's: the lake keeps no
 * per-day supply of every token), `totalTvc` / `tokens` / `totalTokenNum` take each token's latest price on or before
 * the window's last day, `lastWeekTokenNum` the tokens priced 7 days before it. docs/compat.md "## Prices (issue 33)".
 */
import { z } from 'zod';
import { defineEndpoint } from '../kit/endpoint.ts';
import { count, exactInt, exactNumber } from '../kit/schemas.ts';
import { scaledNumber, ratioDecimal, timestampSecAsMs } from '../../params/index.ts';
import { base58ToHex } from '../../chain/address.ts';
import { STABLECOIN_CONTRACTS } from '../../chain/stablecoins.ts';
import { ApiError } from '../../wire/errors.ts';
import { JsonDecimal } from '../../wire/json.ts';
import { numOr0 as n } from '../shapes/cells.ts';
import { E18, e18 } from '../shapes/prices.ts';

const DAY = 86_400_000;
/** Longest window (days): a longer one is a 400 naming the bound given. */
const MAX_DAYS = 366;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const STABLECOINS = new Set(STABLECOIN_CONTRACTS.map((c) => c.address));

const params = z.object({
  startTime: timestampSecAsMs().optional(),
  endTime: timestampSecAsMs().optional(),
});

const QUERIES = { days: 'statistics/token-tvc.days' } as const;

/** USD value of `supplyRaw` smallest units at `price` (10^-18 units), in 10^-6 USD, floor()ed once. */
function valueMicroUsd(supplyRaw: bigint, decimals: number, price: bigint): bigint {
  return (supplyRaw * price) / 10n ** BigInt(decimals + 12);
}

const usd = (micro: bigint) => scaledNumber(micro, 6);

const token = z.object({
  abbr: z.string(),
  name: z.string(),
  contractAddress: z.string(),
  contractAddressLower: z.string(),
  tokenType: z.string(),
  priceInTrx: exactNumber.nullable(),
  priceInUsd: exactNumber,
  marketCapUSD: exactNumber,
  supply: exactNumber,
  decimal: z.number().int(),
  nrOfTokenHolders: count,
  transferCount: count,
  priceDay: z.string(),
});

export default defineEndpoint({
  path: '/api/tokenTvc',
  method: 'GET',
  summary: 'Total value of the priced tokens (exact supply × USD price), a daily line over the window, and the token rows.',
  params,
  response: z.object({
    totalTvc: exactNumber,
    tvcLine: z.array(z.object({ t: z.string(), v: exactNumber })),
    stableCoinCountOfTopTen: count,
    totalTokenNum: count,
    lastWeekTokenNum: count,
    updateTime: exactInt,
    tokens: z.array(token),
  }),
  queries: QUERIES,
  async handle(p, ctx) {
    const end = p.endTime ?? ctx.now;
    const start = p.startTime ?? end - 7 * DAY;
    if (start > end) throw new ApiError('BAD_PARAMETER', 'startTime must not be after endTime', p.startTime !== undefined ? 'startTime' : 'endTime');
    if (end - start > MAX_DAYS * DAY) {
      throw new ApiError('BAD_PARAMETER', `the window may span at most ${MAX_DAYS} days`, p.startTime !== undefined ? 'startTime' : 'endTime');
    }
    const endDay = dayOf(end);
    // Every priced day of every token is held per version (kit/per-version.ts: the lake's days × the priced tokens);
    // a window is a cut of them, so no request runs a statement (three statements a window took 15-50 ms each).
    const all = await ctx.versionRows(QUERIES.days, {});
    const latestOnOrBefore = (day: string) => {
      const last = new Map<string, (typeof all)[number]>();
      for (const r of all) if (String(r.day) <= day) last.set(String(r.token_id), r); // rows by token, then day
      return [...last.values()];
    };
    const startDay = dayOf(start);
    const rows = latestOnOrBefore(endDay);
    const line = all.filter((r) => String(r.day) >= startDay && String(r.day) <= endDay)
      .sort((a, b) => (String(a.day) < String(b.day) ? -1 : String(a.day) > String(b.day) ? 1 : 0));
    const lastWeek = latestOnOrBefore(dayOf(end - 7 * DAY));
    const tokens = rows.flatMap((r) => {
      const price = e18(String(r.price));
      const supplyRaw = BigInt(String(r.supply_raw));
      if (price === undefined || supplyRaw < 0n) return [];
      const decimals = n(r.decimals);
      const trxPrice = r.trx_price === null || r.trx_price === undefined ? undefined : e18(String(r.trx_price));
      const id = String(r.token_id);
      const cap = valueMicroUsd(supplyRaw, decimals, price);
      return [{
        cap,
        row: {
          abbr: String(r.symbol), name: String(r.name), contractAddress: id,
          contractAddressLower: r.token_standard === 'trc10' ? '' : base58ToHex(id).toLowerCase(),
          tokenType: String(r.token_standard),
          priceInTrx: trxPrice ? new JsonDecimal(ratioDecimal(price, trxPrice, 12)) : null,
          priceInUsd: new JsonDecimal(ratioDecimal(price, E18, 18)),
          marketCapUSD: usd(cap),
          supply: scaledNumber(supplyRaw, decimals),
          decimal: decimals,
          nrOfTokenHolders: n(r.holder_count),
          transferCount: n(r.transfer_count),
          priceDay: String(r.day),
        },
      }];
    });
    // by market cap, largest first (ties by address): the order of the rows and of the top ten
    tokens.sort((a, b) => (a.cap === b.cap ? (a.row.contractAddress < b.row.contractAddress ? -1 : 1) : a.cap > b.cap ? -1 : 1));
    const byDay = new Map<string, bigint>();
    for (const r of line) {
      const price = e18(String(r.price));
      const supplyRaw = BigInt(String(r.supply_raw));
      if (price === undefined || supplyRaw < 0n) continue;
      const day = String(r.day);
      byDay.set(day, (byDay.get(day) ?? 0n) + valueMicroUsd(supplyRaw, n(r.decimals), price));
    }
    return {
      totalTvc: usd(tokens.reduce((a, t) => a + t.cap, 0n)),
      tvcLine: [...byDay].map(([day, v]) => ({ t: String(Date.parse(`${day}T00:00:00Z`) / 1000), v: usd(v) })),
      stableCoinCountOfTopTen: tokens.slice(0, 10).filter((t) => STABLECOINS.has(t.row.contractAddress)).length,
      totalTokenNum: tokens.length,
      lastWeekTokenNum: lastWeek.filter((r) => e18(String(r.price)) !== undefined && BigInt(String(r.supply_raw)) >= 0n).length,
      updateTime: ctx.now,
      tokens: tokens.map((t) => t.row),
    };
  },
});
