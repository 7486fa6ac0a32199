import { describe, expect, it } from 'vitest';
import { get, sql } from '../../helpers/lake.ts';
import { lakeDays, periodFigures } from './expected.ts';

describe('GET /api/energydailystatistic', () => {
  it("ranks one day's called contracts by energy, split by who paid, with the day's network totals, from raw transactions", async () => {
    const { last, lastMs } = await lakeDays();
    const f = (await periodFigures('day')).get(last);
    const expected = await sql(`
      SELECT contract_address AS c, sum(energy_usage_total) AS total, sum(energy_usage) AS stake, sum(origin_energy_usage) AS origin
      FROM raw_transactions WHERE contract_type = 31 AND contract_address IS NOT NULL AND "date" = '${last}'
      GROUP BY 1 ORDER BY total DESC, c LIMIT 50`);
    const { status, body } = await get(`/api/energydailystatistic?day=${lastMs + 3_600_000}&limit=50`);
    expect(status).toBe(200);
    expect([body.totalTrigger, body.totalCallerAmount, body.totalEnergy]).toEqual([f?.triggers ?? 0, f?.callers ?? 0, f?.energyTotal ?? 0]);
    expect(body.data.map((r: { contract_address: string; total_energy: number; energy: number; contract_supplied: number }) => [r.contract_address, r.total_energy, r.energy, r.contract_supplied]))
      .toEqual(expected.map((r) => [r.c, Number(r.total), Number(r.stake), Number(r.origin)]));
    // The default day is the head block's day.
    expect((await get('/api/energydailystatistic?limit=50')).body).toEqual({ ...body, lastUpdateSeconds: body.lastUpdateSeconds });
  });

  it('limit defaults to 10 and is clamped to 50; a day without calls is empty; 400s name the parameter', async () => {
    const d = (await get('/api/energydailystatistic')).body;
    expect(d.data.length).toBe(Math.min(10, d.total));
    expect((await get('/api/energydailystatistic?limit=500')).body.data.length).toBe(Math.min(50, d.total));
    const none = await get('/api/energydailystatistic?day=0');
    expect(none.status).toBe(200);
    expect(none.body).toMatchObject({ total: 0, data: [], totalEnergy: 0 });
    expect((await get('/api/energydailystatistic?day=yesterday')).body.param).toBe('day');
    expect((await get('/api/energydailystatistic?limit=-1')).body.param).toBe('limit');
    const zero = (await get('/api/energydailystatistic?limit=0')).body;
    expect([zero.data, zero.total]).toEqual([[], d.total]);
  });
});
