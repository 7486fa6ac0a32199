/**
 * Expected figures of the statistics endpoints, computed with plain SQL over the raw Parquet of the test lake
 * (helpers/lake.ts `sql`), independently of the rollups and templates under test: every figure is counted straight
 * from raw_transactions / raw_blocks per UTC day, week (from Monday) or month; distinct counts are counted over the
 * period's own rows, never added up from days. Prices come from dim_resource_prices through a correlated lookup
 * (the derive uses an ASOF join).
 */
import { sql, testManifest } from '../../helpers/lake.ts';

export const DAY_MS = 86_400_000;
export const utcDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** The lake's first and last UTC day. */
export async function lakeDays(): Promise<{ first: string; last: string; firstMs: number; lastMs: number }> {
  const m = await testManifest();
  const first = utcDay(m.first.timestamp);
  const last = utcDay(m.head.timestamp);
  return { first, last, firstMs: Date.parse(`${first}T00:00:00Z`), lastMs: Date.parse(`${last}T00:00:00Z`) };
}

/** Whether the lake has resource prices (a generated lake does; the ingested one may not). */
export async function hasPrices(): Promise<boolean> {
  return Number((await sql('SELECT count(*) AS n FROM dim_resource_prices'))[0]!.n) > 0;
}

/** Price intervals [from_ts, until) of one resource, joined by range (the derive uses an ASOF join). */
const INTERVALS = (resource: string) =>
  `(SELECT from_ts, coalesce(lead(from_ts) OVER (ORDER BY from_ts), 9223372036854775807) AS until, price_sun FROM dim_resource_prices WHERE resource = '${resource}')`;
const PRICE = (resource: string) => (resource === 'energy' ? 'ep.price_sun' : 'bp.price_sun');

/** The first day of the period holding a day column, in SQL: `trunc('week', 'x')`. */
export const trunc = (g: string, col: string) => `CAST(CAST(date_trunc('${g}', CAST(${col} AS DATE)) AS DATE) AS VARCHAR)`;

export interface DayFigures {
  day: string;
  tx: number;
  triggers: number;
  callers: number;
  senders: number;
  active: number;
  trxAmount: bigint;
  energyTotal: number;
  energyStake: number;
  energyOrigin: number;
  energyFee: number;
  energyBurnUnits: number | null;
  netUsage: number;
  netFee: number;
  netBurnBytes: number | null;
  energyStakeSun: bigint | null;
  netStakeSun: bigint | null;
  fee: bigint;
}

/**
 * Transaction figures per period ('day' | 'week' | 'month' | 'quarter' | 'year') over the whole lake, keyed by the
 * period's first day. Distinct senders / callers / active accounts are counted over each period's rows.
 */
export async function periodFigures(g: string): Promise<Map<string, DayFigures>> {
  // Computed once per granularity and test file (the raw lake does not change under a file).
  let figures = computed.get(g);
  if (!figures) computed.set(g, (figures = computePeriodFigures(g)));
  return figures;
}

const computed = new Map<string, Promise<Map<string, DayFigures>>>();

async function computePeriodFigures(g: string): Promise<Map<string, DayFigures>> {
  const prices = await hasPrices();
  // Without prices a figure is unknown (NULL) where something was burned or consumed, else 0.
  const unknownIf = (cond: string) => `CASE WHEN count(*) FILTER (WHERE ${cond}) > 0 THEN NULL ELSE 0 END`;
  const unitsE = prices ? `sum(CASE WHEN energy_fee > 0 THEN energy_fee // ${PRICE('energy')} ELSE 0 END)` : unknownIf('energy_fee > 0');
  const unitsN = prices ? `sum(CASE WHEN net_fee > 0 THEN net_fee // ${PRICE('bandwidth')} ELSE 0 END)` : unknownIf('net_fee > 0');
  const stakeE = prices ? `sum((energy_usage + origin_energy_usage) * ${PRICE('energy')})` : unknownIf('energy_usage + origin_energy_usage > 0');
  const stakeN = prices ? `sum(net_usage * ${PRICE('bandwidth')})` : unknownIf('net_usage > 0');
  const key = g === 'day' ? `CAST(t."date" AS VARCHAR)` : trunc(g, 't."date"');
  const rows = await sql(`
    SELECT ${key} AS k, count(*) AS tx,
           count(*) FILTER (WHERE contract_type = 31) AS triggers,
           count(DISTINCT owner_address) FILTER (WHERE contract_type = 31) AS callers,
           count(DISTINCT owner_address) AS senders,
           CAST(coalesce(sum(amount) FILTER (WHERE contract_type = 1), 0) AS VARCHAR) AS trx_amount,
           sum(energy_usage_total) AS e_total, sum(energy_usage) AS e_stake, sum(origin_energy_usage) AS e_origin,
           sum(energy_fee) AS e_fee, ${unitsE} AS e_units, sum(net_usage) AS n_usage, sum(net_fee) AS n_fee, ${unitsN} AS n_units,
           CAST(${stakeE} AS VARCHAR) AS e_stake_sun, CAST(${stakeN} AS VARCHAR) AS n_stake_sun, CAST(sum(fee) AS VARCHAR) AS fee
    FROM raw_transactions t
    ${prices ? `LEFT JOIN ${INTERVALS('energy')} ep ON t."timestamp" >= ep.from_ts AND t."timestamp" < ep.until
    LEFT JOIN ${INTERVALS('bandwidth')} bp ON t."timestamp" >= bp.from_ts AND t."timestamp" < bp.until` : ''}
    GROUP BY 1`);
  const active = await sql(`
    SELECT k, count(DISTINCT a) AS n FROM (
      SELECT ${key} AS k, owner_address AS a FROM raw_transactions t
      UNION ALL SELECT ${key}, to_address FROM raw_transactions t WHERE contract_type IN (1, 2) AND to_address IS NOT NULL
    ) GROUP BY k`);
  const act = new Map(active.map((r) => [String(r.k), Number(r.n)]));
  const n = (v: unknown) => (v === null ? null : Number(v));
  return new Map(
    rows.map((r) => [
      String(r.k),
      {
        day: String(r.k),
        tx: Number(r.tx),
        triggers: Number(r.triggers),
        callers: Number(r.callers),
        senders: Number(r.senders),
        active: act.get(String(r.k)) ?? 0,
        trxAmount: BigInt(String(r.trx_amount)),
        energyTotal: Number(r.e_total),
        energyStake: Number(r.e_stake),
        energyOrigin: Number(r.e_origin),
        energyFee: Number(r.e_fee),
        energyBurnUnits: n(r.e_units),
        netUsage: Number(r.n_usage),
        netFee: Number(r.n_fee),
        netBurnBytes: n(r.n_units),
        energyStakeSun: r.e_stake_sun === null ? null : BigInt(String(r.e_stake_sun)),
        netStakeSun: r.n_stake_sun === null ? null : BigInt(String(r.n_stake_sun)),
        fee: BigInt(String(r.fee)),
      },
    ]),
  );
}

export interface BlockFigures {
  day: string;
  blocks: number;
  size: number;
  lastBlock: number;
}

/** Block figures per UTC day over the whole lake. */
export async function blockFigures(): Promise<Map<string, BlockFigures>> {
  const rows = await sql(`SELECT CAST("date" AS VARCHAR) AS day, count(*) AS n, sum(size_bytes) AS size, max(block_number) AS last FROM raw_blocks GROUP BY 1`);
  return new Map(rows.map((r) => [String(r.day), { day: String(r.day), blocks: Number(r.n), size: Number(r.size), lastBlock: Number(r.last) }]));
}

/** Days of the lake in order (those holding blocks). */
export async function lakeDayList(): Promise<string[]> {
  return [...(await blockFigures()).keys()].sort();
}

/** An empty day's figures (a day with blocks and no transaction). */
export function emptyDay(day: string): DayFigures {
  return { day, tx: 0, triggers: 0, callers: 0, senders: 0, active: 0, trxAmount: 0n, energyTotal: 0, energyStake: 0, energyOrigin: 0, energyFee: 0, energyBurnUnits: 0, netUsage: 0, netFee: 0, netBurnBytes: 0, energyStakeSun: 0n, netStakeSun: 0n, fee: 0n };
}

/** Parses a CSV body into header and records (no quoted commas in these series). */
export function csvRows(text: string): { header: string[]; rows: string[][] } {
  const lines = text.trim().split(/\r?\n/);
  return { header: lines[0]!.split(','), rows: lines.slice(1).map((l) => l.split(',')) };
}
