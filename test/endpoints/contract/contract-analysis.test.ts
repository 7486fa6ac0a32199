/**
 * /api/contract/analysis against plain SQL over the raw transactions (independently of daily_contract_call_stats,
 * daily_contract_resources, daily_contract_costs and the endpoint's templates): per UTC day, the calls
 * (TriggerSmartContract) to the contract, their callers, energy, bandwidth and burned sun, its deploy's energy, and the
 * transfers it sent or received; type 0 the end-of-day balance walked back from the head balance of
 * contract-detail-expected.ts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { get, sql } from '../../helpers/lake.ts';
import { DAY_MS, lakeDays } from '../statistics/expected.ts';
import { flowsGlob } from './contract-detail-expected.ts';

type Item = Record<string, unknown> & { day: string };
let contracts: string[] = [];
let range = '';
let days: string[] = [];

const list = (xs: string[]): string => xs.map((a) => `'${a}'`).join(', ');
const byType = async (address: string, type: number, q = range): Promise<Item[]> => {
  const r = await get(`/api/contract/analysis?address=${address}&type=${type}&${q}`);
  expect(r.status, r.text).toBe(200);
  expect(r.body.size).toBe(r.body.data.length);
  return r.body.data;
};

beforeAll(async () => {
  const { firstMs, lastMs } = await lakeDays();
  range = `start_timestamp=${firstMs / 1000}&end_timestamp=${(lastMs + DAY_MS) / 1000 - 1}`;
  days = (await sql(`SELECT DISTINCT "date" AS day FROM raw_blocks ORDER BY 1`)).map((r) => String(r.day));
  // The most called contracts, one deployed in the lake, and one called rarely.
  const called = (await sql(`SELECT contract_address AS a, count(*) AS n FROM raw_transactions WHERE contract_type = 31 AND contract_address IS NOT NULL GROUP BY 1 ORDER BY n DESC, a`)).map((r) => String(r.a));
  const deployed = (await sql(`SELECT contract_address AS a FROM raw_transactions WHERE contract_type = 30 AND contract_address IS NOT NULL ORDER BY block_number, tx_index LIMIT 1`)).map((r) => String(r.a));
  contracts = [...new Set([...called.slice(0, 3), ...deployed, called.at(-1)!].filter(Boolean))];
  expect(contracts.length).toBeGreaterThan(1);
});

describe('GET /api/contract/analysis', () => {
  it('types 2-5: the calls, callers, energy, bandwidth and burned sun of the calls to it, its deploy energy, per lake day', async () => {
    const want = await sql(`
      WITH t AS (SELECT *, (SELECT price_sun FROM dim_resource_prices p WHERE p.resource = 'bandwidth' AND p.from_ts <= x."timestamp" ORDER BY p.from_ts DESC LIMIT 1) AS net_price
                 FROM raw_transactions x WHERE contract_type IN (30, 31) AND contract_address IN (${list(contracts)}))
      SELECT contract_address AS address, "date" AS day,
             count(*) FILTER (WHERE contract_type = 31) AS calls,
             count(DISTINCT owner_address) FILTER (WHERE contract_type = 31) AS callers,
             coalesce(sum(energy_usage) FILTER (WHERE contract_type = 31), 0) AS eu,
             coalesce(sum(origin_energy_usage) FILTER (WHERE contract_type = 31), 0) AS oeu,
             coalesce(sum(energy_usage_total) FILTER (WHERE contract_type = 31), 0) AS eut,
             coalesce(sum(energy_usage_total) FILTER (WHERE contract_type = 30), 0) AS deploy,
             coalesce(sum(net_usage) FILTER (WHERE contract_type = 31), 0) AS nu,
             coalesce(sum(CASE WHEN net_fee > 0 THEN net_fee // net_price ELSE 0 END) FILTER (WHERE contract_type = 31), 0) AS nb,
             coalesce(sum(net_fee) FILTER (WHERE contract_type = 31), 0) AS nf,
             coalesce(sum(energy_fee) FILTER (WHERE contract_type = 31), 0) AS ef
      FROM t GROUP BY ALL`);
    let seen = 0;
    for (const a of contracts) {
      const exp = new Map(want.filter((w) => w.address === a).map((w) => [String(w.day), w]));
      seen += exp.size;
      const at = (d: string, k: string): number => Number(exp.get(d)?.[k] ?? 0);
      const energy = await byType(a, 2);
      expect(energy.map((g) => [g.day, g.energy_usage, g.energy_burn, g.origin_energy_usage, g.energy_usage_total, g.energy_usage_as_deploy]), a).toEqual(
        days.map((d) => [d, at(d, 'eu'), at(d, 'eut') - at(d, 'eu') - at(d, 'oeu'), at(d, 'oeu'), at(d, 'eut'), at(d, 'deploy')]),
      );
      const net = await byType(a, 3);
      expect(net.map((g) => [g.day, g.net_usage, g.net_burn, g.net_usage_total]), a).toEqual(days.map((d) => [d, at(d, 'nu'), at(d, 'nb'), at(d, 'nu') + at(d, 'nb')]));
      const calls = await byType(a, 4);
      expect(calls.map((g) => [g.day, g.trigger_count, g.account_count]), a).toEqual(days.map((d) => [d, at(d, 'calls'), at(d, 'callers')]));
      const fees = await byType(a, 5);
      expect(fees.map((g) => [g.day, g.energy_fee, g.net_fee, g.fee]), a).toEqual(days.map((d) => [d, at(d, 'ef'), at(d, 'nf'), at(d, 'ef') + at(d, 'nf')]));
    }
    expect(seen).toBeGreaterThan(0);
  });

  it('type 1: transfers the contract address sent or received and distinct tokens per day, from the raw transfers', async () => {
    const want = await sql(`
      WITH moves AS (
        SELECT "date" AS day, CASE WHEN contract_type = 1 THEN '_' ELSE token_id END AS token, owner_address AS s, to_address AS r
        FROM raw_transactions WHERE contract_type IN (1, 2) AND contract_ret = 'SUCCESS' AND to_address IS NOT NULL
        UNION ALL SELECT "date", contract_address, from_address, to_address FROM raw_token_transfers)
      SELECT a.address, day, count(*) AS transfers, count(DISTINCT token) AS tokens
      FROM moves JOIN (SELECT unnest([${list(contracts)}]) AS address) a ON a.address = moves.s OR a.address = moves.r
      GROUP BY ALL`);
    for (const a of contracts) {
      const got = await byType(a, 1);
      const exp = new Map(want.filter((w) => w.address === a).map((w) => [String(w.day), [Number(w.transfers), Number(w.tokens)]]));
      expect(got.map((g) => [g.day, g.transfer_count, g.token_count]), a).toEqual(days.map((d) => [d, ...(exp.get(d) ?? [0, 0])]));
    }
  });

  it('type 0: the TRX balance at the end of every lake day, with the day price and its USD value', async () => {
    const flows = await flowsGlob();
    const want = await sql(`
      WITH h AS (SELECT address, balance, create_time, as_of_block FROM snap_account_snapshots WHERE address IN (${list(contracts)})
                 QUALIFY row_number() OVER (PARTITION BY address ORDER BY as_of_block DESC) = 1),
      f AS (SELECT address, block_number, "timestamp", delta FROM read_parquet('${flows}', hive_partitioning = false) WHERE address IN (${list(contracts)})),
      -- An empty snapshot (no creation time, nothing held) is the node's answer for no account: no balance known.
      a AS (SELECT address FROM h WHERE create_time > 0 OR balance > 0 UNION SELECT address FROM f),
      d AS (SELECT DISTINCT "date" AS day, epoch_ms(CAST("date" AS DATE) + 1) AS next_ms FROM raw_blocks)
      SELECT a.address, d.day,
             coalesce(any_value(h.balance), 0)
               - coalesce(sum(f.delta) FILTER (WHERE h.as_of_block IS NOT NULL AND f.block_number <= h.as_of_block AND f."timestamp" >= d.next_ms), 0)
               + coalesce(sum(f.delta) FILTER (WHERE (h.as_of_block IS NULL OR f.block_number > h.as_of_block) AND f."timestamp" < d.next_ms), 0) AS balance
      FROM a CROSS JOIN d LEFT JOIN h ON h.address = a.address LEFT JOIN f ON f.address = a.address
      GROUP BY a.address, d.day ORDER BY 1, 2`);
    const prices = new Map((await sql(`SELECT day, price_usd AS price FROM rule_day_prices WHERE token_id = '_'`)).map((p) => [String(p.day), String(p.price)]));
    for (const a of contracts) {
      const got = await byType(a, 0);
      const exp = want.filter((w) => w.address === a);
      if (exp.length === 0) {
        expect(got, a).toEqual([]);
        continue;
      }
      expect(got.map((g) => [g.day, g.trx_amount]), a).toEqual(exp.map((w) => [String(w.day), sunText(BigInt(String(w.balance)))]));
      for (const g of got) {
        const p = prices.get(g.day);
        if (p === undefined) {
          expect(g).not.toHaveProperty('price');
          continue;
        }
        expect(String(g.price)).toBe(String(Number(p)));
        const [row] = await sql(`SELECT CAST(round(CAST('${g.trx_amount}' AS DECIMAL(38,6)) * CAST('${p}' AS DECIMAL(38,18)), 6) AS VARCHAR) AS usd`);
        expect(Number(g.usdt_amount)).toBe(Number(row!.usd));
      }
    }
  });

  it('defaults to the last 30 days ending on the head day; each bound alone takes the other default', async () => {
    const a = contracts[0]!;
    const { firstMs, lastMs } = await lakeDays();
    const dflt = await get(`/api/contract/analysis?address=${a}&type=4`);
    expect(dflt.status).toBe(200);
    expect(dflt.body.data.map((g: Item) => g.day)).toEqual(days.filter((d) => Date.parse(`${d}T00:00:00Z`) > lastMs - 30 * DAY_MS));
    // start alone: from that day to the head's day.
    const second = days[1]!;
    const startOnly = await byType(a, 4, `start_timestamp=${Date.parse(`${second}T00:00:00Z`) / 1000}`);
    expect(startOnly.map((g) => g.day)).toEqual(days.slice(1));
    // end alone: the 30 days ending on that day that the lake holds.
    const endOnly = await byType(a, 4, `end_timestamp=${(firstMs + 2 * DAY_MS) / 1000 - 1}`);
    expect(endOnly.map((g) => g.day)).toEqual(days.slice(0, 2));
  });

  it('a contract never called answers zeros for the call types', async () => {
    const calls = await byType('T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb', 4);
    expect(calls.map((g) => g.day)).toEqual(days);
    expect(calls.every((g) => g.trigger_count === 0 && g.account_count === 0)).toBe(true);
  });

  it('bad input is a 400 naming the parameter', async () => {
    const a = contracts[0]!;
    for (const [url, param] of [
      ['/api/contract/analysis?type=0', 'address'],
      ['/api/contract/analysis?address=0xdead&type=0', 'address'],
      [`/api/contract/analysis?address=${a}`, 'type'],
      [`/api/contract/analysis?address=${a}&type=6`, 'type'],
      [`/api/contract/analysis?address=${a}&type=0&start_timestamp=abc`, 'start_timestamp'],
      [`/api/contract/analysis?address=${a}&type=0&end_timestamp=-5`, 'end_timestamp'],
      [`/api/contract/analysis?address=${a}&type=0&start_timestamp=1790000000&end_timestamp=1780000000`, 'end_timestamp'],
    ] as const) {
      const r = await get(url);
      expect(r.status, url).toBe(400);
      expect(r.body.param, url).toBe(param);
    }
  });
});

/** Sun as the TRX decimal text the endpoint prints (no trailing zeros), computed here without the params helper. */
function sunText(sun: bigint): string {
  const neg = sun < 0n;
  const abs = neg ? -sun : sun;
  const frac = (abs % 1_000_000n).toString().padStart(6, '0').replace(/0+$/, '');
  return `${neg ? '-' : ''}${abs / 1_000_000n}${frac ? `.${frac}` : ''}`;
}
