/**
 * GET /api/deep/account/relatedAccount: counterparties of an address from address_counterparty_daily, against plain
 * SQL over the raw transfers (counterparty-expected.ts): counts and USD per counterparty, the 90-day window and its
 * defaults, both bounds of txNum / txAmount alone, direction, relatedAddress, relatedToken, sorts, limit, 400s and
 * the key rule (no key asked, as every deep endpoint but keyEvents).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { get, testManifest } from '../../helpers/lake.ts';
import { busyAddress, DAY, expectedCounterparties, pricedToken, round6, type Expected } from './counterparty-expected.ts';

const URL = '/api/deep/account/relatedAccount';
let head = 0;
let address = '';
let all: Map<string, Expected>;

beforeAll(async () => {
  head = (await testManifest()).head.timestamp;
  address = await busyAddress();
  all = await expectedCounterparties(address, head - 90 * DAY, head);
});

const sec = (ms: number) => Math.floor(ms / 1000);
const byKey = (k: 'timesIn' | 'timesOut') => (a: Expected, b: Expected) => b[k] - a[k] || (a.address < b.address ? -1 : 1);

/** The items' counts as the expectation gives them. */
const counts = (list: Expected[]) => list.map((x) => ({ address: x.address, timesIn: x.timesIn, timesOut: x.timesOut }));
const gotCounts = (data: any[]) => data.map((x) => ({ address: x.address, timesIn: x.timesIn, timesOut: x.timesOut }));

describe(`GET ${URL}`, () => {
  it('has a sample with several counterparties (the tests below are not vacuous)', () => {
    expect(all.size).toBeGreaterThan(1);
  });

  it('defaults: the 90 days ending now, every asset, envelope, no API key needed', async () => {
    const r = await get(`${URL}?address=${address}&sortby=timesIn`);
    expect(r.status).toBe(200);
    expect(r.body.code).toBe(0);
    expect(r.body.total).toBe(all.size);
    const want = [...all.values()].sort(byKey('timesIn')).slice(0, 100);
    expect(gotCounts(r.body.data)).toEqual(counts(want));
    expect(typeof r.body.contractMap).toBe('object');
    expect(typeof r.body.contractInfo).toBe('object');
    for (const x of r.body.data) expect(typeof r.body.contractMap[x.address]).toBe('boolean');
  });

  it('sortby timesOut, limit, limit above 100 cut to 100', async () => {
    const want = [...all.values()].sort(byKey('timesOut'));
    const r = await get(`${URL}?address=${address}&sortby=timesOut&limit=2`);
    expect(gotCounts(r.body.data)).toEqual(counts(want.slice(0, 2)));
    const big = await get(`${URL}?address=${address}&sortby=timesOut&limit=500`);
    expect(big.body.data.length).toBe(Math.min(100, all.size));
  });

  it('USD per counterparty of a priced asset (exact, rounded once), sortby amountIn (default) and amountOut', async () => {
    const token = await pricedToken(address);
    if (token === undefined) return; // a lake without a price feed (the ingested one): counts only, above
    const mine = await expectedCounterparties(address, head - 90 * DAY, head, token);
    const rel = token === '_' ? '0' : token;
    for (const key of ['amountIn', 'amountOut'] as const) {
      const r = await get(`${URL}?address=${address}&relatedToken=${rel}${key === 'amountOut' ? '&sortby=amountOut' : ''}`);
      expect(r.status).toBe(200);
      expect(r.body.total).toBe(mine.size);
      const want = [...mine.values()].map((x) => ({ address: x.address, amountIn: round6(x.usdIn), amountOut: round6(x.usdOut), timesIn: x.timesIn, timesOut: x.timesOut }))
        .sort((a, b) => b[key] - a[key] || (a.address < b.address ? -1 : 1)).slice(0, 100);
      expect(r.body.data).toEqual(want);
    }
  });

  it('startTime alone, endTime alone, both: the window in seconds, inclusive', async () => {
    const cases: [string, number, number][] = [
      [`startTime=${sec(head - 10 * DAY)}`, sec(head - 10 * DAY) * 1000, head],
      [`endTime=${sec(head - 5 * DAY)}`, sec(head - 5 * DAY) * 1000 - 90 * DAY, sec(head - 5 * DAY) * 1000],
      [`startTime=${sec(head - 20 * DAY)}&endTime=${sec(head - 3 * DAY)}`, sec(head - 20 * DAY) * 1000, sec(head - 3 * DAY) * 1000],
    ];
    for (const [q, s, e] of cases) {
      const want = await expectedCounterparties(address, s, e);
      const r = await get(`${URL}?address=${address}&sortby=timesIn&${q}`);
      expect(r.status, q).toBe(200);
      expect(r.body.total, q).toBe(want.size);
      expect(gotCounts(r.body.data), q).toEqual(counts([...want.values()].sort(byKey('timesIn')).slice(0, 100)));
    }
  });

  it('a window of exactly 90 days is served; longer, or reversed, is a 400 naming startTime', async () => {
    const e = sec(head);
    expect((await get(`${URL}?address=${address}&startTime=${e - 90 * 86_400}&endTime=${e}`)).status).toBe(200);
    for (const q of [`startTime=${e - 90 * 86_400 - 1}&endTime=${e}`, `startTime=${e}&endTime=${e - 1}`]) {
      const r = await get(`${URL}?address=${address}&${q}`);
      expect(r.status, q).toBe(400);
      expect(r.body.param, q).toBe('startTime');
    }
  });

  it('direction 1 / 2: counterparties that sent / received; txNum counts that side', async () => {
    const list = [...all.values()];
    const r1 = await get(`${URL}?address=${address}&direction=1&sortby=timesIn`);
    expect(r1.body.total).toBe(list.filter((x) => x.timesIn > 0).length);
    const r2 = await get(`${URL}?address=${address}&direction=2&sortby=timesOut`);
    expect(r2.body.total).toBe(list.filter((x) => x.timesOut > 0).length);
    expect(gotCounts(r2.body.data)).toEqual(counts(list.filter((x) => x.timesOut > 0).sort(byKey('timesOut')).slice(0, 100)));
    const r3 = await get(`${URL}?address=${address}&direction=1&txNum=2,`);
    expect(r3.body.total).toBe(list.filter((x) => x.timesIn >= 2).length);
  });

  it('txNum: min alone, max alone, both (movements both ways for direction 0)', async () => {
    const list = [...all.values()];
    const n = (x: Expected) => x.timesIn + x.timesOut;
    for (const [q, keep] of [
      ['2,', (x: Expected) => n(x) >= 2], [',1', (x: Expected) => n(x) <= 1], ['2,3', (x: Expected) => n(x) >= 2 && n(x) <= 3],
    ] as const) {
      const r = await get(`${URL}?address=${address}&txNum=${q}`);
      expect(r.status, q).toBe(200);
      expect(r.body.total, q).toBe(list.filter(keep).length);
    }
  });

  it('txAmount: min alone, max alone (USD of the asked side)', async () => {
    const token = await pricedToken(address);
    if (token === undefined) return; // no price feed: every USD is the chain's own, checked by the price tests
    const mine = [...(await expectedCounterparties(address, head - 90 * DAY, head, token)).values()];
    const usd = (x: Expected) => round6(x.usdIn) + round6(x.usdOut);
    const sorted = mine.map(usd).sort((a, b) => a - b);
    const mid = sorted[Math.floor(sorted.length / 2)]!;
    const rel = token === '_' ? '0' : token;
    const lo = await get(`${URL}?address=${address}&relatedToken=${rel}&txAmount=${mid},`);
    expect(lo.body.total).toBe(mine.filter((x) => usd(x) >= mid).length);
    const hi = await get(`${URL}?address=${address}&relatedToken=${rel}&txAmount=,${mid}`);
    expect(hi.body.total).toBe(mine.filter((x) => usd(x) <= mid).length);
  });

  it('relatedAddress keeps one counterparty; relatedToken 0 is TRX', async () => {
    const one = [...all.values()].sort(byKey('timesIn'))[0]!;
    const r = await get(`${URL}?address=${address}&relatedAddress=${one.address}`);
    expect(gotCounts(r.body.data)).toEqual(counts([one]));
    const trx = await expectedCounterparties(address, head - 90 * DAY, head, '_');
    const t = await get(`${URL}?address=${address}&relatedToken=0`);
    expect(t.body.total).toBe(trx.size);
  });

  it('no counterparty (an address never seen, a window before the lake, a token it never moved): total 0, no item', async () => {
    const empty = [
      `${URL}?address=TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL`,
      `${URL}?address=${address}&startTime=${sec(head - 400 * DAY)}&endTime=${sec(head - 320 * DAY)}`,
      `${URL}?address=${address}&relatedToken=1999999999`,
    ];
    for (const u of empty) {
      const r = await get(u);
      expect(r.status, u).toBe(200);
      expect(r.body.total, u).toBe(0);
      expect(r.body.data, u).toEqual([]);
    }
  });

  it('400 naming the parameter', async () => {
    for (const [q, param] of [
      ['', 'address'], ['address=Tabc', 'address'], [`address=${address}&txNum=x`, 'txNum'], [`address=${address}&txNum=5`, 'txNum'],
      [`address=${address}&txNum=5,2`, 'txNum'], [`address=${address}&txAmount=-1,`, 'txAmount'], [`address=${address}&direction=3`, 'direction'],
      [`address=${address}&sortby=amount`, 'sortby'], [`address=${address}&relatedToken=abc`, 'relatedToken'],
      [`address=${address}&relatedAddress=x`, 'relatedAddress'], [`address=${address}&limit=-1`, 'limit'],
    ]) {
      const r = await get(`${URL}?${q}`);
      expect(r.status, q).toBe(400);
      expect(r.body.param, q).toBe(param);
    }
  });
});
