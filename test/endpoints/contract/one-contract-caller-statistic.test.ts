import { describe, expect, it } from 'vitest';
import { get } from '../../helpers/lake.ts';
import { busiestContract, contractDays, lakeSpan, midnight, rangeCallers } from './contract-stats-expected.ts';

const URL = '/api/onecontractcallerstatistic';
type Point = { day: number; amount: number };

describe(`GET ${URL}`, () => {
  it("one contract's distinct callers per day, and over the range (not the sum of the days'), from raw transactions", async () => {
    const c = await busiestContract();
    const { first, last } = await lakeSpan();
    const want = await contractDays(c);
    expect(want.length).toBeGreaterThan(1);
    const { status, body } = await get(`${URL}?address=${c}`);
    expect(status).toBe(200);
    expect(body.data).toEqual(want.map((d) => ({ day: midnight(d.day), amount: d.callers })));
    expect(body.total).toBe(want.length);
    expect(body.totalCallerAmount).toBe(await rangeCallers(c, first, last));
  });

  it('start_timestamp and end_timestamp are seconds: each bound alone, both, defaults the whole lake', async () => {
    const c = await busiestContract();
    const { first, last } = await lakeSpan();
    const days = await contractDays(c);
    const [a, b] = [days[1]!.day, days[days.length - 2]!.day];
    const s = (day: string) => (midnight(day) + 7_200_000) / 1000;
    const cases: [string, string, string][] = [
      ['', first, last],
      [`&start_timestamp=${s(a)}`, a, last],
      [`&end_timestamp=${s(b)}`, first, b],
      [`&start_timestamp=${s(a)}&end_timestamp=${s(b)}`, a, b],
      [`&start_timestamp=${s(a)}&end_timestamp=${s(a)}`, a, a],
      // Both bounds, one of them at the lake's edge (or past it).
      [`&start_timestamp=${s(first)}&end_timestamp=${s(b)}`, first, b],
      [`&start_timestamp=${s(a)}&end_timestamp=${s(last) + 86_400}`, a, last],
    ];
    for (const [q, from, to] of cases) {
      const want = await contractDays(c, from, to);
      const { body } = await get(`${URL}?address=${c}${q}`);
      expect(body.data, q).toEqual(want.map((d) => ({ day: midnight(d.day), amount: d.callers })));
      expect(body.total, q).toBe(want.length);
      expect(body.totalCallerAmount, q).toBe(await rangeCallers(c, from, to));
    }
    // A range from the lake's first day or to the head's is counted from the callers' first / last call; one inside
    // the lake from its days' callers.
    const timing = async (q: string) => String((await get(`${URL}?address=${c}${q}`)).headers['server-timing'] ?? '').split(', ').map((t) => t.split(';')[0]!);
    expect(await timing('')).toContain('contract_one-contract-caller-statistic.open');
    expect(await timing(`&start_timestamp=${s(a)}&end_timestamp=${s(b)}`)).toContain('contract_one-contract-caller-statistic.range');
    // A day range is a distinct count: at most the sum of its days' counts.
    const all = (await get(`${URL}?address=${c}`)).body;
    expect(all.totalCallerAmount).toBeLessThanOrEqual(all.data.reduce((x: number, p: Point) => x + p.amount, 0));
  });

  it('an address never called answers empty; 400s name the parameter', async () => {
    const none = await get(`${URL}?address=T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb`);
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ total: 0, totalCallerAmount: 0, data: [] });
    expect((await get(URL)).body.param).toBe('address');
    expect((await get(`${URL}?address=0x12`)).body.param).toBe('address');
    const c = await busiestContract();
    expect((await get(`${URL}?address=${c}&start_timestamp=1.5`)).body.param).toBe('start_timestamp');
    expect((await get(`${URL}?address=${c}&end_timestamp=x`)).body.param).toBe('end_timestamp');
    const e = await get(`${URL}?address=${c}&start_timestamp=1700000000&end_timestamp=1600000000`);
    expect([e.status, e.body.param]).toEqual([400, 'end_timestamp']);
  });
});
