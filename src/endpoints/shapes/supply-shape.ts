/**
 * What the TRX supply endpoints share (issue 33; docs/compat.md "TRX supply and staking"): the supply from its running
 * totals, sun → whole TRX for the reference's `int` fields, the lake's day rows of daily_supply once per version, and
 * the per-unit staking cost that /api/acquisition_cost_statistic and /api/freezeresource both serve.
 */
import type { Cell } from '../../duckdb/duck.ts';
import { GENESIS_SUPPLY_TRX, SUN_PER_TRX } from '../../chain/economics.ts';
import { ratioNumber } from '../../params/index.ts';
import { utcDay } from '../kit/time-window.ts';
import type { EndpointContext } from '../kit/endpoint.ts';
import { bigOrNull as big } from './cells.ts';
import { perVersion } from '../kit/per-version.ts';

const SUN = BigInt(SUN_PER_TRX);
export const GENESIS_SUPPLY_SUN = GENESIS_SUPPLY_TRX * SUN;
export { BLACKHOLE_ADDRESS } from '../../chain/address.ts';

/** Supply at a time = genesis + TRX issued − TRX burned up to it, sun; null when either total is unknown. */
export function supplySun(issued: Cell | undefined, burned: Cell | undefined): bigint | null {
  const [i, b] = [big(issued), big(burned)];
  return i === null || b === null ? null : GENESIS_SUPPLY_SUN + i - b;
}

/**
 * Sun → whole TRX for a field the reference types `int`: rounded toward zero (the whole TRX the amount holds; the
 * blackhole's balance may be negative), e.g. `wholeTrx(1_999_999n)` = 1. A `number` field is exact instead (`trx`, stats-shape.ts).
 */
export function wholeTrx(sun: bigint | null): number | bigint | null {
  if (sun === null) return null;
  const t = sun / SUN;
  return t >= BigInt(Number.MIN_SAFE_INTEGER) && t <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(t) : t;
}

/** The whole-lake binds of a per-version daily rollup (kit/series.ts `perVersion`): the lake's first day to the head's. */
export function lakeDays(ctx: EndpointContext): { start_day: string; end_day: string } {
  return { start_day: utcDay(ctx.manifest.first.timestamp), end_day: utcDay(ctx.now) };
}

/** The day after / before a UTC day string, e.g. `shiftDay('2026-10-01', -1)` = '2026-09-30'. */
export function shiftDay(day: string, days: number): string {
  return utcDay(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000);
}

/**
 * TRX staked network-wide per unit of energy or bandwidth the network shares out per day (weight / limit, 8 places,
 * rounded once from the integers); null without a limit. /api/acquisition_cost_statistic's `total_*_cost`.
 */
export const stakeCost = (w: Cell | undefined, l: Cell | undefined): number | null => (big(w) === null || !big(l) ? null : ratioNumber(big(w)!, big(l)!, 8));

/**
 * Change of the ratio w / l from pw / pl = (w·pl − pw·l) / (pw·l), `places` (default 4) rounded once; null without
 * a base, e.g. a cost's day-over-day rate, or a staking ratio's.
 */
export function ratioChange(w: Cell | undefined, l: Cell | undefined, pw: Cell | undefined, pl: Cell | undefined, places = 4): number | null {
  const [a, b, c, d] = [big(w), big(l), big(pw), big(pl)];
  if (a === null || !b || c === null || !d || c === 0n) return null;
  return ratioNumber(a * d - c * b, c * b, places);
}

/** The per-day supply rollup (sql/statistics/turnover.sql), owned by /api/turnover, read by /api/freezeresource too. */
export const SUPPLY_DAYS_SQL = 'statistics/turnover';

/** A day's (or a period's) sums, sun (null where a day's rewards are unknown), and the supply at its end. */
export interface Period { day: string; block_pay: bigint | null; node_pay: bigint | null; burn: bigint | null; supply: bigint | null }

/** The lake's day rows, oldest first, once per version (a declaration reading it lists SUPPLY_DAYS_SQL in its queries). */
export function lakeRows(ctx: EndpointContext): Promise<readonly Period[]> {
  return perVersion(ctx.manifest, 'supply:days', async () => {
    const rows = await ctx.versionRows(SUPPLY_DAYS_SQL, lakeDays(ctx));
    return Object.freeze(
      rows
        .map((r) => ({ day: String(r.day), block_pay: big(r.block_pay), node_pay: big(r.node_pay), burn: big(r.burn), supply: supplySun(r.issued_end, r.burned_end) }))
        .sort((a, b) => (a.day < b.day ? -1 : 1)),
    );
  });
}

/** The supply at the end of the latest lake day ≤ `day` (rows oldest first); null before the lake. */
export function supplyAt(rows: readonly Period[], day: string): bigint | null {
  let found: Period | undefined;
  for (const r of rows) {
    if (r.day > day) break;
    found = r;
  }
  return found?.supply ?? null;
}
