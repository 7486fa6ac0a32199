/**
 * The audit's statistics endpoints (SPEC §4.2, §4.10; definitions in docs/compat.md "Network statistics" and
 * "Protocol revenue"): every count, amount and sum of every period row over the whole lake, from plain SQL over raw
 * transactions and blocks (never the daily rollups). TRX figures are compared as exact decimal literals.
 */
import { expectedLiteral } from '../endpoints/token/supply-ledger.ts';
import { type Ctx, s } from './context.ts';
import { arrayPart, field, objects } from './json-text.ts';

const DAY = 86_400_000;
const day = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
const trx = (sun: bigint): string => expectedLiteral(sun.toString(), 6);

/** Price intervals [from_ts, until) of a resource, joined by range. */
const prices = (resource: string) =>
  `(SELECT from_ts, coalesce(lead(from_ts) OVER (ORDER BY from_ts), 9223372036854775807) AS until, price_sun FROM dim_resource_prices WHERE resource = '${resource}')`;

/** Additive per-day figures, exact (bigint), summed into periods in TypeScript. */
interface Day {
  tx: bigint; triggers: bigint; trxAmount: bigint; fee: bigint; energyFee: bigint; netFee: bigint;
  energyTotal: bigint; energyStake: bigint; energyOrigin: bigint; netUsage: bigint;
  energyUnits: bigint | null; netUnits: bigint | null; energyStakeSun: bigint | null; netStakeSun: bigint | null;
}
const KEYS = ['tx', 'triggers', 'trxAmount', 'fee', 'energyFee', 'netFee', 'energyTotal', 'energyStake', 'energyOrigin', 'netUsage', 'energyUnits', 'netUnits', 'energyStakeSun', 'netStakeSun'] as const;

function add(a: Day | undefined, b: Day): Day {
  if (!a) return { ...b };
  const out = { ...a };
  for (const k of KEYS) out[k] = (a[k] === null || b[k] === null ? null : (a[k] as bigint) + (b[k] as bigint)) as never;
  return out;
}

/** The first day of the period holding `d` ('yyyy-MM-dd'): day, week (Monday), month, quarter, year. */
function periodOf(d: string, g: string): string {
  const t = new Date(`${d}T00:00:00Z`);
  if (g === 'day') return d;
  if (g === 'week') return day(t.getTime() - ((t.getUTCDay() + 6) % 7) * DAY);
  if (g === 'month') return `${d.slice(0, 7)}-01`;
  if (g === 'quarter') return `${d.slice(0, 5)}${String(Math.floor(t.getUTCMonth() / 3) * 3 + 1).padStart(2, '0')}-01`;
  return `${d.slice(0, 4)}-01-01`;
}

export async function statsChecks({ io, get, check, near }: Ctx): Promise<void> {
  const [bounds] = await io.sql(`SELECT min("timestamp") f, max("timestamp") l FROM raw_blocks`);
  const first = day(Number(bounds!.f));
  const last = day(Number(bounds!.l));
  const firstMs = Date.parse(`${first}T00:00:00Z`);
  const lastMs = Date.parse(`${last}T00:00:00Z`);
  const span = Math.round((lastMs - firstMs) / DAY) + 1;
  const priced = Number((await io.sql('SELECT count(*) n FROM dim_resource_prices'))[0]!.n) > 0;
  const nullIf = (cond: string) => `CASE WHEN count(*) FILTER (WHERE ${cond}) > 0 THEN NULL ELSE '0' END`;
  const rows = await io.sql(`
    SELECT CAST(t."date" AS VARCHAR) d, count(*) tx, count(*) FILTER (WHERE contract_type = 31) triggers,
      CAST(coalesce(sum(CAST(amount AS HUGEINT)) FILTER (WHERE contract_type = 1), 0) AS VARCHAR) trx_amount,
      CAST(sum(fee) AS VARCHAR) fee, CAST(sum(energy_fee) AS VARCHAR) e_fee, CAST(sum(net_fee) AS VARCHAR) n_fee,
      CAST(sum(energy_usage_total) AS VARCHAR) e_total, CAST(sum(energy_usage) AS VARCHAR) e_stake, CAST(sum(origin_energy_usage) AS VARCHAR) e_origin,
      CAST(sum(net_usage) AS VARCHAR) n_usage,
      ${priced ? `CAST(sum(CASE WHEN energy_fee > 0 THEN energy_fee // ep.price_sun ELSE 0 END) AS VARCHAR)` : nullIf('energy_fee > 0')} e_units,
      ${priced ? `CAST(sum(CASE WHEN net_fee > 0 THEN net_fee // bp.price_sun ELSE 0 END) AS VARCHAR)` : nullIf('net_fee > 0')} n_units,
      ${priced ? `CAST(sum(CAST(energy_usage + origin_energy_usage AS HUGEINT) * ep.price_sun) AS VARCHAR)` : nullIf('energy_usage + origin_energy_usage > 0')} e_stake_sun,
      ${priced ? `CAST(sum(CAST(net_usage AS HUGEINT) * bp.price_sun) AS VARCHAR)` : nullIf('net_usage > 0')} n_stake_sun
    FROM raw_transactions t
    ${priced ? `LEFT JOIN ${prices('energy')} ep ON t."timestamp" >= ep.from_ts AND t."timestamp" < ep.until
    LEFT JOIN ${prices('bandwidth')} bp ON t."timestamp" >= bp.from_ts AND t."timestamp" < bp.until` : ''}
    GROUP BY 1`);
  const big = (v: unknown): bigint | null => (v === null || v === undefined ? null : BigInt(s(v)));
  const days = new Map<string, Day>(rows.map((r) => [s(r.d), {
    tx: big(r.tx)!, triggers: big(r.triggers)!, trxAmount: big(r.trx_amount)!, fee: big(r.fee)!, energyFee: big(r.e_fee)!, netFee: big(r.n_fee)!,
    energyTotal: big(r.e_total)!, energyStake: big(r.e_stake)!, energyOrigin: big(r.e_origin)!, netUsage: big(r.n_usage)!,
    energyUnits: big(r.e_units), netUnits: big(r.n_units), energyStakeSun: big(r.e_stake_sun), netStakeSun: big(r.n_stake_sun),
  }]));
  const periods = (g: string): Map<string, Day> => {
    const out = new Map<string, Day>();
    for (const [d, f] of days) out.set(periodOf(d, g), add(out.get(periodOf(d, g)), f));
    return out;
  };
  const opt = (v: bigint | null, f: (x: bigint) => string = String): string => (v === null ? 'null' : f(v));

  // Protocol revenue: burn and stake income per day, month, quarter, year, whole TRX with exact digits.
  for (const [tt, g] of [['0', 'day'], ['1', 'month'], ['2', 'quarter'], ['3', 'year']] as const) {
    const want = periods(g);
    for (const o of objects(arrayPart(await get(`/api/turnover/new?timeType=${tt}&start=${firstMs}&end=${lastMs}`), 'data'))) {
      const f = want.get(field(o, 'day')!);
      if (!f) continue; // a period of the range without a transaction
      const stake = f.energyStakeSun === null || f.netStakeSun === null ? null : f.energyStakeSun + f.netStakeSun;
      const k = `${g} ${field(o, 'day')}`;
      check('/api/turnover/new', `${k} burnIncome`, field(o, 'burnIncome'), trx(f.fee));
      check('/api/turnover/new', `${k} energyBurnIncome`, field(o, 'energyBurnIncome'), trx(f.energyFee));
      check('/api/turnover/new', `${k} netBurnIncome`, field(o, 'netBurnIncome'), trx(f.netFee));
      check('/api/turnover/new', `${k} otherBurnIncome`, field(o, 'otherBurnIncome'), trx(f.fee - f.energyFee - f.netFee));
      check('/api/turnover/new', `${k} stakeIncome`, field(o, 'stakeIncome'), opt(stake, trx));
      check('/api/turnover/new', `${k} totalIncome`, field(o, 'totalIncome'), opt(stake === null ? null : stake + f.fee, trx));
      check('/api/turnover/new', `${k} energyIncome`, field(o, 'energyIncome'), opt(f.energyStakeSun === null ? null : f.energyStakeSun + f.energyFee, trx));
      check('/api/turnover/new', `${k} netIncome`, field(o, 'netIncome'), opt(f.netStakeSun === null ? null : f.netStakeSun + f.netFee, trx));
    }
  }
  const months = periods('month');
  for (const type of ['burn', 'stake'] as const) {
    for (const o of objects(arrayPart(await get(`/api/consumption/statistic?timeType=1&type=${type}&start=${firstMs}&end=${lastMs}`), 'data'))) {
      const f = months.get(field(o, 'day')!);
      if (!f) continue;
      const k = `${type} ${field(o, 'day')}`;
      if (type === 'burn') {
        check('/api/consumption/statistic', `${k} energyBurnIncome`, field(o, 'energyBurnIncome'), trx(f.energyFee));
        check('/api/consumption/statistic', `${k} netBurnIncome`, field(o, 'netBurnIncome'), trx(f.netFee));
      } else {
        check('/api/consumption/statistic', `${k} energyStakeIncome`, field(o, 'energyStakeIncome'), opt(f.energyStakeSun, trx));
        check('/api/consumption/statistic', `${k} netStakeIncome`, field(o, 'netStakeIncome'), opt(f.netStakeSun, trx));
      }
    }
  }

  // Energy and bandwidth per day and month.
  for (const [type, g] of [['0', 'day'], ['1', 'month']] as const) {
    const want = periods(g);
    for (const o of objects(arrayPart(await get(`/api/energystatistic?type=${type}&start_timestamp=${firstMs}&end_timestamp=${lastMs}`), 'data'))) {
      const f = want.get(field(o, 'day')!);
      if (!f) continue;
      const k = `${g} ${field(o, 'day')}`;
      check('/api/energystatistic', `${k} total_energy`, field(o, 'total_energy'), s(f.energyTotal));
      check('/api/energystatistic', `${k} energy`, field(o, 'energy'), s(f.energyStake));
      check('/api/energystatistic', `${k} contract_supplied`, field(o, 'contract_supplied'), s(f.energyOrigin));
      check('/api/energystatistic', `${k} trx`, field(o, 'trx'), opt(f.energyUnits));
      check('/api/energystatistic', `${k} energy_fee`, field(o, 'energy_fee'), s(f.energyFee));
    }
    for (const o of objects(arrayPart(await get(`/api/netstatistic?type=${g}&start_timestamp=${firstMs}&end_timestamp=${lastMs}`), 'data'))) {
      const f = want.get(field(o, 'day')!);
      if (!f) continue;
      const k = `${g} ${field(o, 'day')}`;
      check('/api/netstatistic', `${k} net_usage`, field(o, 'net_usage'), s(f.netUsage));
      check('/api/netstatistic', `${k} net_burn`, field(o, 'net_burn'), opt(f.netUnits));
      check('/api/netstatistic', `${k} net_usage_total`, field(o, 'net_usage_total'), opt(f.netUnits === null ? null : f.netUsage + f.netUnits));
      check('/api/netstatistic', `${k} net_fee`, field(o, 'net_fee'), s(f.netFee));
    }
  }

  // Day series of counts.
  const callers = new Map((await io.sql(`SELECT CAST("date" AS VARCHAR) d, count(DISTINCT owner_address) n FROM raw_transactions WHERE contract_type = 31 GROUP BY 1`)).map((r) => [s(r.d), s(r.n)]));
  const dayOf = (o: string, key: string) => day(Number(field(o, key)));
  for (const o of objects(arrayPart(await get(`/api/triggerstatistic?start_timestamp=${firstMs}&end_timestamp=${lastMs}`), 'data'))) {
    check('/api/triggerstatistic', `${field(o, 'dayStr')} triggers_amount`, field(o, 'triggers_amount'), s(days.get(field(o, 'dayStr')!)?.triggers ?? 0));
  }
  for (const o of objects(arrayPart(await get(`/api/calleraddressstatistic?start_timestamp=${firstMs}&end_timestamp=${lastMs}`), 'data'))) {
    check('/api/calleraddressstatistic', `${dayOf(o, 'day')} caller_amount`, field(o, 'caller_amount'), callers.get(dayOf(o, 'day')) ?? '0');
  }
  for (const o of objects(arrayPart(await get('/api/contract_caller_statistic'), 'data'))) {
    check('/api/contract_caller_statistic', `${dayOf(o, 'day')} caller_amount`, field(o, 'caller_amount'), callers.get(dayOf(o, 'day')) ?? '0');
    check('/api/contract_caller_statistic', `${dayOf(o, 'day')} triggers_amount`, field(o, 'triggers_amount'), s(days.get(dayOf(o, 'day'))?.triggers ?? 0));
  }
  for (const o of objects(arrayPart(await get(`/api/overview/dailytransactionnum?type=0&days=${span}`), 'data'))) {
    check('/api/overview/dailytransactionnum', `${field(o, 'dateDayStr')} newTransactionSeen`, field(o, 'newTransactionSeen'), s(days.get(field(o, 'dateDayStr')!)?.tx ?? 0));
  }

  // Cumulative series: the totals before the lake plus the raw rows up to each day.
  const [pre] = await io.sql('SELECT CAST(tx_count AS VARCHAR) n, CAST(blockchain_size_bytes AS VARCHAR) b FROM dim_pre_window_totals');
  const blocks = await io.sql(`SELECT CAST("date" AS VARCHAR) d, count(*) n, CAST(sum(size_bytes) AS VARCHAR) b, max(block_number) hi FROM raw_blocks GROUP BY 1 ORDER BY 1`);
  let txSoFar = BigInt(s(pre?.n ?? 0));
  let sizeSoFar = BigInt(s(pre?.b ?? 0));
  const totals = new Map<string, { tx: bigint; size: bigint; blocks: number; bytes: bigint; hi: number }>();
  for (const b of blocks) {
    txSoFar += days.get(s(b.d))?.tx ?? 0n;
    sizeSoFar += BigInt(s(b.b));
    totals.set(s(b.d), { tx: txSoFar, size: sizeSoFar, blocks: Number(b.n), bytes: BigInt(s(b.b)), hi: Number(b.hi) });
  }
  for (const o of objects(arrayPart(await get(`/api/overview/transactionnum?days=${span}`), 'data'))) {
    check('/api/overview/transactionnum', `${field(o, 'dateDayStr')} totalTransaction`, field(o, 'totalTransaction'), s(totals.get(field(o, 'dateDayStr')!)?.tx ?? '?'));
  }
  for (const o of objects(arrayPart(await get(`/api/overview/totalblockchainsize?days=${span}`), 'data'))) {
    check('/api/overview/totalblockchainsize', `${field(o, 'dateDayStr')} blockchainSize`, field(o, 'blockchainSize'), s(totals.get(field(o, 'dateDayStr')!)?.size ?? '?'));
  }
  for (const o of objects(arrayPart(await get(`/api/overview/dailyavgblockSize?days=${span}`), 'data'))) {
    const t = totals.get(field(o, 'dateDayStr')!);
    // The mean rounded half up, in bigint arithmetic.
    check('/api/overview/dailyavgblockSize', `${field(o, 'dateDayStr')} avgBlockSize`, field(o, 'avgBlockSize'), t ? s((t.bytes * 2n + BigInt(t.blocks)) / (2n * BigInt(t.blocks))) : '?');
  }
  for (const o of objects(arrayPart(await get(`/api/stats/overview?days=${span}`), 'data'))) {
    const d = field(o, 'dateDayStr')!;
    const t = totals.get(d);
    const f = days.get(d);
    check('/api/stats/overview', `${d} totalTransaction`, field(o, 'totalTransaction'), s(t?.tx ?? '?'));
    check('/api/stats/overview', `${d} blockchainSize`, field(o, 'blockchainSize'), s(t?.size ?? '?'));
    check('/api/stats/overview', `${d} newTransactionSeen`, field(o, 'newTransactionSeen'), s(f?.tx ?? 0));
    check('/api/stats/overview', `${d} newBlockSeen`, field(o, 'newBlockSeen'), s(t?.blocks ?? '?'));
    check('/api/stats/overview', `${d} totalBlockCount`, field(o, 'totalBlockCount'), s(t ? t.hi + 1 : '?'));
    check('/api/stats/overview', `${d} energy_usage`, field(o, 'energy_usage'), s(f?.energyTotal ?? 0));
    check('/api/stats/overview', `${d} net_usage`, field(o, 'net_usage'), f ? opt(f.netUnits === null ? null : f.netUsage + f.netUnits) : '0');
  }

  // active_statistic: per day of the last 30, accounts, senders, transactions and the TRX moved (sun, exact).
  const active = new Map((await io.sql(`SELECT d, count(DISTINCT a) n, count(DISTINCT a) FILTER (WHERE sender) senders FROM (
      SELECT CAST("date" AS VARCHAR) d, owner_address a, true sender FROM raw_transactions
      UNION ALL SELECT CAST("date" AS VARCHAR), to_address, false FROM raw_transactions WHERE contract_type IN (1, 2) AND to_address IS NOT NULL) GROUP BY 1`))
    .map((r) => [s(r.d), r]));
  for (const o of objects(arrayPart(await get('/api/account/active_statistic?type=day'), 'data'))) {
    const d = field(o, 'day_string')!;
    check('/api/account/active_statistic', `${d} active_count`, field(o, 'active_count'), s(active.get(d)?.n ?? 0));
    check('/api/account/active_statistic', `${d} owner_address_count`, field(o, 'owner_address_count'), s(active.get(d)?.senders ?? 0));
    check('/api/account/active_statistic', `${d} transactions`, field(o, 'transactions'), s(days.get(d)?.tx ?? 0));
    check('/api/account/active_statistic', `${d} amount`, field(o, 'amount'), s(days.get(d)?.trxAmount ?? 0));
  }

  // The head day's contract rankings: calls, callers, TRX sent and energy per contract, and the day's totals.
  const ranked = await io.sql(`SELECT contract_address c, count(*) calls, count(DISTINCT owner_address) callers, CAST(sum(CAST(amount AS HUGEINT)) AS VARCHAR) v,
      CAST(sum(energy_usage_total) AS VARCHAR) et, CAST(sum(energy_usage) AS VARCHAR) es, CAST(sum(origin_energy_usage) AS VARCHAR) eo
    FROM raw_transactions WHERE contract_type = 31 AND contract_address IS NOT NULL AND "date" = '${last}' GROUP BY 1`);
  const byContract = new Map(ranked.map((r) => [s(r.c), r]));
  const ta = await get(`/api/triggeramountstatistic?day=${lastMs}&limit=50`);
  check('/api/triggeramountstatistic', `${last} totalTrigger`, field(ta, 'totalTrigger'), s(days.get(last)?.triggers ?? 0));
  check('/api/triggeramountstatistic', `${last} totalCallerAmount`, field(ta, 'totalCallerAmount'), callers.get(last) ?? '0');
  for (const o of objects(arrayPart(ta, 'data'))) {
    const r = byContract.get(field(o, 'contract_address')!);
    check('/api/triggeramountstatistic', `${field(o, 'contract_address')} trigger_amount`, field(o, 'trigger_amount'), s(r?.calls ?? '?'));
    check('/api/triggeramountstatistic', `${field(o, 'contract_address')} caller_amount`, field(o, 'caller_amount'), s(r?.callers ?? '?'));
    check('/api/triggeramountstatistic', `${field(o, 'contract_address')} call_value`, field(o, 'call_value'), s(r?.v ?? '?'));
  }
  const ed = await get(`/api/energydailystatistic?day=${lastMs}&limit=50`);
  check('/api/energydailystatistic', `${last} totalEnergy`, field(ed, 'totalEnergy'), s(days.get(last)?.energyTotal ?? 0));
  for (const o of objects(arrayPart(ed, 'data'))) {
    const r = byContract.get(field(o, 'contract_address')!);
    check('/api/energydailystatistic', `${field(o, 'contract_address')} total_energy`, field(o, 'total_energy'), s(r?.et ?? '?'));
    check('/api/energydailystatistic', `${field(o, 'contract_address')} energy`, field(o, 'energy'), s(r?.es ?? '?'));
    check('/api/energydailystatistic', `${field(o, 'contract_address')} contract_supplied`, field(o, 'contract_supplied'), s(r?.eo ?? '?'));
  }

  // token/analysis of the most transferred token: per day senders, receivers, transfers and the exact amount.
  const [tok] = await io.sql(`SELECT contract_address c FROM raw_token_transfers GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`);
  if (tok) {
    const want = new Map((await io.sql(`SELECT CAST("date" AS VARCHAR) d, count(DISTINCT from_address) f, count(DISTINCT to_address) t, count(*) n,
        CAST(sum(CAST(amount_raw AS HUGEINT)) AS VARCHAR) a FROM raw_token_transfers WHERE contract_address = '${s(tok.c)}' GROUP BY 1`)).map((r) => [s(r.d), r]));
    const text = await get(`/api/token/analysis?token=${s(tok.c)}&start_day=${first}&end_day=${last}`);
    let total = 0n;
    let n = 0n;
    for (const o of objects(arrayPart(text, 'data'))) {
      const d = field(o, 'day')!;
      const r = want.get(d);
      check('/api/token/analysis', `${d} from_count`, field(o, 'from_count'), s(r?.f ?? 0));
      check('/api/token/analysis', `${d} to_count`, field(o, 'to_count'), s(r?.t ?? 0));
      check('/api/token/analysis', `${d} transfer_count`, field(o, 'transfer_count'), s(r?.n ?? 0));
      check('/api/token/analysis', `${d} amount`, field(o, 'amount'), s(r?.a ?? 0));
      total += BigInt(s(r?.a ?? 0));
      n++;
    }
    if (n > 0n) check('/api/token/analysis', 'avg_amount', field(text, 'avg_amount'), (total / n).toString());
  }

  // tokenTransfer/analysis: TRX moved per day (successful TransferContract) × the day's USD close, 6 decimals.
  const usd = new Map((await io.sql(`SELECT CAST(t."date" AS VARCHAR) d, CAST(sum(CAST(t.amount AS HUGEINT)) AS VARCHAR) a, any_value(p.price_usd) p
      FROM raw_transactions t JOIN rule_day_prices p ON p.token_id = '_' AND p.day = CAST(t."date" AS VARCHAR)
      WHERE t.contract_type = 1 AND t.contract_ret = 'SUCCESS' GROUP BY 1`)).map((r) => [s(r.d), r]));
  for (const o of objects(arrayPart(await get(`/api/tokenTransfer/analysis?days=${span}`), 'data'))) {
    const r = usd.get(field(o, 'day')!);
    near('/api/tokenTransfer/analysis', `${field(o, 'day')} usd_amount`, field(o, 'usd_amount'), r ? (Number(BigInt(s(r.a))) / 1e6) * Number(r.p) : NaN, 6);
  }
}
