/**
 * /api/account/analysis against plain SQL over the lake's own files, independently of address_block_activity,
 * address_block_tokens and the endpoint's templates:
 *   type 0: the end-of-day balance = the newest snapshot balance − the address's TRX moves after the day up to the
 *     snapshot block + those after the snapshot block up to the end of the day (the tests' raw ledger,
 *     test/helpers/trx-moves.ts, not trx_flows); the price is the
 *     reference candle's close (else token_prices'), the USD value their product rounded in DECIMAL arithmetic;
 *   types 1-4: counted per day from raw_transactions and raw_token_transfers.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { hexToBase58 } from '../../../src/chain/address.ts';
import { get, sql, testManifest } from '../../helpers/lake.ts';
import { RAW_TRX_MOVES_SQL } from '../../helpers/trx-moves.ts';
import { DAY_MS, lakeDays } from '../statistics/expected.ts';
import { EXPECTED_ACCOUNTS_SQL } from './expected-accounts.ts';

type Item = Record<string, unknown> & { day: string };
let addresses: string[] = [];
let range = '';
let days: string[] = [];

const list = (xs: string[]): string => xs.map((a) => `'${a}'`).join(', ');
const byType = async (address: string, type: number): Promise<Item[]> => {
  const r = await get(`/api/account/analysis?address=${address}&type=${type}&${range}`);
  expect(r.status).toBe(200);
  expect(r.body.size).toBe(r.body.data.length);
  return r.body.data;
};

beforeAll(async () => {
  const { firstMs, lastMs, first, last } = await lakeDays();
  range = `start_timestamp=${firstMs}&end_timestamp=${lastMs + DAY_MS - 1}`;
  days = (await sql(`SELECT DISTINCT "date" AS day FROM raw_blocks ORDER BY 1`)).map((r) => String(r.day));
  expect([days[0], days.at(-1)]).toEqual([first, last]);
  // The busiest accounts (by transactions signed or received) and a spread of quieter ones.
  const ranked = await sql(`SELECT address FROM (${EXPECTED_ACCOUNTS_SQL}) WHERE tx_in + tx_out > 0 ORDER BY tx_in + tx_out DESC, address`);
  const all = ranked.map((r) => String(r.address));
  addresses = [...all.slice(0, 3), ...[0.1, 0.4, 0.8].map((f) => all[Math.floor(all.length * f)]!)];
});

describe('GET /api/account/analysis', () => {
  it('type 0: the balance at the end of every lake day = the newest snapshot − the flows after the day', async () => {
    const want = await sql(`
      WITH h AS (SELECT address, balance, as_of_block FROM snap_account_snapshots WHERE address IN (${list(addresses)})
                 QUALIFY row_number() OVER (PARTITION BY address ORDER BY as_of_block DESC) = 1),
      f AS (SELECT address, block_number, "timestamp", delta FROM (${RAW_TRX_MOVES_SQL}) WHERE address IN (${list(addresses)})),
      d AS (SELECT DISTINCT "date" AS day, epoch_ms(CAST("date" AS DATE) + 1) AS next_ms FROM raw_blocks)
      SELECT h.address, d.day,
             h.balance - coalesce(sum(f.delta) FILTER (WHERE f.block_number <= h.as_of_block AND f."timestamp" >= d.next_ms), 0)
                       + coalesce(sum(f.delta) FILTER (WHERE f.block_number > h.as_of_block AND f."timestamp" < d.next_ms), 0) AS balance
      FROM h CROSS JOIN d LEFT JOIN f ON f.address = h.address
      GROUP BY h.address, d.day, h.balance, h.as_of_block ORDER BY 1, 2`);
    for (const a of addresses) {
      const got = await byType(a, 0);
      const exp = want.filter((w) => w.address === a);
      expect(got.map((g) => g.day), a).toEqual(days);
      expect(got.map((g) => g.trx_amount), a).toEqual(exp.map((w) => sunText(BigInt(String(w.balance)))));
    }
  });

  it('type 0: the price of the day and the USD value at it; no price → both left out', async () => {
    const a = addresses[0]!;
    const got = await byType(a, 0);
    // The price rule per day (token_prices, else the first candle source, else the chain's close from the raw swaps).
    const prices = await sql(`SELECT day, price_usd AS price FROM rule_day_prices WHERE token_id = '_'`);
    const price = new Map(prices.map((p) => [String(p.day), String(p.price)]));
    let priced = 0;
    for (const g of got) {
      const p = price.get(g.day);
      if (p === undefined) {
        expect(g).not.toHaveProperty('price');
        expect(g).not.toHaveProperty('usdt_amount');
        continue;
      }
      priced++;
      expect(String(g.price)).toBe(String(Number(p)));
      const [row] = await sql(`SELECT CAST(round(CAST('${g.trx_amount}' AS DECIMAL(38,6)) * CAST('${p}' AS DECIMAL(38,18)), 6) AS VARCHAR) AS usd`);
      expect(Number(g.usdt_amount)).toBe(Number(row!.usd));
    }
    const m = await testManifest();
    if (m.source.kind === 'generate') expect(priced).toBe(got.length); // the generator prices every day
  });

  it('type 1: transfers sent or received and distinct tokens per day, from the raw transfers', async () => {
    const want = await sql(`
      WITH moves AS (
        SELECT "date" AS day, CASE WHEN contract_type = 1 THEN '_' ELSE token_id END AS token, owner_address AS s, to_address AS r
        FROM raw_transactions WHERE contract_type IN (1, 2) AND contract_ret = 'SUCCESS' AND to_address IS NOT NULL
        UNION ALL SELECT "date", contract_address, from_address, to_address FROM raw_token_transfers)
      SELECT a.address, day, count(*) AS transfers, count(DISTINCT token) AS tokens
      FROM moves JOIN (SELECT unnest([${list(addresses)}]) AS address) a ON a.address = moves.s OR a.address = moves.r
      GROUP BY ALL`);
    for (const a of addresses) {
      const got = await byType(a, 1);
      expect(got.map((g) => g.day)).toEqual(days);
      const exp = new Map(want.filter((w) => w.address === a).map((w) => [String(w.day), [Number(w.transfers), Number(w.tokens)]]));
      expect(got.map((g) => [g.day, g.transfer_count, g.token_count]), a).toEqual(days.map((d) => [d, ...(exp.get(d) ?? [0, 0])]));
    }
  });

  it('types 2, 3, 4: energy and bandwidth of the transactions it signed, transactions signed and received', async () => {
    const want = await sql(`
      WITH t AS (SELECT *, (SELECT price_sun FROM dim_resource_prices p WHERE p.resource = 'bandwidth' AND p.from_ts <= x."timestamp" ORDER BY p.from_ts DESC LIMIT 1) AS net_price
                 FROM raw_transactions x WHERE owner_address IN (${list(addresses)}) OR coalesce(to_address, contract_address) IN (${list(addresses)}))
      SELECT a.address, t."date" AS day,
             count(*) FILTER (WHERE owner_address = a.address) AS tx_out,
             count(*) FILTER (WHERE coalesce(to_address, contract_address) = a.address) AS tx_in,
             coalesce(sum(energy_usage) FILTER (WHERE owner_address = a.address), 0) AS eu,
             coalesce(sum(origin_energy_usage) FILTER (WHERE owner_address = a.address), 0) AS oeu,
             coalesce(sum(energy_usage_total) FILTER (WHERE owner_address = a.address), 0) AS eut,
             coalesce(sum(net_usage) FILTER (WHERE owner_address = a.address), 0) AS nu,
             coalesce(sum(CASE WHEN net_fee > 0 THEN net_fee // net_price ELSE 0 END) FILTER (WHERE owner_address = a.address), 0) AS nb
      FROM t JOIN (SELECT unnest([${list(addresses)}]) AS address) a ON a.address = t.owner_address OR a.address = coalesce(t.to_address, t.contract_address)
      GROUP BY ALL`);
    for (const a of addresses) {
      const exp = new Map(want.filter((w) => w.address === a).map((w) => [String(w.day), w]));
      const at = (d: string, k: string): number => Number(exp.get(d)?.[k] ?? 0);
      const energy = await byType(a, 2);
      expect(energy.map((g) => [g.day, g.energy_usage, g.origin_energy_usage, g.energy_burn, g.energy_usage_total]), a).toEqual(
        days.map((d) => [d, at(d, 'eu'), at(d, 'oeu'), at(d, 'eut') - at(d, 'eu') - at(d, 'oeu'), at(d, 'eut')]),
      );
      const net = await byType(a, 3);
      expect(net.map((g) => [g.day, g.net_usage, g.net_burn, g.net_usage_total]), a).toEqual(days.map((d) => [d, at(d, 'nu'), at(d, 'nb'), at(d, 'nu') + at(d, 'nb')]));
      const txs = await byType(a, 4);
      expect(txs.map((g) => [g.day, g.transactions_out, g.transactions_in]), a).toEqual(days.map((d) => [d, at(d, 'tx_out'), at(d, 'tx_in')]));
    }
  });

  it('an address without an account: no balance rows (unknown, not 0); its activity types answer zeros', async () => {
    const stranger = hexToBase58(`41${'ab'.repeat(20)}`);
    expect((await byType(stranger, 0))).toEqual([]);
    const txs = await byType(stranger, 4);
    expect(txs.map((g) => g.day)).toEqual(days);
    expect(txs.every((g) => g.transactions_out === 0 && g.transactions_in === 0)).toBe(true);
  });

  it('lists only the lake days of the range; defaults to type 0 and the last 30 days', async () => {
    const a = addresses[0]!;
    const { firstMs } = await lakeDays();
    const before = await get(`/api/account/analysis?address=${a}&start_timestamp=${firstMs - 10 * DAY_MS}&end_timestamp=${firstMs + DAY_MS}`);
    expect(before.body.data.map((g: Item) => g.day)).toEqual(days.slice(0, 2));
    const dflt = await get(`/api/account/analysis?address=${a}`);
    expect(dflt.status).toBe(200);
    expect(dflt.body.data.length).toBeLessThanOrEqual(30);
    expect(dflt.body.data.at(-1).day).toBe(days.at(-1));
    expect(dflt.body.data.every((g: Item) => 'trx_amount' in g)).toBe(true);
  });

  it('bad input is a 400 naming the parameter', async () => {
    const a = addresses[0]!;
    for (const [url, param] of [
      ['/api/account/analysis', 'address'],
      ['/api/account/analysis?address=0xdead', 'address'],
      [`/api/account/analysis?address=${a}&type=5`, 'type'],
      [`/api/account/analysis?address=${a}&start_timestamp=abc`, 'start_timestamp'],
      [`/api/account/analysis?address=${a}&start_timestamp=1790000000000&end_timestamp=1780000000000`, 'end_timestamp'],
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
