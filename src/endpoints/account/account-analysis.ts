/**
 * GET /api/account/analysis (SPEC §4.3; shape: reference "account/analysis", `{size, data}` ascending by day): one
 * address's figures per UTC day of [start_timestamp, end_timestamp] (ms; default the last 30 days), every day of the
 * range inside the lake listed. `type` (default 0):
 *   0 TRX balance at the end of the day (`trx_amount`, TRX: the head balance − the flows after the day) with its USD value (`usdt_amount`) at that day's TRX price
 *     (`price`; price_candles, else token_prices: docs/compat.md "Accounts"); no price that day → both left out. An
 *     address with no account in the lake answers no rows (its balance is unknown, not 0).
 *   1 transfers sent or received and distinct tokens moved (TRX, TRC10, TRC20 / 721 / 1155);
 *   2 energy of the transactions it signed: from its stake, burned, paid by the deployers, total;
 *   3 bandwidth of those: from stake or the free allowance, burned, total;
 *   4 transactions it signed (`transactions_out`) and received (`transactions_in`): the reference has no account
 *     variant, names decided in docs/compat.md.
 */
import { z } from 'zod';
import type { Cell } from '../../duckdb/duck.ts';
import { address, oneOf } from '../../params/index.ts';
import { defineSeries } from '../kit/series.ts';
import type { SqlRows } from '../kit/sql-types.generated.ts';
import { count, exactInt } from '../kit/schemas.ts';
import { dayMs, dayString } from '../shapes/stats-shape.ts';
import { balanceDay, balanceDayRow, withEndOfDayBalance } from '../shapes/balance-days.ts';
import { DAY_MS } from '../../time.ts';

const TYPES = ['0', '1', '2', '3', '4'] as const;

const n = (c: Cell | undefined): number => Number(c ?? 0);

type ActivityRow = SqlRows['account/account-analysis-activity'];
type TokensRow = SqlRows['account/account-analysis-tokens'];
/**
 * A day of the answer: its `day` and the columns of the one kind `type` asks for (type 0: the rollup's day with its
 * `balance`; 1: the token counts; 2-4: the activity), the others absent. `row` reads them by `type`, which the row
 * does not carry: hence every column optional (not a union the compiler could narrow).
 */
type AnalysisDay = { day: string | null } & Partial<SqlRows['account/account-analysis'] & { balance: bigint } & ActivityRow & TokensRow>;

const ZERO: Omit<ActivityRow & TokensRow, 'day_n'> = { transfer_count: 0, token_count: 0, tx_out: 0, tx_in: 0, energy_usage: 0, origin_energy_usage: 0, energy_burn: 0, energy_usage_total: 0, net_usage: 0, net_burn: 0 };

export default defineSeries({
  path: '/api/account/analysis',
  summary: "One address's TRX balance, transfers, energy, bandwidth or transactions per day.",
  time: { start: 'start_timestamp', end: 'end_timestamp', unit: 'ms', maxDays: 36_600, defaultDays: 30 },
  granularities: ['day'],
  params: {
    address: address().meta({ description: 'Account address (required).' }),
    type: oneOf(TYPES)
      .optional()
      .meta({ description: '0 TRX balance and its USD value (default), 1 token transfers, 2 energy, 3 bandwidth, 4 transactions initiated and received.', override: { default: '0' } }),
  },
  sql: 'account/account-analysis',
  // The lake's days and TRX's price of each: the same rows whatever the range, read once per version.
  perVersion: true,
  queries: { balance: 'account/account-analysis-balance', activity: 'account/account-analysis-activity', tokens: 'account/account-analysis-tokens' },
  sum: [],
  async after(days, p, ctx): Promise<AnalysisDay[]> {
    const type = p.type ?? '0';
    const startTs = dayMs(p.range.from);
    const endTs = dayMs(p.range.to) + DAY_MS - 1;
    if (type === '0') {
      const flows = await ctx.typedRows('account/account-analysis-balance', { address: p.address, start_ts: startTs });
      return withEndOfDayBalance(days, flows, p.range.to);
    }
    const binds = { address: p.address, start_ts: startTs, end_ts: endTs };
    const rows: (ActivityRow | TokensRow)[] = type === '1' ? await ctx.typedRows('account/account-analysis-tokens', binds) : await ctx.typedRows('account/account-analysis-activity', binds);
    const byDay = new Map(rows.map((r) => [Number(r.day_n), r]));
    // A day without a row had no activity: zeros (the lake holds every transaction of its days).
    return days.map((d) => Object.assign({}, byDay.get(dayMs(d.day) / DAY_MS) ?? ZERO, { day: d.day ?? null }));
  },
  row(r, p) {
    switch (p.type ?? '0') {
      case '0':
        return balanceDayRow(r.day, BigInt(r.balance as number | bigint), r.price);
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
        balanceDay,
        z.strictObject({ day: dayString, transfer_count: count, token_count: count }),
        z.strictObject({ day: dayString, energy_usage: exactInt, energy_burn: exactInt, origin_energy_usage: exactInt, energy_usage_total: exactInt }),
        z.strictObject({ day: dayString, net_usage: exactInt, net_burn: exactInt.nullable(), net_usage_total: exactInt.nullable() }),
        z.strictObject({ day: dayString, transactions_out: exactInt, transactions_in: exactInt }),
      ]),
    ),
  }),
});
