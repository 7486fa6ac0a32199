import { describe, expect, it } from 'vitest';
import { get } from '../../helpers/lake.ts';
import { DAY_MS, busiestContract, contractDays, lakeSpan, midnight } from './contract-stats-expected.ts';

const URL = '/api/onecontracttriggerstatistic';
type Point = { day: number; amount: number };

describe(`GET ${URL}`, () => {
  it("one contract's calls per day it was called, oldest first, and the range's total, from raw transactions", async () => {
    const c = await busiestContract();
    const want = await contractDays(c);
    expect(want.length).toBeGreaterThan(1);
    const { status, body } = await get(`${URL}?address=${c}`);
    expect(status).toBe(200);
    expect(body.data).toEqual(want.map((d) => ({ day: midnight(d.day), amount: d.calls })));
    expect(body.total).toBe(want.length);
    expect(body.totalAmount).toBe(want.reduce((a, d) => a + d.calls, 0));
  });

  it('start_timestamp and end_timestamp are seconds: each bound alone, both, defaults the whole lake', async () => {
    const c = await busiestContract();
    const { first, last } = await lakeSpan();
    const days = await contractDays(c);
    const mid = days[Math.floor(days.length / 2)]!.day;
    // A time inside the day, in seconds: its whole UTC day counts.
    const s = (day: string) => (midnight(day) + 3_600_000) / 1000;
    const cases: [string, string, string][] = [
      ['', first, last],
      [`&start_timestamp=${s(mid)}`, mid, last],
      [`&end_timestamp=${s(mid)}`, first, mid],
      [`&start_timestamp=${s(days[0]!.day)}&end_timestamp=${s(mid)}`, days[0]!.day, mid],
    ];
    for (const [q, from, to] of cases) {
      const want = await contractDays(c, from, to);
      const { body } = await get(`${URL}?address=${c}${q}`);
      expect(body.data.map((p: Point) => p.day), q).toEqual(want.map((d) => midnight(d.day)));
      expect(body.totalAmount, q).toBe(want.reduce((a, d) => a + d.calls, 0));
    }
    // A milliseconds value is refused as such, not read as a date ~50,000 years ahead (an empty series that looks right).
    const ms = await get(`${URL}?address=${c}&start_timestamp=${midnight(last) + DAY_MS}`);
    expect(ms.status).toBe(400);
    expect(ms.body).toMatchObject({ error: 'BAD_PARAMETER', param: 'start_timestamp' });
    expect(ms.body.message).toContain('looks like milliseconds');
  });

  it('an address never called answers empty; 400s name the parameter', async () => {
    const none = await get(`${URL}?address=T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb`);
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ total: 0, totalAmount: 0, data: [] });
    expect((await get(URL)).body.param).toBe('address');
    expect((await get(`${URL}?address=nope`)).body.param).toBe('address');
    const c = await busiestContract();
    expect((await get(`${URL}?address=${c}&start_timestamp=abc`)).body.param).toBe('start_timestamp');
    expect((await get(`${URL}?address=${c}&end_timestamp=-1`)).body.param).toBe('end_timestamp');
    const e = await get(`${URL}?address=${c}&start_timestamp=1700000000&end_timestamp=1600000000`);
    expect(e.status).toBe(400);
    expect(e.body.param).toBe('end_timestamp');
  });
});
