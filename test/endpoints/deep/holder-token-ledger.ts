/**
 * Independent ledgers of one account's token for the holder-token tests (issue 31): per-UTC-day net changes and
 * counts from the raw tables (TRC20: raw token_transfers and the stablecoin moves without a Transfer; TRC10: raw transactions type 2), and the head balance from
 * the raw anchors (TRC20: the newest trc20_snapshots row of the pair plus the transfers after its block; TRC10: the
 * opening assets of account_snapshots, else the issue credited to the issuer, plus every transfer), walked back day
 * by day in bigint. Never through token_balance_history or the ledgers the endpoints read.
 */
import { expect } from 'vitest';
import { get, sql } from '../../helpers/lake.ts';
import { parseCsv } from '../../helpers/csv.ts';

export interface LedgerDay { day: string; change: bigint; balance: bigint; inCount: number; outCount: number; firstTs: number; lastTs: number }

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
export const ZERO_ADDRESS = 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb';

/** Raw movements of `account` in `token` (signed amount, time, block), TRC20 or TRC10 by the token's form. */
async function moves(account: string, token: string): Promise<{ delta: bigint; ts: number; block: number; isIn: boolean; isOut: boolean }[]> {
  const rows = /^\d+$/.test(token)
    ? await sql(`select owner_address f, to_address t, cast(amount as varchar) a, timestamp ts, block_number b from raw_transactions
                 where contract_type = 2 and contract_ret = 'SUCCESS' and token_id = '${token}' and (owner_address = '${account}' or to_address = '${account}')`)
    : await sql(`select from_address f, to_address t, amount_raw a, timestamp ts, block_number b from raw_token_transfers
                 where token_standard = 'trc20' and contract_address = '${token}' and (from_address = '${account}' or to_address = '${account}')
                 union all -- the stablecoin moves without a Transfer (test/helpers/stablecoin-moves.ts): a credit in, a debit out
                 select case when delta < 0 then holder_address end, case when delta > 0 then holder_address end, cast(abs(delta) as varchar),
                        timestamp, block_number from raw_stablecoin_balance_moves
                 where contract_address = '${token}' and holder_address = '${account}'`);
  return rows.map((r) => {
    const amount = BigInt(String(r.a));
    const isIn = r.t === account;
    const isOut = r.f === account;
    return { delta: (isIn ? amount : 0n) - (isOut ? amount : 0n), ts: Number(r.ts), block: Number(r.b), isIn, isOut };
  });
}

/** The balance at the lake's head by the raw anchors (see the file's comment). */
export async function headBalance(account: string, token: string): Promise<bigint> {
  const m = await moves(account, token);
  if (/^\d+$/.test(token)) {
    const [first] = await sql(`select min(block_number) b from raw_blocks`);
    const opening = await sql(`select s.address, a.key k, a.value v from snap_account_snapshots s,
                                 lateral (select unnest(from_json(s.assets_json, '[{"key":"VARCHAR","value":"VARCHAR"}]'), recursive := true)) a
                               where s.as_of_block < ${Number(first!.b)} and s.assets_json is not null and a.key = '${token}'`);
    let start = 0n;
    if (opening.length) start = opening.filter((r) => r.address === account).reduce((s, r) => s + BigInt(String(r.v)), 0n);
    else {
      const [t] = await sql(`select issuer_address i, total_supply_raw s from dim_tokens where token_standard = 'trc10' and token_id = '${token}'`);
      if (t && t.i === account) start = BigInt(String(t.s));
    }
    return m.reduce((s, x) => s + x.delta, start);
  }
  const [a] = await sql(`select max(as_of_block) b, arg_max(balance_raw, as_of_block) v from snap_trc20_snapshots
                         where contract_address = '${token}' and holder_address = '${account}'`);
  if (a && a.b !== null && a.b !== undefined) return m.filter((x) => x.block > Number(a.b)).reduce((s, x) => s + x.delta, BigInt(String(a.v)));
  return m.reduce((s, x) => s + x.delta, 0n);
}

/** The account's days of the token, oldest first, each with its end-of-day balance walked back from the head. */
export async function ledgerDays(account: string, token: string): Promise<LedgerDay[]> {
  const byDay = new Map<string, LedgerDay>();
  for (const x of await moves(account, token)) {
    const day = dayOf(x.ts);
    const d = byDay.get(day) ?? { day, change: 0n, balance: 0n, inCount: 0, outCount: 0, firstTs: x.ts, lastTs: x.ts };
    d.change += x.delta;
    d.inCount += x.isIn ? 1 : 0;
    d.outCount += x.isOut ? 1 : 0;
    d.firstTs = Math.min(d.firstTs, x.ts);
    d.lastTs = Math.max(d.lastTs, x.ts);
    byDay.set(day, d);
  }
  const days = [...byDay.values()].sort((x, y) => (x.day < y.day ? -1 : 1));
  let balance = await headBalance(account, token);
  for (let i = days.length - 1; i >= 0; i--) {
    days[i]!.balance = balance;
    balance -= days[i]!.change;
  }
  return days;
}

/** The busiest (account, TRC20 token) pair that both received and sent on at least `minDays` days. */
export async function busyTrc20Pair(minDays = 2): Promise<{ account: string; token: string }> {
  const [r] = await sql(`select a, c from (
      select from_address a, contract_address c, 'out' d, timestamp ts from raw_token_transfers where token_standard = 'trc20'
      union all select to_address, contract_address, 'in', timestamp from raw_token_transfers where token_standard = 'trc20')
    where a <> '${ZERO_ADDRESS}'
    group by a, c having count(distinct d) = 2 and count(distinct ts // 86400000) >= ${minDays}
    order by count(distinct ts // 86400000) desc, count(*) desc, a, c limit 1`);
  if (!r) throw new Error('no TRC20 pair moving both ways on two days');
  return { account: String(r.a), token: String(r.c) };
}

/** The busiest (account, TRC10 id) pair of successful transfers, if the lake has one. */
export async function busyTrc10Pair(): Promise<{ account: string; token: string } | undefined> {
  const [r] = await sql(`select a, t from (
      select owner_address a, token_id t from raw_transactions where contract_type = 2 and contract_ret = 'SUCCESS' and token_id is not null
      union all select to_address, token_id from raw_transactions where contract_type = 2 and contract_ret = 'SUCCESS' and token_id is not null)
    group by 1, 2 order by count(*) desc, 1, 2 limit 1`);
  return r ? { account: String(r.a), token: String(r.t) } : undefined;
}

/** balance / 10^decimals × price, rounded half away from zero to 6 places, without trailing zeros (bigint only). */
export function usd(balance: bigint, decimals: number, price: string): string {
  const m = /^(\d+)(?:\.(\d+))?(?:e([-+]?\d+))?$/i.exec(price)!;
  const frac = m[2] ?? '';
  let digits = BigInt(m[1]! + frac);
  let scale = frac.length - Number(m[3] ?? 0);
  if (scale < 0) { digits *= 10n ** BigInt(-scale); scale = 0; }
  const exp = decimals + scale - 6; // digits of the product beyond 6 places
  let q = balance * digits;
  const neg = q < 0n;
  if (neg) q = -q;
  if (exp > 0) { const u = 10n ** BigInt(exp); q = (q + u / 2n) / u; } else q *= 10n ** BigInt(-exp);
  const s = q.toString().padStart(7, '0');
  const text = `${s.slice(0, -6)}.${s.slice(-6)}`.replace(/\.?0+$/, '');
  return neg && text !== '0' ? `-${text}` : text;
}

/** The day's USD price of `token` by the raw tables: token_prices' close, else the candle close (first source by name). */
export async function prices(token: string): Promise<Map<string, string>> {
  // The price rule per day (token_prices, else the first candle source, else the chain's close from the raw swaps).
  const rows = await sql(`select day d, price_usd p from rule_day_prices where token_id = '${token}'`);
  return new Map(rows.map((r) => [String(r.d), String(r.p)]));
}


/**
 * The CSV of a holder-token daily series (`path` with `format=csv` added) against its own JSON: one line per day, the
 * item fields as columns, the nested statistics as JSON text (the kit's rule for nested values).
 */
export async function expectDailySeriesCsv(path: string): Promise<void> {
  const json = (await get(path)).body;
  const r = await get(`${path}&format=csv`);
  expect(r.status).toBe(200);
  const [header, ...lines] = parseCsv(r.text).filter((l) => l.length > 1 || l[0] !== '');
  expect(header).toEqual(['date', 'statistics']);
  expect(lines).toEqual(json.data.map((d: { date: string; statistics: unknown }) => [d.date, JSON.stringify(d.statistics)]));
  expect(lines.length).toBeGreaterThan(0);
}
