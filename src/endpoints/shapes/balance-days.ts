/**
 * An address's TRX balance at the end of each day of a range, and the row that shows it: type 0 of
 * /api/account/analysis and /api/contract/analysis, one rule for both (docs/compat.md "/api/account/analysis").
 */
import { z } from 'zod';
import type { Cell } from '../../duckdb/duck.ts';
import { multiplyScaled, scaleDecimal } from '../../params/index.ts';
import { JsonDecimal } from '../../wire/json.ts';
import { DAY_MS } from '../../time.ts';
import type { SqlRows } from '../kit/sql-types.generated.ts';
import { decimalString, exactNumber } from '../kit/schemas.ts';
import { dayMs, dayString } from './stats-shape.ts';

/** USD values carry USDT's 6 decimals. */
const USD_PLACES = 6;

type FlowRow = SqlRows['account/account-analysis-balance'];

/**
 * `days` (ascending, each with its `day`) each given its end-of-day `balance` in sun: the head balance − the flows of
 * the days after it (`flows`: account/account-analysis-balance's rows, the head balance on each). No head balance
 * (no account snapshot and no flow: never activated, or untouched before the window) → no days: unknown, not 0.
 */
export function withEndOfDayBalance<D extends { day: string | null }>(days: readonly D[], flows: readonly FlowRow[], lastDay: string): (D & { balance: bigint })[] {
  const head = flows[0]?.head_balance;
  if (head === null || head === undefined) return [];
  const delta = new Map(flows.filter((f) => f.day_n !== null).map((f) => [Number(f.day_n), BigInt(f.delta as number | bigint)]));
  let after = [...delta].filter(([d]) => d > dayMs(lastDay) / DAY_MS).reduce((a, [, v]) => a + v, 0n);
  const out: (D & { balance: bigint })[] = [];
  for (const r of [...days].reverse()) {
    out.push(Object.assign({}, r, { balance: BigInt(head as number | bigint) - after }));
    after += delta.get(dayMs(r.day) / DAY_MS) ?? 0n;
  }
  return out.reverse();
}

/** The row of a day's balance: TRX as an exact decimal string, and its USD value at `price` when the day has one. */
export function balanceDayRow(day: string | null | undefined, sun: bigint, price: Cell | undefined) {
  const p = price === null || price === undefined ? null : String(price);
  return {
    day,
    trx_amount: scaleDecimal(sun, 6),
    ...(p === null ? {} : { usdt_amount: multiplyScaled(sun, 6, p, USD_PLACES), price: new JsonDecimal(p) }),
  };
}

/** The schema of balanceDayRow's row. */
export const balanceDay = z.strictObject({ day: dayString, trx_amount: decimalString, usdt_amount: decimalString.optional(), price: exactNumber.optional() });
