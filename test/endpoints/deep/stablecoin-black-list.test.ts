/**
 * /api/stableCoin/blackList against the blacklist events decoded in the test from raw `logs` (stablecoin-expected.ts):
 * additions, removals and destroyed funds of the five coins, by token and address, sorted by quantity or time both
 * ways, paged, limit default and max 100, 400s naming their parameter, and the CSV.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { get } from '../../helpers/lake.ts';
import { parseCsv } from '../../helpers/csv.ts';
import { byAmount, byTime, DECIMALS, expectedEvents, NAME, scaled, type ExpectedEvent } from './stablecoin-expected.ts';

const PATH = '/api/stableCoin/blackList';

const itemOf = (e: ExpectedEvent) => ({
  blackAddress: e.target_address, tokenName: NAME[e.contract_address], contractAddress: e.contract_address, coin: e.coin,
  eventName: e.event_name, type: e.blacklist_effect, num: e.amount_raw === null ? '0' : scaled(e.amount_raw, DECIMALS[e.contract_address]!),
  time: Math.floor(e.timestamp / 1000), transHash: e.tx_hash,
});
const desc = <T>(cmp: (a: T, b: T) => number) => (a: T, b: T) => cmp(b, a);

let listed: ExpectedEvent[];
beforeAll(async () => {
  listed = (await expectedEvents()).filter((e) => e.blacklist_effect !== null);
});

describe(`GET ${PATH}`, () => {
  it('has blacklist events to check (additions and removals)', () => {
    expect(listed.some((e) => e.blacklist_effect === 'add')).toBe(true);
    expect(listed.some((e) => e.blacklist_effect === 'remove')).toBe(true);
  });

  it('defaults: every blacklist event, by quantity ascending, 100 a page', async () => {
    const r = await get(PATH);
    expect(r.status).toBe(200);
    expect(r.body.total).toBe(listed.length);
    expect(r.body.data).toEqual([...listed].sort(byAmount).slice(0, 100).map(itemOf));
  });

  it('sort 1 quantity / 2 time, direction 1 / 2; an unknown sort is quantity', async () => {
    for (const [q, want] of [
      ['sort=1&direction=1', [...listed].sort(byAmount)],
      ['sort=1&direction=2', [...listed].sort(desc(byAmount))],
      ['sort=2&direction=1', [...listed].sort(byTime)],
      ['sort=2&direction=2', [...listed].sort(desc(byTime))],
      ['sort=7&direction=2', [...listed].sort(desc(byAmount))],
    ] as const) {
      const r = await get(`${PATH}?${q}`);
      expect(r.body.data, q).toEqual(want.slice(0, 100).map(itemOf));
    }
  });

  it('tokenAddress and blackAddress filter; a contract that is no stablecoin answers empty', async () => {
    for (const contract of new Set(listed.map((e) => e.contract_address))) {
      const want = listed.filter((e) => e.contract_address === contract).sort(byTime);
      const r = await get(`${PATH}?tokenAddress=${contract}&sort=2`);
      expect(r.body.total).toBe(want.length);
      expect(r.body.data).toEqual(want.slice(0, 100).map(itemOf));
    }
    const counts = new Map<string, number>();
    for (const e of listed) counts.set(e.target_address!, (counts.get(e.target_address!) ?? 0) + 1);
    const [addr] = [...counts].sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : 1))[0]!;
    const want = listed.filter((e) => e.target_address === addr).sort(byTime);
    const r = await get(`${PATH}?blackAddress=${addr}&sort=2`);
    expect(r.body.data).toEqual(want.map(itemOf));
    const other = await get(`${PATH}?tokenAddress=TNUC9Qb1rRpS5CbWLmNMxXBjyFoydXjWFR`);
    expect(other.body).toEqual({ total: 0, data: [] });
  });

  it('pages are disjoint and ordered; limit clamped to 100; limit=0 and past the end give the total alone', async () => {
    const want = [...listed].sort(byTime).map(itemOf);
    const size = Math.max(1, Math.floor(listed.length / 3));
    const got: unknown[] = [];
    for (let start = 0; start < listed.length; start += size) {
      const r = await get(`${PATH}?sort=2&start=${start}&limit=${size}`);
      expect(r.body.total).toBe(listed.length);
      got.push(...r.body.data);
    }
    expect(got).toEqual(want);
    expect((await get(`${PATH}?limit=1000`)).body.data.length).toBe(Math.min(100, listed.length));
    expect((await get(`${PATH}?limit=0`)).body).toEqual({ total: listed.length, data: [] });
    expect((await get(`${PATH}?start=${listed.length}`)).body).toEqual({ total: listed.length, data: [] });
  });

  it('bad input is a 400 naming the parameter', async () => {
    for (const [q, param] of [
      ['tokenAddress=abc', 'tokenAddress'],
      ['blackAddress=T123', 'blackAddress'],
      ['direction=0', 'direction'],
      ['direction=3', 'direction'],
      ['limit=x', 'limit'],
      ['start=-1', 'start'],
    ] as const) {
      const r = await get(`${PATH}?${q}`);
      expect(r.status, q).toBe(400);
      expect(r.body.param, q).toBe(param);
    }
  });

  it('format=csv downloads the same rows', async () => {
    const r = await get(`${PATH}?format=csv&sort=2&direction=2`);
    expect(r.status).toBe(200);
    const [header, ...rows] = parseCsv(r.text);
    expect(header).toEqual(['blackAddress', 'tokenName', 'contractAddress', 'coin', 'eventName', 'type', 'num', 'time', 'transHash']);
    expect(rows.map((x) => [x[0], x[6], x[8]])).toEqual([...listed].sort(desc(byTime)).map((e) => {
      const i = itemOf(e);
      return [i.blackAddress, i.num, i.transHash];
    }));
  });
});
