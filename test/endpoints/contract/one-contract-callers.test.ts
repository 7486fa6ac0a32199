import { describe, expect, it } from 'vitest';
import { get, sql } from '../../helpers/lake.ts';
import { CALLS, DAY_MS, busiestContract, lakeSpan, midnight, n, utcDay } from './contract-stats-expected.ts';

const URL = '/api/onecontractcallers';
type Caller = { caller_address: string; callerAddressTag: string; amount: number };

/** The contract's callers on `day`, most calls first then address, and the day's calls. */
async function callersOn(contract: string, day: string): Promise<{ rows: [string, number][]; calls: number }> {
  const rows = await sql(`select owner_address a, count(*) k from (${CALLS}) where contract_address = '${contract}' and d = '${day}' group by 1 order by k desc, a`);
  return { rows: rows.map((r) => [String(r.a), n(r.k)]), calls: rows.reduce((s, r) => s + n(r.k), 0) };
}

/** The contract with the most callers on one day, and that day: a day with more than one page of callers. */
async function busiestDay(): Promise<{ contract: string; day: string }> {
  const [r] = await sql(`select contract_address c, d, count(distinct owner_address) k from (${CALLS}) group by 1, 2 order by k desc, c, d limit 1`);
  return { contract: String(r!.c), day: String(r!.d) };
}

describe(`GET ${URL}`, () => {
  it("the callers of a contract on one day, most calls first, with the day's callers and calls, from raw transactions", async () => {
    const { contract, day } = await busiestDay();
    const { head } = await lakeSpan();
    const want = await callersOn(contract, day);
    expect(want.rows.length).toBeGreaterThan(10);
    // `day` counts back from the head block's UTC day.
    const back = (midnight(utcDay(head)) - midnight(day)) / DAY_MS;
    const { status, body } = await get(`${URL}?address=${contract}&day=${back}&limit=50`);
    expect(status).toBe(200);
    expect(body.data.map((r: Caller) => [r.caller_address, r.amount])).toEqual(want.rows.slice(0, 50));
    expect(body.data.every((r: Caller) => r.callerAddressTag === '')).toBe(true);
    expect([body.total, body.totalCallerAmount]).toEqual([want.rows.length, want.calls]);
    // A time in ms names its UTC day.
    expect((await get(`${URL}?address=${contract}&day=${midnight(day) + 5_000_000}&limit=50`)).body).toEqual(body);
    // Paging: the default limit is 10, start an offset, limit over 50 clamped.
    expect((await get(`${URL}?address=${contract}&day=${back}`)).body.data.map((r: Caller) => r.caller_address)).toEqual(want.rows.slice(0, 10).map((r) => r[0]));
    expect((await get(`${URL}?address=${contract}&day=${back}&start=7&limit=3`)).body.data.map((r: Caller) => r.caller_address)).toEqual(want.rows.slice(7, 10).map((r) => r[0]));
    expect((await get(`${URL}?address=${contract}&day=${back}&limit=500`)).body.data.length).toBe(Math.min(50, want.rows.length));
    const csv = (await get(`${URL}?address=${contract}&day=${back}&format=csv&limit=5`)).text.trim().split(/\r?\n/);
    expect(csv[0]).toBe('caller_address,amount');
    expect(csv.slice(1)).toEqual(want.rows.slice(0, 5).map(([a, k]) => `${a},${k}`));
  });

  it('day defaults to 1 (the day before the head block\'s); 0 is the head\'s day', async () => {
    const c = await busiestContract();
    const { head } = await lakeSpan();
    for (const [q, day] of [['', utcDay(head - DAY_MS)], ['&day=1', utcDay(head - DAY_MS)], ['&day=0', utcDay(head)]] as const) {
      const want = await callersOn(c, day);
      const { body } = await get(`${URL}?address=${c}${q}&limit=50`);
      expect(body.data.map((r: Caller) => [r.caller_address, r.amount]), q).toEqual(want.rows.slice(0, 50));
      expect([body.total, body.totalCallerAmount], q).toEqual([want.rows.length, want.calls]);
    }
  });

  it('a day or contract without calls answers empty; 400s name the parameter', async () => {
    const c = await busiestContract();
    expect((await get(`${URL}?address=${c}&day=100000`)).body).toMatchObject({ total: 0, totalCallerAmount: 0, data: [] });
    const none = await get(`${URL}?address=T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb`);
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ total: 0, totalCallerAmount: 0, data: [], contractMap: {}, contractInfo: {} });
    expect((await get(URL)).body.param).toBe('address');
    expect((await get(`${URL}?address=abc`)).body.param).toBe('address');
    expect((await get(`${URL}?address=${c}&day=-1`)).body.param).toBe('day');
    expect((await get(`${URL}?address=${c}&day=yesterday`)).body.param).toBe('day');
    expect((await get(`${URL}?address=${c}&limit=-1`)).body.param).toBe('limit');
    expect((await get(`${URL}?address=${c}&start=x`)).body.param).toBe('start');
  });
});
