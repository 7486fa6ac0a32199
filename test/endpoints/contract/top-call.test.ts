import { describe, expect, it } from 'vitest';
import { get, sql } from '../../helpers/lake.ts';
import { CALLS, DAY_MS, busiestContract, lakeSpan, midnight, n, utcDay } from './contract-stats-expected.ts';

const URL = '/api/contracts/top_call';
const ratio = (k: number, total: number) => Math.round((k / total) * 10_000) / 10_000;

describe(`GET ${URL}`, () => {
  it("one contract's calls, callers, top 10 callers and methods over the lake, and its calls of the last 7 days, from raw transactions", async () => {
    const c = await busiestContract();
    const { head } = await lakeSpan();
    const [t] = await sql(`select count(*) k, count(distinct owner_address) a from (${CALLS}) where contract_address = '${c}'`);
    const total = n(t!.k);
    const callers = await sql(`select owner_address a, count(*) k from (${CALLS}) where contract_address = '${c}' group by 1 order by k desc, a limit 10`);
    const methods = await sql(`select coalesce(method_id, '') m, count(*) k from (${CALLS}) where contract_address = '${c}' group by 1 order by k desc, m limit 10`);
    const since = utcDay(head - 6 * DAY_MS);
    const [recent] = await sql(`select count(*) k from (${CALLS}) where contract_address = '${c}' and d >= '${since}'`);
    const { status, body } = await get(`${URL}?contract_address=${c}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ totalCallTimes: total, totalAddress: n(t!.a), recentCallTimes: n(recent!.k), timeLong: midnight(since) });
    expect(body.topAddress).toEqual(callers.map((r) => ({ address: r.a, addressTag: '', count: n(r.k), ratio: ratio(n(r.k), total) })));
    expect(body.topMethods).toEqual(methods.map((r) => ({ methodId: r.m, times: n(r.k), ratio: ratio(n(r.k), total) })));
    expect(body.topMethods.every((m: { methodId: string }) => /^([0-9a-f]{8})?$/.test(m.methodId))).toBe(true);
    for (const r of body.topAddress) expect(typeof body.contractMap[r.address]).toBe('boolean');
  });

  it('an unknown contract answers zeros and empty arrays; 400s name the parameter', async () => {
    const { head } = await lakeSpan();
    const none = await get(`${URL}?contract_address=T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb`);
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ recentCallTimes: 0, timeLong: midnight(utcDay(head - 6 * DAY_MS)), totalAddress: 0, totalCallTimes: 0, topAddress: [], topMethods: [], contractMap: {}, contractInfo: {} });
    expect((await get(URL)).body.param).toBe('contract_address');
    expect((await get(`${URL}?contract_address=xyz`)).body.param).toBe('contract_address');
  });
});
