/**
 * The daily contract rankings (energydailystatistic, triggeramountstatistic; reference "Daily ranking" envelope):
 * one UTC day (`day` in ms, default the head block's day), contracts ranked by the declaration's measure, `limit`
 * default 10, at most 50 (larger is clamped), with the network's calls, distinct callers and energy of that day.
 * Labels come from the contracts dimension ('' when none; risk false, vip false: no label data yet).
 */
import { z } from 'zod';
import { int, timestampMs } from '../../params/index.ts';
import { defineEndpoint, type AnyEndpoint } from '../kit/endpoint.ts';
import { utcDay } from '../kit/time-window.ts';
import { count } from '../kit/schemas.ts';
import type { SqlId, SqlParams, SqlRows } from '../kit/sql-types.generated.ts';
import type { Columns } from './cells.ts';
import { num } from './stats-shape.ts';
import { withFields } from './cells.ts';

/** Binds of a ranking template: the day and the places answered. */
type RankingBinds = { day: string | null; lim: number | null };
/** The columns every ranking row has. */
type RankingColumns = Columns<'place' | 'contract_address' | 'name' | 'tag' | 'is_token'>;

/** A template a daily ranking reads: binds exactly `day` and `lim`, rows with their place and the contract's labels. */
export type RankingId = {
  [K in SqlId]: SqlRows[K] extends RankingColumns
    ? SqlParams[K] extends RankingBinds ? (RankingBinds extends SqlParams[K] ? K : never) : never
    : never;
}[SqlId];

const TOTALS = 'statistics/day-totals' as const;

export interface DayTotals {
  trigger: number;
  callers: number;
  energy: number;
}

/** Declares a daily ranking over `sql` (binds `day`, `lim`; rows with their `place`), rows mapped with the day's network totals. */
export function defineDailyRanking<Id extends RankingId>(d: {
  path: string;
  summary: string;
  sql: Id;
  row(r: SqlRows[Id], totals: DayTotals): Record<string, unknown>;
  /** The schema of the fields `row` writes. */
  fields: z.ZodRawShape;
}): AnyEndpoint {
  return defineEndpoint({
    path: d.path,
    method: 'GET',
    summary: d.summary,
    params: z.object({
      day: timestampMs().optional().meta({ description: "A time inside the UTC day to rank, ms (default the head block's day)." }),
      limit: int({ min: 0 }).optional().meta({ description: 'Contracts answered (default 10, at most 50: larger is clamped).', override: { type: 'integer', minimum: 0, maximum: 50, default: 10 } }),
    }),
    queries: { rank: d.sql, totals: TOTALS },
    response: z.object({
      totalTrigger: count,
      totalCallerAmount: count,
      totalEnergy: count,
      total: count,
      lastUpdateSeconds: count,
      data: z.array(
        z.object({
          contract_address: z.string(),
          name: z.string(),
          ...d.fields,
          tag1: z.string(),
          tag1Url: z.string(),
          isToken: z.boolean(),
          risk: z.boolean(),
          vip: z.boolean(),
        }),
      ),
    }),
    async handle(p, ctx) {
      const day = utcDay(p.day ?? ctx.now);
      const lim = Math.min(p.limit ?? 10, 50);
      // RankingId admits only templates whose binds are exactly RankingBinds, so these binds are SqlParams[Id].
      const [ranked, [t]] = await Promise.all([ctx.typedRows(d.sql, { day, lim } as SqlParams[Id]), ctx.typedRows(TOTALS, { day })]);
      // The template answers the first `lim` places unordered (a plain scan: sql/serving/contract_resources_named.sql).
      const label = (r: SqlRows[Id]): RankingColumns => r;
      const rows = ranked.sort((a, b) => Number(label(a).place) - Number(label(b).place));
      const totals: DayTotals = { trigger: num(t?.trigger_count) ?? 0, callers: num(t?.caller_count) ?? 0, energy: num(t?.energy_usage_total) ?? 0 };
      return {
        totalTrigger: totals.trigger,
        totalCallerAmount: totals.callers,
        totalEnergy: totals.energy,
        total: num(t?.contracts) ?? 0,
        lastUpdateSeconds: Math.floor(ctx.now / 1000),
        data: rows.map((r) =>
          // Fields added to literals, not after a spread (cells.ts withFields).
          withFields(withFields({ contract_address: label(r).contract_address, name: label(r).name }, d.row(r, totals)), {
            tag1: label(r).tag,
            tag1Url: '',
            isToken: label(r).is_token === true,
            risk: false,
            vip: false,
          }),
        ),
      };
    },
  });
}
