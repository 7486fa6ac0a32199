/**
 * GET /api/stableCoin/transferAmount (SPEC §4.4; shape: reference §3): per stablecoin contract, the USD value its
 * Transfers moved: `lineData` one point per UTC day of [startTime, endTime] (`type=addLine`; else empty),
 * `stableAmount24h` the 24 hours ending at endTime. USD = the day's exact amount ÷ 10^decimals × the token's USD close
 * of that day (token_day_prices, the price rule of every USD figure), rounded once to 6 places: a day without a
 * price has no point, and a 24 h figure that needs one is null (never a guessed price). Times in seconds; defaults:
 * endTime now (the head block), startTime 7 days before endTime.
 */
import { z } from 'zod';
import { multiplyScaled, oneOf, ratioDecimal, timestampSecAsMs } from '../../params/index.ts';
import { DAY_MS } from '../../time.ts';
import { ApiError } from '../../wire/errors.ts';
import { defineEndpoint, type EndpointContext } from '../kit/endpoint.ts';
import { formatField } from '../kit/exports.ts';
import { shape } from '../kit/schemas.ts';
import { itemsTable, STABLE_ADDRESSES, STABLE_CONTRACTS, stableContract } from '../shapes/stablecoin-shape.ts';

const QUERIES = { days: 'deep/transfer-amount' } as const;
const DEFAULT_SPAN_MS = 7 * DAY_MS;
const PLACES = 6;
/** Places of the exact per-day products summed into a 24 h figure before its one rounding. */
const EXACT_PLACES = 60;

const params = z.object({
  startTime: timestampSecAsMs().optional(),
  endTime: timestampSecAsMs().optional(),
  type: oneOf(['addLine']).optional(),
  format: formatField(),
});
type Params = z.output<typeof params>;

interface DayAmount { contract: string; day: string; raw: bigint; price: number | null }

/**
 * The days of [start, end]. `ofVersion`: the bounds derive from the head time only (the defaults), so the rows are the
 * version's (kept with it, issue 31: a scan of the window's transfers per request); any other window is read per call.
 */
async function daysOf(ctx: EndpointContext, start: number, end: number, ofVersion: boolean): Promise<DayAmount[]> {
  const binds = {
    contracts: [...STABLE_ADDRESSES], start_ts: start, end_ts: end,
    start_day: new Date(start).toISOString().slice(0, 10), end_day: new Date(end).toISOString().slice(0, 10),
  };
  const rows = ofVersion ? await ctx.versionRows(QUERIES.days, binds) : await ctx.typedRows(QUERIES.days, binds);
  return rows.map((r) => ({ contract: String(r.contract_address), day: String(r.day), raw: BigInt(String(r.amount)), price: r.price_usd ?? null }));
}

/** The window: each bound its own default (endTime now; startTime 7 days before the end). */
function windowOf(p: Params, ctx: EndpointContext): { start: number; end: number } {
  const end = p.endTime ?? ctx.now;
  const start = p.startTime ?? end - DEFAULT_SPAN_MS;
  if (start > end) throw new ApiError('BAD_PARAMETER', 'startTime must not be after endTime', p.startTime !== undefined ? 'startTime' : 'endTime');
  return { start, end };
}

const usdOf = (d: DayAmount, places: number) => multiplyScaled(d.raw, stableContract(d.contract)!.decimals, String(d.price), places);

async function linesOf(p: Params, ctx: EndpointContext) {
  const { start, end } = windowOf(p, ctx);
  const days = p.type === 'addLine' ? await daysOf(ctx, start, end, p.startTime === undefined && p.endTime === undefined) : [];
  return STABLE_CONTRACTS.map((c) => ({
    tokenAbbr: c.tokenAbbr,
    contractAddress: c.address,
    lineData: days.filter((d) => d.contract === c.address && d.price !== null)
      .map((d) => ({ t: Date.parse(`${d.day}T00:00:00Z`), v: Number(usdOf(d, PLACES)) })),
  }));
}

export default defineEndpoint({
  path: '/api/stableCoin/transferAmount',
  method: 'GET',
  summary: 'USD value moved by each stablecoin: a daily line over the window and the last 24 hours.',
  params,
  response: z.looseObject({
    stableAmountLine: z.array(shape({ tokenAbbr: z.string(), contractAddress: z.string(), lineData: z.array(shape({ t: z.number().int(), v: z.number() })) })),
    stableAmount24h: z.array(shape({ amount24h: z.number().nullable(), contractAddress: z.string(), tokenAbbr: z.string() })),
  }),
  queries: QUERIES,
  async handle(p, ctx) {
    const { end } = windowOf(p, ctx);
    const stableAmountLine = await linesOf(p, ctx);
    const last = await daysOf(ctx, Math.max(0, end - DAY_MS), end, p.endTime === undefined);
    const stableAmount24h = STABLE_CONTRACTS.map((c) => {
      const mine = last.filter((d) => d.contract === c.address && d.raw !== 0n);
      // Exact products of the days, added, then rounded once; a day that moved without a price leaves it unknown.
      const amount24h = mine.some((d) => d.price === null) ? null
        : Number(ratioDecimal(mine.reduce((a, d) => a + unitsOf(usdOf(d, EXACT_PLACES), EXACT_PLACES), 0n), 10n ** BigInt(EXACT_PLACES), PLACES));
      return { amount24h, contractAddress: c.address, tokenAbbr: c.tokenAbbr };
    });
    return { stableAmountLine, stableAmount24h };
  },
  csv: {
    filename: 'stablecoin_transfer_amount.csv',
    wanted: (p) => p.format === 'csv',
    table: async (p, ctx) => itemsTable(await linesOf(p, ctx), ['tokenAbbr', 'contractAddress', 'lineData']),
  },
});

/** A decimal text (at most `places` decimals) as an integer count of 10^-places, e.g. unitsOf('1.5', 2) = 150n. */
function unitsOf(decimal: string, places: number): bigint {
  const [whole, fraction = ''] = decimal.split('.');
  return BigInt(`${whole}${fraction.padEnd(places, '0')}`);
}
