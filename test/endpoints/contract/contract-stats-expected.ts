/**
 * Expectations of the contract statistics tests, from plain SQL over the raw `transactions` (never
 * through the endpoints' templates or the derived datasets they read).
 */
import { sql } from '../../helpers/lake.ts';

export const DAY_MS = 86_400_000;
export const utcDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
export const midnight = (day: string): number => Date.parse(`${day}T00:00:00Z`);
export const n = (v: unknown): number => Number(v);

/** Every TriggerSmartContract with a called contract (what the per-contract statistics count). */
export const CALLS = `select *, cast("date" as varchar) as d from raw_transactions where contract_type = 31 and contract_address is not null`;

/** The contract called on the most UTC days (then the most calls): a sample with a series of several points. */
export async function busiestContract(): Promise<string> {
  const [r] = await sql(`select contract_address c from (${CALLS}) group by 1 order by count(distinct d) desc, count(*) desc, c limit 1`);
  return String(r!.c);
}

/** The lake's first and last UTC day and the head block's time. */
export async function lakeSpan(): Promise<{ first: string; last: string; head: number }> {
  const [r] = await sql(`select min(timestamp) lo, max(timestamp) hi from raw_blocks`);
  return { first: utcDay(n(r!.lo)), last: utcDay(n(r!.hi)), head: n(r!.hi) };
}

/** Per UTC day the contract was called in [from, to] (days): calls, distinct callers and energy by who paid. */
export async function contractDays(contract: string, from = '0000-01-01', to = '9999-12-31'): Promise<{ day: string; calls: number; callers: number; total: number; stake: number; origin: number; fee: number }[]> {
  const rows = await sql(`select d, count(*) calls, count(distinct owner_address) callers, sum(energy_usage_total) total, sum(energy_usage) stake,
                                 sum(origin_energy_usage) origin, sum(energy_fee) fee
                          from (${CALLS}) where contract_address = '${contract}' and d between '${from}' and '${to}' group by d order by d`);
  return rows.map((r) => ({ day: String(r.d), calls: n(r.calls), callers: n(r.callers), total: n(r.total), stake: n(r.stake), origin: n(r.origin), fee: n(r.fee) }));
}

/** Distinct callers of the contract over the days [from, to]. */
export async function rangeCallers(contract: string, from: string, to: string): Promise<number> {
  const [r] = await sql(`select count(distinct owner_address) c from (${CALLS}) where contract_address = '${contract}' and d between '${from}' and '${to}'`);
  return n(r!.c);
}
