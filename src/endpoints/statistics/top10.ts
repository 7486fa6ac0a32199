/**
 * GET /api/top10 (SPEC §4.2; shape: reference responses-tokens-statistics.md "GET /api/top10"): top-10 rankings of
 * accounts, tokens and contracts over sliding windows before the head block (`time` 1 the last hour, 2 24 hours,
 * 3 a week, 4 3 days: whole UTC hours ending with the head's hour, the chain's time), or of the newest state (types
 * 5, 6, 7, 11). `type=0` answers the flat overview; a type or a comma list of types 1-20 answers one block per type.
 * The rows are computed once per version (sql/serving/top10_rows.sql, top10_overview.sql); a request filters them.
 * Definitions of every figure and what `time=0` does: docs/compat.md "Top 10".
 */
import { z } from 'zod';
import type { StatisticsTop10OverviewRow, StatisticsTop10Row } from '../kit/sql-types.generated.ts';
import { str } from '../shapes/cells.ts';
import { commaList, int } from '../../params/index.ts';
import { defineEndpoint } from '../kit/endpoint.ts';
import { count, exactInt, shape } from '../kit/schemas.ts';
import { big, fraction, num, share, trx, trxAmount } from '../shapes/stats-shape.ts';

/** Rankings of the newest state (stakes, votes, holders, contract balances): the window does not apply. */
const STATE_TYPES = new Set([5, 6, 7, 11]);
/** Token rankings: their rows carry the token's identity. */
const TOKEN_TYPES = new Set([7, 8, 9, 10, 18]);
/** `time` when absent: the last 24 hours. */
const DEFAULT_TIME = 2;
/** The windows of the overview and their key prefixes (reference: last_hour_, last_day_, last_week_). */
const OVERVIEW_WINDOWS = [
  [1, 'last_hour_'],
  [2, 'last_day_'],
  [3, 'last_week_'],
] as const;

const typeList = commaList(int({ min: 0, max: 20 }), { max: 21 }).transform((types, ctx): number[] => {
  if (types.length === 0) return [0];
  if (types.includes(0) && types.length > 1) {
    ctx.addIssue({ code: 'custom', message: 'cannot combine 0 (the overview) with other types' });
    return z.NEVER;
  }
  return [...new Set(types)];
});

const percentage = fraction;
const tokenFields = { abbr: z.string(), name: z.string(), token_id: z.string(), logo: z.string(), type: z.union([z.literal(10), z.literal(20)]), priceInTrx: z.number().nullable() };
const row = z.union([
  shape({ address: z.string(), amount: trxAmount, percentage }),
  shape({ address: z.string(), transaction_number: count, percentage }),
  shape({ address: z.string(), freeze: trxAmount, percentage }),
  shape({ address: z.string(), votes: exactInt, percentage }),
  shape({ ...tokenFields, holders: count, percentage }),
  shape({ ...tokenFields, address_number: count, percentage }),
  shape({ ...tokenFields, transaction_number: count, increase: z.number().int(), percentage }),
  shape({ ...tokenFields, transaction_number: count, percentage }),
  shape({ ...tokenFields, amount: z.number(), percentage }),
  shape({ contract: z.string(), balance: trxAmount, percentage }),
  shape({ contract: z.string(), active_address: count, percentage }),
  shape({ contract: z.string(), triggers: count, increase: z.number().int().optional(), percentage }),
  shape({ address: z.string(), energy_use: exactInt, energy_burn: exactInt, whole_energy_use: exactInt, percentage }),
  shape({ address: z.string(), net_use: exactInt, net_burn: exactInt.nullable(), whole_net_use: exactInt.nullable(), percentage }),
  shape({ address: z.string(), fee: trxAmount, percentage }),
]);
const block = z.object({ type: z.number().int(), start_time: count, end_time: count, data: z.array(row) });

const windowFigures = ['trx_transfer_amount', 'trx_transaction_number', 'token_sum_transaction', 'token_sum_transaction_amount', 'contract_active_address', 'contract_triggers', 'energy_usage', 'net_usage', 'whole_energy_use', 'whole_energy_burn', 'whole_net_use', 'whole_net_burn'] as const;
const overview = z.looseObject({
  start_time: count,
  end_time: count,
  ...Object.fromEntries(
    OVERVIEW_WINDOWS.flatMap(([, prefix]) =>
      windowFigures.map((f) => [`${prefix}${f}`, f === 'trx_transfer_amount' ? trxAmount : f === 'token_sum_transaction_amount' || f.startsWith('whole_net') ? z.number().nullable() : exactInt]),
    ),
  ),
  whole_freeze: trxAmount.nullable(),
  whole_vote: exactInt.nullable(),
  contract_whole_balance: trxAmount.nullable(),
  token_all: count.nullable(),
  token_record: exactInt.nullable(),
  trc10_all: count.nullable(),
  trc20_all: count.nullable(),
  trc10_record: exactInt.nullable(),
  trc20_record: exactInt.nullable(),
});

const QUERIES = { rows: 'statistics/top10', overview: 'statistics/top10.overview', windows: 'statistics/top10.windows' } as const;

export default defineEndpoint({
  path: '/api/top10',
  method: 'GET',
  summary: 'Top 10 accounts, tokens and contracts over the last hour, day, 3 days or week, or of the newest state; type 0: the network overview.',
  params: z.object({
    type: typeList.optional().meta({ description: '0 the overview, or one or more (comma-separated) of 1-20; default 0.' }),
    time: int({ min: 0, max: 4 }).optional().meta({ description: '0 realtime, 1 the last hour, 2 the last 24 hours (default), 3 the last week, 4 the last 3 days (whole UTC hours up to the head block).' }),
  }),
  response: z.union([overview, z.array(block)]),
  queries: QUERIES,
  async handle(p, ctx) {
    const types = p.type ?? [0];
    const windows = new Map((await ctx.versionRows(QUERIES.windows, {})).map((w) => [num(w.time)!, { start: num(w.start_ts) ?? 0, end: num(w.end_ts) ?? 0 }]));
    if (types[0] === 0) return overviewBody(await ctx.versionRows(QUERIES.overview, {}), windows);
    // time 0 (realtime) is the state itself for the state rankings and the latest hour for the windowed ones.
    const time = p.time === undefined ? DEFAULT_TIME : p.time === 0 ? 1 : p.time;
    const rows = await ctx.typedRows(QUERIES.rows, {
      time,
      state_types: types.filter((t) => STATE_TYPES.has(t)),
      window_types: types.filter((t) => !STATE_TYPES.has(t)),
    });
    const head = windows.get(1)?.end ?? 0;
    return types.map((type) => {
      const w = STATE_TYPES.has(type) ? { start: head, end: head } : (windows.get(time) ?? { start: 0, end: 0 });
      const data = rows
        .filter((r) => num(r.type) === type)
        .sort((a, b) => num(a.place)! - num(b.place)!)
        .map((r) => rankRow(type, r));
      return { type, start_time: w.start, end_time: w.end, data };
    });
  },
});

/** One ranking row in the reference's shape for its type, with `percentage` (its share of the window's total). */
function rankRow(type: number, r: StatisticsTop10Row): Record<string, unknown> {
  const v = big(r.v);
  const pct = type === 10 ? share(num(r.usd), num(r.usd_whole)) : share(big(r.part), big(r.whole));
  const key = String(r.key);
  const token = TOKEN_TYPES.has(type)
    ? { abbr: str(r.token_abbr), name: str(r.token_name), token_id: key, logo: str(r.token_logo), type: num(r.token_type), priceInTrx: num(r.price_trx) }
    : {};
  switch (type) {
    case 1:
    case 3:
      return { address: key, amount: trx(v), percentage: pct };
    case 2:
    case 4:
      return { address: key, transaction_number: num(r.v), percentage: pct };
    case 5:
      return { address: key, freeze: trx(v), percentage: pct };
    case 6:
      return { address: key, votes: v, percentage: pct };
    case 7:
      return Object.assign({}, token, { holders: num(r.v), percentage: pct });
    case 8:
      return Object.assign({}, token, { address_number: num(r.v), percentage: pct });
    case 9:
      return Object.assign({}, token, { transaction_number: num(r.v), percentage: pct });
    case 10:
      return Object.assign({}, token, { amount: num(r.usd), percentage: pct });
    case 11:
      return { contract: key, balance: trx(v), percentage: pct };
    case 12:
      return { contract: key, active_address: num(r.v), percentage: pct };
    case 13:
      return { contract: key, triggers: num(r.v), percentage: pct };
    case 14:
    case 16:
      return { address: key, energy_use: big(r.e1), energy_burn: big(r.e2), whole_energy_use: v, percentage: pct };
    case 15: {
      // Burned bytes are unknown when a burn had no bandwidth price in force (docs/compat.md "Top 10").
      const unpriced = (num(r.n) ?? 0) > 0;
      return { address: key, net_use: big(r.e1), net_burn: unpriced ? null : big(r.e2), whole_net_use: unpriced ? null : v, percentage: pct };
    }
    case 17:
    case 20:
      return { address: key, fee: trx(v), percentage: pct };
    case 18:
      return Object.assign({}, token, { transaction_number: num(r.n), increase: num(r.v), percentage: pct });
    case 19:
      return { contract: key, triggers: num(r.n), increase: num(r.v), percentage: pct };
    default:
      throw new Error(`top10: no row shape for type ${type}`);
  }
}

/** The type-0 object: twelve figures per window (hour, day, week) and the totals of the newest state. */
function overviewBody(rows: StatisticsTop10OverviewRow[], windows: Map<number, { start: number; end: number }>): Record<string, unknown> {
  const out: Record<string, unknown> = { start_time: windows.get(3)?.start ?? 0, end_time: windows.get(3)?.end ?? 0 };
  for (const [time, prefix] of OVERVIEW_WINDOWS) {
    const r = rows.find((x) => num(x.time) === time);
    const unpriced = (num(r?.net_burn_unpriced) ?? 0) > 0;
    const netBurn = unpriced ? null : (num(r?.net_burn_bytes) ?? 0);
    const figures: Record<(typeof windowFigures)[number], unknown> = {
      trx_transfer_amount: trx(big(r?.trx_out_sun) ?? 0n),
      trx_transaction_number: num(r?.trx_out_count) ?? 0,
      token_sum_transaction: num(r?.token_transfers) ?? 0,
      token_sum_transaction_amount: num(r?.token_usd),
      contract_active_address: num(r?.callers) ?? 0,
      contract_triggers: num(r?.calls_in) ?? 0,
      energy_usage: num(r?.energy_stake) ?? 0,
      net_usage: num(r?.net_usage) ?? 0,
      whole_energy_use: num(r?.energy_usage_total) ?? 0,
      whole_energy_burn: num(r?.energy_burn) ?? 0,
      whole_net_use: netBurn === null ? null : (num(r?.net_usage) ?? 0) + netBurn,
      whole_net_burn: netBurn,
    };
    for (const [k, v] of Object.entries(figures)) out[`${prefix}${k}`] = v;
  }
  const s = rows[0];
  // Whole-chain counts: null where the lake has no anchor (serving/top10_overview.sql, docs/compat.md).
  const trc10 = num(s?.trc10_all) ?? null;
  const trc20 = num(s?.trc20_all) ?? null;
  const trc10Record = big(s?.trc10_record) ?? null;
  const trc20Record = big(s?.trc20_record) ?? null;
  return Object.assign({}, out, {
    // The chain's state totals or null (serving/top10_overview.sql, docs/compat.md "Whole-chain figures").
    whole_freeze: trx(big(s?.freeze_sun) ?? null),
    whole_vote: big(s?.votes) ?? null,
    contract_whole_balance: trx(big(s?.contract_balance_sun) ?? null),
    token_all: trc10 === null || trc20 === null ? null : trc10 + trc20,
    token_record: trc10Record === null || trc20Record === null ? null : trc10Record + trc20Record,
    trc10_all: trc10,
    trc20_all: trc20,
    trc10_record: trc10Record,
    trc20_record: trc20Record,
  });
}
