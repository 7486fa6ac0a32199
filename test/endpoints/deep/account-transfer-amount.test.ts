/**
 * GET /api/deep/account/transferAmount: what an address received and sent per counterparty over the 90 days ending
 * now, against plain SQL over the raw transfers (counterparty-expected.ts): sections, counts, USD and its total
 * rounded once, direction, relatedToken (Base58, 0, TRC10 id), sortBy, limit, 400s, no API key asked.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { get, sql } from '../../helpers/lake.ts';
import { busyDefaultWindow, DAY, expectedCounterparties, pricedToken, round6, type Expected } from './counterparty-expected.ts';

const URL = '/api/deep/account/transferAmount';
let head = 0;
let address = '';
let all: Expected[];

beforeAll(async () => {
  ({ head, address, all } = await busyDefaultWindow());
});

const tie = (a: Expected, b: Expected) => (a.address < b.address ? -1 : 1);

describe(`GET ${URL}`, () => {
  it('sections: counterparties that sent (transfer_in) and received (transfer_out), sortBy timesIn, no key needed', async () => {
    const r = await get(`${URL}?address=${address}&sortBy=timesIn`);
    expect(r.status).toBe(200);
    expect(r.body.code).toBe(0);
    const ins = all.filter((x) => x.timesIn > 0).sort((a, b) => b.timesIn - a.timesIn || tie(a, b));
    const outs = all.filter((x) => x.timesOut > 0).sort((a, b) => b.timesOut - a.timesOut || tie(a, b));
    expect(r.body.transfer_in.total).toBe(ins.length);
    expect(r.body.transfer_out.total).toBe(outs.length);
    expect(r.body.transfer_in.data.map((x: any) => [x.address, x.times])).toEqual(ins.slice(0, 100).map((x) => [x.address, x.timesIn]));
    expect(r.body.transfer_out.data.map((x: any) => [x.address, x.times])).toEqual(outs.slice(0, 100).map((x) => [x.address, x.timesOut]));
    for (const x of r.body.transfer_in.data) expect(typeof x.addressTag).toBe('string');
  });

  it('USD of a priced asset per counterparty and amountTotal (exact sum, rounded once), default sort amountIn', async () => {
    const token = await pricedToken(address);
    if (token === undefined) return; // a lake without a price feed: counts only
    const mine = [...(await expectedCounterparties(address, head - 90 * DAY, head, token)).values()];
    const r = await get(`${URL}?address=${address}&relatedToken=${token === '_' ? '0' : token}`);
    for (const [side, key] of [['transfer_in', 'usdIn'], ['transfer_out', 'usdOut']] as const) {
      const list = mine.filter((x) => (key === 'usdIn' ? x.timesIn : x.timesOut) > 0);
      const total = list.reduce((a, x) => ({ num: a.num + x[key].num, scale: x[key].scale }), { num: 0n, scale: 80 });
      expect(r.body[side].amountTotal, side).toBe(round6(total));
      const want = list.map((x) => ({ address: x.address, usd: round6(x[key]) })).sort((a, b) => b.usd - a.usd || (a.address < b.address ? -1 : 1));
      expect(r.body[side].data.map((x: any) => ({ address: x.address, usd: x.amountInUsd })), side).toEqual(want.slice(0, 100));
    }
  });

  it('direction 1 / 2 leaves the other section empty; limit; limit above 100 cut to 100', async () => {
    const r1 = await get(`${URL}?address=${address}&direction=1`);
    expect(r1.body.transfer_out).toEqual({ total: 0, amountTotal: 0, data: [], contractMap: {}, contractInfo: {} });
    expect(r1.body.transfer_in.total).toBe(all.filter((x) => x.timesIn > 0).length);
    const r2 = await get(`${URL}?address=${address}&direction=2&limit=3&sortBy=timesOut`);
    expect(r2.body.transfer_in.total).toBe(0);
    const outs = all.filter((x) => x.timesOut > 0).sort((a, b) => b.timesOut - a.timesOut || tie(a, b));
    expect(r2.body.transfer_out.data.map((x: any) => x.address)).toEqual(outs.slice(0, 3).map((x) => x.address));
    const big = await get(`${URL}?address=${address}&limit=1000`);
    expect(big.body.transfer_in.data.length).toBe(Math.min(100, all.filter((x) => x.timesIn > 0).length));
  });

  it('relatedToken: a TRC10 id keeps that token (a sample picked with SQL)', async () => {
    const [t] = await sql(`SELECT owner_address AS a, token_id FROM raw_transactions
      WHERE contract_type = 2 AND contract_ret = 'SUCCESS' AND token_id IS NOT NULL AND "timestamp" >= ${head - 90 * DAY}
      ORDER BY block_number DESC, tx_index LIMIT 1`);
    if (!t) return; // no TRC10 transfer in the window
    const want = [...(await expectedCounterparties(String(t.a), head - 90 * DAY, head, String(t.token_id))).values()];
    const r = await get(`${URL}?address=${t.a}&relatedToken=${t.token_id}`);
    expect(r.body.transfer_out.total).toBe(want.filter((x) => x.timesOut > 0).length);
    expect(r.body.transfer_out.total).toBeGreaterThan(0);
  });

  it('400 naming the parameter', async () => {
    for (const [q, param] of [
      ['', 'address'], ['address=x', 'address'], [`address=${address}&direction=5`, 'direction'],
      [`address=${address}&sortBy=usd`, 'sortBy'], [`address=${address}&relatedToken=T1`, 'relatedToken'], [`address=${address}&limit=x`, 'limit'],
    ]) {
      const r = await get(`${URL}?${q}`);
      expect(r.status, q).toBe(400);
      expect(r.body.param, q).toBe(param);
    }
  });
});
