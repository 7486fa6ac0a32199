import { describe, expect, it } from 'vitest';
import { get, sql } from '../../helpers/lake.ts';
import { CALLS, busiestContract, contractDays, lakeSpan, midnight, n } from './contract-stats-expected.ts';

const URL = '/api/onecontractenergystatistic';
type Point = { day: number; total_energy: number; energy: number; contract_supplied: number; trx: number | null };

/** Energy paid by burning per day, in units: each call's energy_fee / the energy price in force at its time (NULL: a burning call without a price). */
async function burnedUnits(contract: string): Promise<Map<string, number | null>> {
  const rows = await sql(`
    select c.d, case when bool_or(c.energy_fee > 0 and p.price_sun is null) then null
                     else coalesce(sum(c.energy_fee // p.price_sun) filter (where c.energy_fee > 0), 0) end u
    from (${CALLS}) c
    asof left join (select from_ts, price_sun from dim_resource_prices where resource = 'energy') p on c.timestamp >= p.from_ts
    where c.contract_address = '${contract}' group by 1`);
  return new Map(rows.map((r) => [String(r.d), r.u === null ? null : n(r.u)]));
}

describe(`GET ${URL}`, () => {
  it("one contract's energy per day it was called, by who paid, and the range's total, from raw transactions", async () => {
    const c = await busiestContract();
    const want = await contractDays(c);
    const burned = await burnedUnits(c);
    const { status, body } = await get(`${URL}?address=${c}`);
    expect(status).toBe(200);
    expect(body.data).toEqual(want.map((d) => ({ day: midnight(d.day), total_energy: d.total, energy: d.stake, contract_supplied: d.origin, trx: burned.get(d.day) })));
    expect(body.total).toBe(want.length);
    expect(body.totalEnergy).toBe(want.reduce((a, d) => a + d.total, 0));
  });

  it('start_timestamp and end_timestamp are ms: each bound alone, both, defaults the whole lake', async () => {
    const c = await busiestContract();
    const { first, last } = await lakeSpan();
    const days = await contractDays(c);
    const mid = days[Math.floor(days.length / 2)]!.day;
    const ms = (day: string) => midnight(day) + 60_000;
    const cases: [string, string, string][] = [
      ['', first, last],
      [`&start_timestamp=${ms(mid)}`, mid, last],
      [`&end_timestamp=${ms(mid)}`, first, mid],
      [`&start_timestamp=${ms(days[1]!.day)}&end_timestamp=${ms(mid)}`, days[1]!.day, mid],
    ];
    for (const [q, from, to] of cases) {
      const want = await contractDays(c, from, to);
      const { body } = await get(`${URL}?address=${c}${q}`);
      expect(body.data.map((p: Point) => [p.day, p.total_energy]), q).toEqual(want.map((d) => [midnight(d.day), d.total]));
      expect(body.totalEnergy, q).toBe(want.reduce((a, d) => a + d.total, 0));
    }
  });

  it('an address never called answers empty; 400s name the parameter', async () => {
    const none = await get(`${URL}?address=T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb`);
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ total: 0, totalEnergy: 0, data: [] });
    expect((await get(URL)).body.param).toBe('address');
    expect((await get(`${URL}?address=T123`)).body.param).toBe('address');
    const c = await busiestContract();
    expect((await get(`${URL}?address=${c}&start_timestamp=soon`)).body.param).toBe('start_timestamp');
    expect((await get(`${URL}?address=${c}&end_timestamp=-5`)).body.param).toBe('end_timestamp');
    const e = await get(`${URL}?address=${c}&start_timestamp=1700000000000&end_timestamp=1600000000000`);
    expect([e.status, e.body.param]).toEqual([400, 'end_timestamp']);
  });
});
