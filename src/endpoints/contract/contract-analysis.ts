/**
 * GET /api/contract/analysis (SPEC §4.6; shape: reference §2.8, `{size, data}` ascending by day): one contract's
 * figures per UTC day of [start_timestamp, end_timestamp] (seconds, as SPEC §4.6 writes them; default the last 30
 * days), every lake day of the range listed. `type` (required):
 *   0 TRX balance at the end of the day (`trx_amount`, TRX: the head balance − the flows after the day, as
 *     /api/account/analysis) with its USD value (`usdt_amount`) at that day's TRX price (`price`); no price that day →
 *     both left out; no balance known (no TRX flow and no account snapshot) → no rows;
 *   1 transfers the contract address sent or received and the distinct tokens moved (address_block_tokens);
 *   2 energy of the calls to it by who paid (`energy_usage` the callers' stake, `energy_burn` burned, units,
 *     `origin_energy_usage` the deployer's), `energy_usage_total`, and `energy_usage_as_deploy` (its creation's energy);
 *   3 bandwidth of the calls: from stake or the free allowance, burned (bytes, null without a price), total;
 *   4 calls (`trigger_count`) and distinct callers (`account_count`);
 *   5 sun the calls burned: `energy_fee`, `net_fee` and their sum `fee` (field names not in the reference: docs/compat.md "Contracts").
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

const TYPES = ['0', '1', '2', '3', '4', '5'] as const;

type UsageRow = SqlRows['contract/contract-analysis-usage'];
type TokensRow = SqlRows['account/account-analysis-tokens'];
/** A day of the answer: its `day`, the price, and the columns of the one kind `type` asks for (all optional: `row` reads them by `type`). */
type AnalysisDay = { day: string | null } & Partial<SqlRows['contract/contract-analysis'] & { balance: bigint } & Omit<UsageRow, 'day'> & Omit<TokensRow, 'day_n'>>;

const ZERO_USAGE: Omit<UsageRow, 'day'> = {
  trigger_count: 0, account_count: 0, energy_usage: 0, origin_energy_usage: 0, energy_usage_total: 0, energy_burn: 0,
  energy_usage_as_deploy: 0, net_usage: 0, net_burn: 0, net_fee: 0, energy_fee: 0,
};
const big = (c: Cell | undefined): bigint => BigInt((c ?? 0) as number | bigint);

export default defineSeries({
  path: '/api/contract/analysis',
  summary: "One contract's TRX balance, token transfers, energy, bandwidth, calls or burned fees per day.",
  time: { start: 'start_timestamp', end: 'end_timestamp', unit: 's', maxDays: 36_600, defaultDays: 30 },
  granularities: ['day'],
  params: {
    address: address().meta({ description: 'Contract address (required).' }),
    type: oneOf(TYPES).meta({ description: 'Required: 0 TRX balance with its USD value and the TRX price, 1 token transfers, 2 energy, 3 bandwidth, 4 calls and callers, 5 TRX burned by the calls (sun).' }),
  },
  sql: 'contract/contract-analysis',
  // The lake's days and TRX's price of each: the same rows whatever the range, read once per version.
  perVersion: true,
  queries: { balance: 'account/account-analysis-balance', tokens: 'account/account-analysis-tokens', usage: 'contract/contract-analysis-usage' },
  sum: [],
  async after(days, p, ctx): Promise<AnalysisDay[]> {
    if (p.type === '0') {
      const flows = await ctx.typedRows('account/account-analysis-balance', { address: p.address, start_ts: dayMs(p.range.from) });
      return withEndOfDayBalance(days, flows, p.range.to);
    }
    if (p.type === '1') {
      const rows = await ctx.typedRows('account/account-analysis-tokens', { address: p.address, start_ts: dayMs(p.range.from), end_ts: dayMs(p.range.to) + DAY_MS - 1 });
      const byDay = new Map(rows.map((r) => [Number(r.day_n), r]));
      return days.map((d) => ({ transfer_count: 0, token_count: 0, ...byDay.get(dayMs(d.day) / DAY_MS), day: d.day ?? null }));
    }
    const rows = await ctx.typedRows('contract/contract-analysis-usage', { address: p.address, start_day: p.range.from, end_day: p.range.to });
    const byDay = new Map(rows.map((r) => [String(r.day), r]));
    // A day without a row had no call (the lake holds every transaction of its days): zeros.
    return days.map((d) => Object.assign({}, ZERO_USAGE, byDay.get(String(d.day)), { day: d.day ?? null }));
  },
  row(r, p) {
    switch (p.type) {
      case '0':
        return balanceDayRow(r.day, r.balance ?? 0n, r.price);
      case '1':
        return { day: r.day, transfer_count: Number(r.transfer_count ?? 0), token_count: Number(r.token_count ?? 0) };
      case '2':
        return {
          day: r.day, energy_usage: r.energy_usage, energy_burn: r.energy_burn, origin_energy_usage: r.origin_energy_usage,
          energy_usage_total: r.energy_usage_total, energy_usage_as_deploy: r.energy_usage_as_deploy,
        };
      case '3': {
        const burn = r.net_burn === null || r.net_burn === undefined ? null : r.net_burn;
        return { day: r.day, net_usage: r.net_usage, net_burn: burn, net_usage_total: burn === null ? null : big(r.net_usage) + big(burn) };
      }
      case '4':
        return { day: r.day, trigger_count: r.trigger_count, account_count: r.account_count };
      default:
        return { day: r.day, energy_fee: r.energy_fee, net_fee: r.net_fee, fee: big(r.energy_fee) + big(r.net_fee) };
    }
  },
  envelope: (items) => ({ size: items.length, data: items }),
  response: z.object({
    size: count,
    data: z.array(
      z.union([
        balanceDay,
        z.strictObject({ day: dayString, transfer_count: count, token_count: count }),
        z.strictObject({ day: dayString, energy_usage: exactInt, energy_burn: exactInt, origin_energy_usage: exactInt, energy_usage_total: exactInt, energy_usage_as_deploy: exactInt }),
        z.strictObject({ day: dayString, net_usage: exactInt, net_burn: exactInt.nullable(), net_usage_total: exactInt.nullable() }),
        z.strictObject({ day: dayString, trigger_count: exactInt, account_count: exactInt }),
        z.strictObject({ day: dayString, energy_fee: exactInt, net_fee: exactInt, fee: exactInt }),
      ]),
    ),
  }),
});
