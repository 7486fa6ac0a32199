/**
 * Protocol revenue (SPEC §4.10; shape: reference responses-contract-tx-witness-block-security-home.md §6), shared by
 * /api/turnover/new and /api/consumption/statistic. Definitions (docs/compat.md "Protocol revenue"), per period, in
 * whole TRX as exact decimals:
 *   burn income  = TRX burned by fees: energy (energy_fee), bandwidth (net_fee) and the other fees (memo, account
 *                  creation, multi-signature, …: fee − energy_fee − net_fee, `otherBurnIncome`);
 *   stake income = resources consumed without burning, valued at the burn price in force when consumed: energy from
 *                  the callers' and deployers' stake × the energy price, and bandwidth not burned (stake and the free
 *                  daily allowance, which receipts do not tell apart) × the bandwidth price; null without prices;
 *   energy / net income = burn + stake of that resource; total = burn + stake.
 * Percent fields are 4-place fraction strings: `…Percent` within its parent, `…InTotal` of totalIncome. Periods are
 * day, month, quarter, year (timeType 0-3), oldest first; `size` (default and max 2000, larger clamped) keeps the last.
 */
import { z } from 'zod';
import type { ColumnsOrRow } from './cells.ts';
import { bucketOf, byDay, defineSeries, type Granularity } from '../kit/series.ts';
import type { EndpointContext } from '../kit/endpoint.ts';
import type { AnyEndpoint } from '../kit/endpoint.ts';
import { utcDay } from '../kit/time-window.ts';
import { count, decimalString } from '../kit/schemas.ts';
import { big, fraction, trx, trxAmount } from './stats-shape.ts';
import { ratioDecimal, ratioNumber } from '../../params/amounts.ts';
import { DAY_MS } from '../../time.ts';


/** The incomes of one period in sun (stake parts null without prices). */
export interface Incomes {
  energyBurn: bigint;
  netBurn: bigint;
  otherBurn: bigint;
  burn: bigint;
  energyStake: bigint | null;
  netStake: bigint | null;
  stake: bigint | null;
  energy: bigint | null;
  net: bigint | null;
  total: bigint | null;
}

/** The summed columns of a period (`sum` of the series below). */
type IncomeColumns = 'fee' | 'energy_fee' | 'net_fee' | 'energy_stake_sun' | 'net_stake_sun';

export function incomes(r: ColumnsOrRow<IncomeColumns>): Incomes {
  const fee = big(r.fee)!;
  const energyBurn = big(r.energy_fee)!;
  const netBurn = big(r.net_fee)!;
  const energyStake = big(r.energy_stake_sun);
  const netStake = big(r.net_stake_sun);
  const stake = energyStake === null || netStake === null ? null : energyStake + netStake;
  return {
    energyBurn,
    netBurn,
    otherBurn: fee - energyBurn - netBurn,
    burn: fee,
    energyStake,
    netStake,
    stake,
    energy: energyStake === null ? null : energyBurn + energyStake,
    net: netStake === null ? null : netBurn + netStake,
    total: stake === null ? null : fee + stake,
  };
}

/**
 * part / whole as a 4-place fraction string rounded once from the exact sums (ratioDecimal, half up), e.g.
 * `percent(1n, 3n)` = '0.3333', `percent(5_113_506n, 10_000_000n)` = '0.5114'; null when unknown or zero.
 */
export function percent(part: bigint | null, whole: bigint | null): string | null {
  if (part === null || whole === null || whole === 0n) return null;
  return ratioDecimal(part, whole, 4);
}

/** The TRX closing price of each bucket (its last priced day in the range), as the reference's USD string. */
async function closePrices(ctx: EndpointContext, range: { from: string; to: string }, g: Granularity): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  // The lake's closes are read once per version (a row a day) and cut to the range here.
  const all = await ctx.versionRows('revenue/trx-price', { start_day: utcDay(ctx.manifest.first.timestamp), end_day: utcDay(ctx.now) });
  const inRange = all.filter((r) => String(r.day) >= range.from && String(r.day) <= range.to);
  for (const r of byDay(inRange)) out.set(bucketOf(String(r.day), g), String(r.price_usd));
  return out;
}

/** Change from `prev` to `cur`, 4 places rounded once from the exact sums. */
const rateOf = (cur: bigint | null, prev: bigint | null): number | null => (cur === null || prev === null || prev === 0n ? null : ratioNumber(cur - prev, prev, 4));

/** Sum of total incomes over days [from, to] (null when a day's stake income is unknown). */
function totalOver(days: readonly ColumnsOrRow<IncomeColumns | 'day'>[], from: string, to: string): bigint | null {
  let sum = 0n;
  for (const d of days) {
    if (String(d.day) < from || String(d.day) > to) continue;
    const t = incomes(d).total;
    if (t === null) return null;
    sum += t;
  }
  return sum;
}

/**
 * The summary fields of the reference envelope, relative to the head block's day: yesterday, the last 30, 90 and
 * 365 days ending yesterday, each with its change from the window just before it.
 */
async function summary(ctx: EndpointContext): Promise<Record<string, unknown>> {
  const yesterday = ctx.now - DAY_MS;
  const day = (n: number) => utcDay(yesterday - n * DAY_MS);
  // The windows end yesterday, a function of the head alone: read once per version.
  const days = await ctx.versionRows('revenue/revenue-days', { start_day: day(729), end_day: day(0) });
  const win = (n: number) => [totalOver(days, day(n - 1), day(0)), totalOver(days, day(2 * n - 1), day(n))] as const;
  const [y, yPrev] = win(1);
  const [m, mPrev] = win(30);
  const [q, qPrev] = win(90);
  const [yr, yrPrev] = win(365);
  const text = (v: bigint | null) => (v === null ? null : trx(v)!.digits);
  return {
    totalIncomeYester: trx(y),
    totalIncomeYesterRate: rateOf(y, yPrev),
    totalIncomeMonth: text(m),
    totalIncomeMonthRate: rateOf(m, mPrev),
    totalIncome3Month: text(q),
    totalIncome3MonthRate: rateOf(q, qPrev),
    totalIncomeYear: text(yr),
    totalIncomeYearRate: rateOf(yr, yrPrev),
  };
}

/** Response-schema pieces of the revenue rows: stake figures (and what adds them) are null without prices. */
export const burnTrx = trxAmount;
export const stakeTrx = trxAmount.nullable();
/** A `percent` string, null when a part or the whole is unknown or zero. */
export const percentString = decimalString.nullable();
/** The TRX closing price in USD, absent for a period without a price. */
export const priceUsd = decimalString.optional();

/** Declares one revenue series: its path, extra parameters and the row it makes of a period's incomes. */
export function defineRevenue<S extends z.ZodRawShape>(d: {
  path: string;
  summary: string;
  params?: S;
  row(i: Incomes, day: string, price: string | undefined, p: z.output<z.ZodObject<S>>): Record<string, unknown>;
  /** The schema of the rows `row` writes. */
  item: z.ZodType;
}): AnyEndpoint {
  return defineSeries({
    path: d.path,
    summary: d.summary,
    time: { start: 'start', end: 'end', unit: 'ms', maxDays: 36_600, defaultDays: 30, defaultStart: 'earliest' },
    granularities: ['day', 'month', 'quarter', 'year'],
    granularityParam: 'timeType',
    granularityValues: { '0': 'day', '1': 'month', '2': 'quarter', '3': 'year' },
    limit: { param: 'size', default: 2000, max: 2000 },
    ...(d.params ? { params: d.params } : {}),
    sql: 'revenue/revenue-days',
    // A day's incomes are the same whatever the range: the days are read once per version and cut to it.
    perVersion: true,
    queries: { prices: 'revenue/trx-price', totals: 'revenue/revenue-days' },
    sum: ['fee', 'energy_fee', 'net_fee', 'energy_stake_sun', 'net_stake_sun'],
    async after(rows, p, ctx) {
      const prices = await closePrices(ctx, p.range, p.granularity);
      return rows.map((r) => Object.assign({}, r, { close_price: prices.get(String(r.day)) ?? null }));
    },
    row: (r, p) => d.row(incomes(r), String(r.day), r.close_price === null ? undefined : String(r.close_price), p as z.output<z.ZodObject<S>>),
    async envelope(items, p, ctx) {
      return { code: 200, message: 'request ok', status: '1', total: p.rangeRows, lastUpdateSeconds: Math.floor(ctx.now / 1000), ...(await summary(ctx)), data: items };
    },
    response: z.object({
      code: z.literal(200),
      message: z.string(),
      status: z.literal('1'),
      total: count,
      lastUpdateSeconds: count,
      // null when a day of the window has no price (stake income unknown) or, for a rate, the window before is empty.
      totalIncomeYester: trxAmount.nullable(),
      totalIncomeYesterRate: fraction,
      totalIncomeMonth: decimalString.nullable(),
      totalIncomeMonthRate: fraction,
      totalIncome3Month: decimalString.nullable(),
      totalIncome3MonthRate: fraction,
      totalIncomeYear: decimalString.nullable(),
      totalIncomeYearRate: fraction,
      data: z.array(d.item),
    }),
  });
}
