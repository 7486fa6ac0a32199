/**
 * GET /api/account/analysis (SPEC §4.3; shape: reference "account/analysis", `{size, data}` ascending by day): one
 * address's figures per UTC day of [start_timestamp, end_timestamp] (ms; default the last 30 days), every day of the
 * range inside the lake listed. `type` (default 0):
 *   0 TRX balance at the end of the day (`trx_amount`, TRX) with its USD value (`usdt_amount`) at that day's TRX price
 *     (`price`; price_candles, else token_prices: docs/compat.md "Accounts"); no price that day → both left out. An
 *     address with no account in the lake answers no rows (its balance is unknown, not 0).
 *   1 transfers sent or received and distinct tokens moved (TRX, TRC10, TRC20 / 721 / 1155);
 *   2 energy of the transactions it signed: from its stake, burned, paid by the deployers, total;
 *   3 bandwidth of those: from stake or the free allowance, burned, total;
 *   4 transactions it signed (`transactions_out`) and received (`transactions_in`): the reference has no account
 *     variant, names decided in docs/compat.md.
 */
import { z } from 'zod';
import type { Row } from '../../duckdb/duck.ts';
import { JsonDecimal } from '../../http/json.ts';
import { address, multiplyScaled, oneOf, scaleDecimal } from '../../params/index.ts';
import { defineSeries } from '../kit/series.ts';
import { count, decimalString, exactInt, exactNumber } from '../kit/schemas.ts';
import { dayString } from '../stats/stats-shape.ts';

const TYPES = ['0', '1', '2', '3', '4'] as const;
/** USD values carry USDT's 6 decimals. */
const USD_PLACES = 6;

const n = (c: Row[string] | undefined): number => Number(c ?? 0);

export default defineSeries({
  path: '/api/account/analysis',
  summary: "One address's TRX balance, transfers, energy, bandwidth or transactions per day.",
  time: { start: 'start_timestamp', end: 'end_timestamp', unit: 'ms', maxDays: 36_600, defaultDays: 30 },
  granularities: ['day'],
  params: {
    address: address().meta({ description: 'Account address (required).' }),
    type: oneOf(TYPES)
      .optional()
      .meta({ description: '0 TRX balance and its USD value (default), 1 token transfers, 2 energy, 3 bandwidth, 4 transactions initiated and received.' }),
  },
  filters: (p) => ({ address: p.address }),
  sql: 'accounts/account-analysis',
  queries: { tokens: 'accounts/account-analysis-tokens' },
  sum: [],
  async after(rows, p, ctx) {
    const type = p.type ?? '0';
    // No account snapshot: the balance history is unknown (never activated, or untouched before the window).
    if (type === '0') return rows[0]?.balance === null || rows[0]?.balance === undefined ? [] : rows;
    if (type !== '1') return rows;
    const moved = new Map((await ctx.rows('tokens', { address: p.address, start_day: p.range.from, end_day: p.range.to })).map((r) => [String(r.day), r]));
    return rows.map((r) => ({ day: r.day ?? null, transfer_count: moved.get(String(r.day))?.transfer_count ?? 0, token_count: moved.get(String(r.day))?.token_count ?? 0 }));
  },
  row(r, p) {
    switch (p.type ?? '0') {
      case '0': {
        const sun = BigInt(r.balance as number | bigint);
        const price = r.price === null || r.price === undefined ? null : String(r.price);
        return {
          day: r.day,
          trx_amount: scaleDecimal(sun, 6),
          ...(price === null ? {} : { usdt_amount: multiplyScaled(sun, 6, price, USD_PLACES), price: new JsonDecimal(price) }),
        };
      }
      case '1':
        return { day: r.day, transfer_count: n(r.transfer_count), token_count: n(r.token_count) };
      case '2':
        return { day: r.day, energy_usage: r.energy_usage, energy_burn: r.energy_burn, origin_energy_usage: r.origin_energy_usage, energy_usage_total: r.energy_usage_total };
      case '3': {
        const burn = r.net_burn === null || r.net_burn === undefined ? null : r.net_burn;
        return { day: r.day, net_usage: r.net_usage, net_burn: burn, net_usage_total: burn === null ? null : BigInt(r.net_usage as number | bigint) + BigInt(burn as number | bigint) };
      }
      default:
        return { day: r.day, transactions_out: r.tx_out, transactions_in: r.tx_in };
    }
  },
  envelope: (items) => ({ size: items.length, data: items }),
  response: z.object({
    size: count,
    data: z.array(
      z.union([
        z.strictObject({ day: dayString, trx_amount: decimalString, usdt_amount: decimalString.optional(), price: exactNumber.optional() }),
        z.strictObject({ day: dayString, transfer_count: count, token_count: count }),
        z.strictObject({ day: dayString, energy_usage: exactInt, energy_burn: exactInt, origin_energy_usage: exactInt, energy_usage_total: exactInt }),
        z.strictObject({ day: dayString, net_usage: exactInt, net_burn: exactInt.nullable(), net_usage_total: exactInt.nullable() }),
        z.strictObject({ day: dayString, transactions_out: exactInt, transactions_in: exactInt }),
      ]),
    ),
  }),
});
