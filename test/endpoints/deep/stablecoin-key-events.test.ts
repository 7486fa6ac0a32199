/**
 * /api/deep/stableCoin/totalSupply/keyEvents and the `stablecoin_events` dataset it reads, against the admin events
 * decoded in the test from raw `logs` (stablecoin-expected.ts: topic0 matched as hex, words read as BigInt): the
 * dataset holds exactly those events; the endpoint answers them under both parameter conventions of SPEC §4.4.1,
 * every filter, bound, sort, page and the CSV, and 401 without the API key.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { sql, testApp } from '../../helpers/lake.ts';
import { parseCsv } from '../../helpers/csv.ts';
import { amountOf, byAmount, byTime, expectedEvents, NAME, type ExpectedEvent } from './stablecoin-expected.ts';

const PATH = '/api/deep/stableCoin/totalSupply/keyEvents';
const KEY = { 'chain-pro-api-key': 'test-key' };

async function call(query: string, headers: Record<string, string> = KEY) {
  const app = await testApp();
  const r = await app.inject({ method: 'GET', url: `${PATH}${query ? `?${query}` : ''}`, headers });
  let body: any;
  try {
    body = JSON.parse(r.body);
  } catch {
    body = undefined;
  }
  return { status: r.statusCode, body, text: r.body };
}

const itemOf = (e: ExpectedEvent) => ({
  tokenName: NAME[e.contract_address], tokenAddress: e.contract_address, eventName: e.event_name, count: e.amount_raw ?? '0',
  operatorAddress: e.operator_address, time: e.timestamp, hash: e.tx_hash,
});
const desc = <T>(cmp: (a: T, b: T) => number) => (a: T, b: T) => cmp(b, a);

let all: ExpectedEvent[];
beforeAll(async () => {
  all = await expectedEvents();
});

describe('stablecoin_events (dataset)', () => {
  it('is exactly the admin logs of the five coins: one row per log, every column as decoded from the log', async () => {
    const rows = await sql(`SELECT * FROM raw_stablecoin_events ORDER BY block_number, tx_index, log_index`);
    const got = rows.map((r) => ({
      block_number: Number(r.block_number), timestamp: Number(r.timestamp), tx_hash: r.tx_hash, tx_index: Number(r.tx_index),
      log_index: Number(r.log_index), coin: r.coin, contract_key: r.contract_key, contract_address: r.contract_address,
      event_name: r.event_name, operator_address: r.operator_address, target_address: r.target_address, amount_raw: r.amount_raw,
      supply_effect: r.supply_effect, balance_effect: r.balance_effect, blacklist_effect: r.blacklist_effect,
    }));
    expect(got).toEqual(all);
    for (const r of rows) expect(r.amount).toBe(r.amount_raw === null ? null : Number(r.amount_raw));
    // the partition is the event's UTC day
    const [bad] = await sql(`SELECT count(*) AS n FROM raw_stablecoin_events WHERE "date" <> strftime(to_timestamp("timestamp" / 1000), '%Y-%m-%d')`);
    expect(Number(bad!.n)).toBe(0);
  });

  it('holds admin events (the tests below are not vacuous)', () => {
    expect(all.length).toBeGreaterThan(10);
    expect(all.some((e) => e.amount_raw !== null)).toBe(true);
    expect(all.some((e) => e.blacklist_effect !== null)).toBe(true);
  });
});

describe(`GET ${PATH}`, () => {
  it('401 without the CHAIN-PRO-API-KEY header; TRON-PRO-API-KEY is its alias', async () => {
    expect((await call('', {})).status).toBe(401);
    expect((await call('', { 'chain-pro-api-key': '' })).status).toBe(401);
    expect((await call('', { 'tron-pro-api-key': 'k' })).status).toBe(200);
  });

  it('defaults (convention A): every event, newest first, 100 a page, SPEC §2.2 envelope', async () => {
    const r = await call('');
    expect(r.status).toBe(200);
    expect(r.body.code).toBe(0);
    expect(r.body.total).toBe(all.length);
    expect(r.body.refreshTimeInfo.type).toBe('realtime');
    expect(Number.isInteger(r.body.refreshTimeInfo.lastUpdateTime)).toBe(true);
    expect(r.body.data).toEqual([...all].sort(desc(byTime)).slice(0, 100).map(itemOf));
  });

  it('convention A: per-coin event names (case-insensitive), counts and amounts to the last digit', async () => {
    const coins = [...new Set(all.map((e) => e.coin))];
    for (const coin of coins) {
      const names = [...new Set(all.filter((e) => e.coin === coin).map((e) => e.event_name))];
      const pick = names.slice(0, 2);
      const want = all.filter((e) => e.coin === coin && pick.includes(e.event_name)).sort(desc(byTime));
      const r = await call(`${coin}=${pick.map((x) => x.toLowerCase()).join(',')}&sort=2&direction=2&limit=100`);
      expect(r.status).toBe(200);
      expect(r.body.total).toBe(want.length);
      expect(r.body.data).toEqual(want.slice(0, 100).map(itemOf));
      const sum = (xs: { count: string }[]) => xs.reduce((a, x) => a + BigInt(x.count), 0n);
      expect(sum(r.body.data)).toBe(want.slice(0, 100).reduce((a, e) => a + amountOf(e), 0n));
    }
    // two coins at once: the union
    const [a, b] = coins;
    if (a && b) {
      const na = all.find((e) => e.coin === a)!.event_name;
      const nb = all.find((e) => e.coin === b)!.event_name;
      const want = all.filter((e) => (e.coin === a && e.event_name === na) || (e.coin === b && e.event_name === nb));
      expect((await call(`${a}=${na}&${b}=${nb}`)).body.total).toBe(want.length);
    }
  });

  it('convention B: coin flags (USDCOLD = USDC), a word sort, 20 a page by default', async () => {
    const want = all.filter((e) => e.coin === 'USDT' || e.coin === 'USDC').sort(byTime);
    const r = await call('USDT=1&USDCOLD=1&TUSD=0&sort=time&direction=1');
    expect(r.status).toBe(200);
    expect(r.body.total).toBe(want.length);
    expect(r.body.data).toEqual(want.slice(0, 20).map(itemOf));
    // every flag 0: every coin
    expect((await call('USDT=0&sort=time')).body.total).toBe(all.length);
    const amounts = all.filter((e) => e.coin === 'USDD').sort(desc(byAmount));
    const rd = await call('USDD=1&sort=amount&direction=2&limit=100');
    expect(rd.body.data).toEqual(amounts.slice(0, 100).map(itemOf));
  });

  it('sorts: quantity and time, both directions; an unknown key sorts by time', async () => {
    for (const [q, want] of [
      ['sort=1&direction=1', [...all].sort(byAmount)],
      ['sort=1&direction=2', [...all].sort(desc(byAmount))],
      ['sort=2&direction=1', [...all].sort(byTime)],
      ['sort=2&direction=2', [...all].sort(desc(byTime))],
      ['sort=9&direction=1', [...all].sort(byTime)],
    ] as const) {
      const r = await call(`${q}&limit=100`);
      expect(r.body.data, q).toEqual(want.slice(0, 100).map(itemOf));
    }
  });

  it('pages are disjoint and ordered; limit is clamped to 100; limit=0 gives the total alone', async () => {
    const want = [...all].sort(byAmount).map(itemOf);
    const size = Math.max(1, Math.floor(all.length / 3));
    const got: unknown[] = [];
    for (let start = 0; start < all.length; start += size) {
      const r = await call(`sort=1&direction=1&start=${start}&limit=${size}`);
      expect(r.body.total).toBe(all.length);
      got.push(...r.body.data);
    }
    expect(got).toEqual(want);
    const big = await call('limit=1000');
    expect(big.body.data.length).toBe(Math.min(100, all.length));
    const zero = await call('limit=0');
    expect(zero.body).toMatchObject({ total: all.length, data: [] });
    const past = await call(`start=${all.length}&limit=5`);
    expect(past.body).toMatchObject({ total: all.length, data: [] });
  });

  it('sum rule: start + limit ≤ 10000 (the limit is cut), start 10000 is a 400 naming start', async () => {
    const r = await call('start=9999&limit=100');
    expect(r.status).toBe(200);
    expect(r.body.data.length).toBe(all.length > 9999 ? 1 : 0);
    const bad = await call('start=10000');
    expect(bad.status).toBe(400);
    expect(bad.body.param).toBe('start');
  });

  it('operatorAddress filters on the transaction owner', async () => {
    const counts = new Map<string, number>();
    for (const e of all) counts.set(e.operator_address, (counts.get(e.operator_address) ?? 0) + 1);
    const [op] = [...counts].sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : 1))[0]!;
    const want = all.filter((e) => e.operator_address === op).sort(desc(byTime));
    const r = await call(`operatorAddress=${op}`);
    expect(r.body.total).toBe(want.length);
    expect(r.body.data).toEqual(want.slice(0, 100).map(itemOf));
  });

  it('startTime / endTime (seconds, inclusive), each bound alone and both', async () => {
    const times = [...new Set(all.map((e) => e.timestamp))].sort((a, b) => a - b);
    const mid = times[Math.floor(times.length / 2)]!;
    const s = Math.floor(mid / 1000);
    const from = all.filter((e) => e.timestamp >= s * 1000);
    const to = all.filter((e) => e.timestamp <= s * 1000);
    expect((await call(`startTime=${s}`)).body.total).toBe(from.length);
    expect((await call(`endTime=${s}`)).body.total).toBe(to.length);
    expect((await call(`startTime=${s}&endTime=${s}`)).body.total).toBe(all.filter((e) => Math.floor(e.timestamp / 1000) === s).length);
  });

  it('startAmount / endAmount: exact bounds in the smallest unit, each alone, -1 = no bound', async () => {
    const amounts = [...new Set(all.map((e) => amountOf(e)))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    const mid = amounts[Math.floor(amounts.length / 2)]!;
    const ge = all.filter((e) => amountOf(e) >= mid).length;
    const le = all.filter((e) => amountOf(e) <= mid).length;
    expect((await call(`startAmount=${mid}`)).body.total).toBe(ge);
    expect((await call(`endAmount=${mid}`)).body.total).toBe(le);
    expect((await call(`startAmount=${mid}&endAmount=${mid}`)).body.total).toBe(all.filter((e) => amountOf(e) === mid).length);
    expect((await call('startAmount=-1&endAmount=-1')).body.total).toBe(all.length);
    // a fraction of the smallest unit: the lower bound rounds up, the upper one down
    expect((await call(`startAmount=${mid - 1n}.5`)).body.total).toBe(ge);
    expect((await call(`endAmount=${mid}.5`)).body.total).toBe(le);
    // above every amount: nothing from it, everything up to it
    expect((await call(`startAmount=1${'0'.repeat(79)}`)).body.total).toBe(0);
    expect((await call(`endAmount=1${'0'.repeat(79)}`)).body.total).toBe(all.length);
  });

  it('bad input is a 400 naming the parameter', async () => {
    for (const [q, param] of [
      ['USDT=Nope', 'USDT'],
      ['USDC=Issue', 'USDC'],
      ['USDCOLD=2', 'USDCOLD'],
      ['USDT=1&USDD=7', 'USDD'],
      ['direction=3', 'direction'],
      ['direction=x', 'direction'],
      ['operatorAddress=Tnope', 'operatorAddress'],
      ['startTime=abc', 'startTime'],
      ['endTime=-5', 'endTime'],
      ['startTime=2000&endTime=1000', 'endTime'],
      ['startAmount=abc', 'startAmount'],
      ['endAmount=-2', 'endAmount'],
      ['limit=-1', 'limit'],
      ['start=x', 'start'],
    ] as const) {
      const r = await call(q);
      expect(r.status, q).toBe(400);
      expect(r.body.param, q).toBe(param);
    }
  });

  it('format=csv downloads the same rows (every row from start without limit)', async () => {
    const r = await call('format=csv&sort=1&direction=2');
    expect(r.status).toBe(200);
    const [header, ...rows] = parseCsv(r.text);
    expect(header).toEqual(['tokenName', 'tokenAddress', 'eventName', 'count', 'operatorAddress', 'time', 'hash']);
    expect(rows.map((x) => [x[2], x[3], x[6]])).toEqual([...all].sort(desc(byAmount)).map((e) => [e.event_name, e.amount_raw ?? '0', e.tx_hash]));
    const limited = await call('format=csv&limit=2');
    expect(parseCsv(limited.text).length - 1).toBe(Math.min(2, all.length));
  });
});
