/**
 * GET /api/turnover (SPEC §4.2; shape: reference "GET /api/turnover"): TRX issuance and burn per day, month, quarter or
 * year (`type` 0-3), oldest first, whole TRX (exact numbers). Per period: `total_block_pay` / `total_node_pay` the block
 * and vote rewards minted (daily_supply: the chain parameters in force at each block), `total_produce` their sum,
 * `total_burn` every fee burned (positive), `worth` = produce − burn, `total_turn_over` the supply at the end of the
 * period's last day in the range (genesis + the issued / burned anchors before the lake + the lake's flows; null
 * without an anchor). A month / quarter / year row sums its days in the range (the current one partial). `size`
 * (default 2000, 1..10000) keeps the last rows. `from=issuance` adds `last_14_days`, `last_30_days`, `last_180_days`
 * (net issuance of the N whole days ending yesterday), `year_worth_percent` and the `yesterday_*` figures. The day
 * rows are read once per version (perVersion). docs/compat.md "TRX supply and staking".
 */
import { z } from 'zod';
import type { Cell } from '../../duckdb/duck.ts';
import { defineSeries } from '../kit/series.ts';
import { count, exactNumber } from '../kit/schemas.ts';
import { int, oneOf, ratioNumber } from '../../params/index.ts';
import { utcDay } from '../kit/time-window.ts';
import { bigOrNull as big } from '../shapes/cells.ts';
import { dayString, trx } from '../shapes/stats-shape.ts';
import { lakeRows, shiftDay, supplyAt, SUPPLY_DAYS_SQL, type Period } from '../shapes/supply-shape.ts';

const SQL = SUPPLY_DAYS_SQL;

const add = (a: bigint | null, b: bigint | null): bigint | null => (a === null || b === null ? null : a + b);
const sub = (a: bigint | null, b: bigint | null): bigint | null => (a === null || b === null ? null : a - b);

/** Sums of the lake's days in [from, to]; null unless the lake holds each of those days whole. */
function window(rows: readonly Period[], from: string, to: string, firstWholeDay: string): { produce: bigint | null; burn: bigint | null } | null {
  if (from < firstWholeDay) return null;
  let produce: bigint | null = 0n;
  let burn: bigint | null = 0n;
  let days = 0;
  for (const r of rows) {
    if (r.day < from || r.day > to) continue;
    produce = add(produce, add(r.block_pay, r.node_pay));
    burn = add(burn, r.burn);
    days++;
  }
  const expected = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;
  return days === expected ? { produce, burn } : null;
}

const item = z.object({
  day: dayString,
  total_turn_over: exactNumber.nullable(),
  total_produce: exactNumber.nullable(),
  total_block_pay: exactNumber.nullable(),
  total_node_pay: exactNumber.nullable(),
  total_burn: exactNumber.nullable(),
  worth: exactNumber.nullable(),
});

const trxOrNull = exactNumber.nullable();

export default defineSeries({
  path: '/api/turnover',
  summary: 'TRX minted (block and vote rewards), burned and the supply per day, month, quarter or year.',
  time: { start: 'start_timestamp', end: 'end_timestamp', unit: 'ms', maxDays: 36_600, defaultDays: 36_600, defaultStart: 'earliest', defaultEnd: 'head' },
  granularities: ['day', 'month', 'quarter', 'year'],
  granularityValues: { '0': 'day', '1': 'month', '2': 'quarter', '3': 'year' },
  limit: { param: 'size', default: 2000, max: 10_000 },
  params: {
    // Declared after the kit's `size` (a value over the maximum is a 400 here, never a clamp).
    size: int({ min: 1, max: 10_000 }).optional().meta({ description: 'Rows answered, the last of the range (default 2000, 1..10000).', override: { type: 'integer', minimum: 1, maximum: 10_000, default: 2000 } }),
    from: oneOf(['issuance']).optional().meta({ description: 'issuance adds last_14_days, last_30_days, last_180_days, year_worth_percent and the yesterday_* figures.', override: { type: 'string', enum: ['issuance'] } }),
  },
  sql: SQL,
  perVersion: true,
  sum: ['block_pay', 'node_pay', 'burn'],
  async after(rows, p, ctx): Promise<Period[]> {
    const days = await lakeRows(ctx);
    return rows.map((r) => {
      const last = [p.range.to, lastDayOf(String(r.day), p.granularity)].sort()[0]!;
      return { day: String(r.day), block_pay: big(r.block_pay as Cell), node_pay: big(r.node_pay as Cell), burn: big(r.burn as Cell), supply: supplyAt(days, last) };
    });
  },
  row: (r) => {
    const produce = add(r.block_pay, r.node_pay);
    return {
      day: r.day,
      total_turn_over: trx(r.supply),
      total_produce: trx(produce),
      total_block_pay: trx(r.block_pay),
      total_node_pay: trx(r.node_pay),
      total_burn: trx(r.burn),
      worth: trx(sub(produce, r.burn)),
    };
  },
  async envelope(items, p, ctx) {
    if (p.from !== 'issuance') return { total: p.rangeRows, data: items };
    const days = await lakeRows(ctx);
    const yesterday = shiftDay(utcDay(ctx.now), -1);
    // The lake's first day is whole only when the lake starts at genesis or at UTC midnight.
    const first = ctx.manifest.first;
    const firstWholeDay = first.number === 0 || first.timestamp % 86_400_000 === 0 ? utcDay(first.timestamp) : shiftDay(utcDay(first.timestamp), 1);
    const net = (n: number) => {
      const w = window(days, shiftDay(yesterday, 1 - n), yesterday, firstWholeDay);
      return w === null ? null : trx(sub(w.produce, w.burn));
    };
    const year = window(days, shiftDay(yesterday, -364), yesterday, firstWholeDay);
    const before = supplyAt(days, shiftDay(yesterday, -365));
    const yearNet = year === null ? null : sub(year.produce, year.burn);
    const y = days.find((r) => r.day === yesterday && yesterday >= firstWholeDay);
    const yProduce = y ? add(y.block_pay, y.node_pay) : null;
    return {
      total: p.rangeRows,
      data: items,
      last_14_days: net(14),
      last_30_days: net(30),
      last_180_days: net(180),
      year_worth_percent: yearNet === null || !before ? null : ratioNumber(yearNet * 100n, before, 4),
      yesterday_turn_over: trx(y?.supply ?? null),
      yesterday_produce: trx(yProduce),
      yesterday_block_pay: trx(y?.block_pay ?? null),
      yesterday_node_pay: trx(y?.node_pay ?? null),
      yesterday_burn: trx(y?.burn ?? null),
      yesterday_worth: trx(y ? sub(yProduce, y.burn) : null),
    };
  },
  response: z.union([
    z.object({
      total: count,
      data: z.array(item),
      last_14_days: trxOrNull,
      last_30_days: trxOrNull,
      last_180_days: trxOrNull,
      year_worth_percent: z.number().nullable(),
      yesterday_turn_over: trxOrNull,
      yesterday_produce: trxOrNull,
      yesterday_block_pay: trxOrNull,
      yesterday_node_pay: trxOrNull,
      yesterday_burn: trxOrNull,
      yesterday_worth: trxOrNull,
    }).strict(),
    z.object({ total: count, data: z.array(item) }).strict(),
  ]),
});

/** The last day of the period starting on `day` (a bucket's first day). */
function lastDayOf(day: string, g: string): string {
  if (g === 'day') return day;
  const months = g === 'month' ? 1 : g === 'quarter' ? 3 : g === 'year' ? 12 : 0;
  if (!months) return shiftDay(day, 6);
  const d = new Date(`${day}T00:00:00Z`);
  return utcDay(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1) - 86_400_000);
}
