import { describe, expect, it } from 'vitest';
import { get, sql } from '../../helpers/lake.ts';
import { lakeDays } from './expected.ts';

describe('GET /api/triggeramountstatistic', () => {
  it("ranks one day's contracts by calls with distinct callers and TRX sent, as plain SQL over raw transactions does", async () => {
    const { last, lastMs } = await lakeDays();
    const expected = await sql(`
      SELECT contract_address AS c, count(*) AS calls, count(DISTINCT owner_address) AS callers, CAST(sum(amount) AS VARCHAR) AS value
      FROM raw_transactions WHERE contract_type = 31 AND contract_address IS NOT NULL AND "date" = '${last}'
      GROUP BY 1 ORDER BY calls DESC, callers DESC, c LIMIT 50`);
    const [t] = await sql(`SELECT count(*) AS n, count(DISTINCT owner_address) AS callers FROM raw_transactions WHERE contract_type = 31 AND "date" = '${last}'`);
    const { status, body } = await get(`/api/triggeramountstatistic?day=${lastMs}&limit=50`);
    expect(status).toBe(200);
    expect([body.totalTrigger, body.totalCallerAmount]).toEqual([Number(t!.n), Number(t!.callers)]);
    expect(body.data.map((r: { contract_address: string; trigger_amount: number; caller_amount: number; call_value: number }) => [r.contract_address, r.trigger_amount, r.caller_amount, String(r.call_value)]))
      .toEqual(expected.map((r) => [r.c, Number(r.calls), Number(r.callers), String(r.value)]));
    for (const r of body.data) expect(r.trigger_amount_percent).toBeCloseTo(r.trigger_amount / body.totalTrigger, 5);
  });

  it('limit defaults to 10, clamped to 50', async () => {
    const d = (await get('/api/triggeramountstatistic')).body;
    expect(d.data.length).toBe(Math.min(10, d.total));
    expect((await get('/api/triggeramountstatistic?limit=51')).body.data.length).toBe(Math.min(50, d.total));
  });
});
