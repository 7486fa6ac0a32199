import { describe, expect, it } from 'vitest';
import { get } from '../../helpers/lake.ts';
import { csvRows, lakeDays, periodFigures } from '../statistics/expected.ts';

describe('GET /api/consumption/statistic', () => {
  it('answers burn income (default) or stake income per month from the raw receipts, in TRX', async () => {
    const { firstMs, lastMs } = await lakeDays();
    const f = await periodFigures('month');
    const burn = (await get(`/api/consumption/statistic?timeType=1&start=${firstMs}&end=${lastMs}`)).body;
    const stake = (await get(`/api/consumption/statistic?timeType=1&type=stake&start=${firstMs}&end=${lastMs}`)).body;
    expect(burn.data.length).toBe(f.size);
    burn.data.forEach((r: { day: string; energyBurnIncome: number; netBurnIncome: number }, i: number) => {
      const e = f.get(r.day)!;
      expect(r.energyBurnIncome).toBeCloseTo(e.energyFee / 1e6, 6);
      expect(r.netBurnIncome).toBeCloseTo(e.netFee / 1e6, 6);
      const s = stake.data[i];
      expect(s.energyStakeIncome).toBe(e.energyStakeSun === null ? null : Number(e.energyStakeSun) / 1e6);
      expect(s.netStakeIncome).toBe(e.netStakeSun === null ? null : Number(e.netStakeSun) / 1e6);
    });
  });

  it('rejects an unknown type naming it; size clamped to 2000; CSV', async () => {
    expect((await get('/api/consumption/statistic?type=mint')).body.param).toBe('type');
    expect((await get('/api/consumption/statistic?size=9999')).status).toBe(200);
    const { header } = csvRows((await get('/api/consumption/statistic?type=stake&format=csv')).text);
    expect(header.slice(0, 3)).toEqual(['day', 'netStakeIncome', 'energyStakeIncome']);
  });
});
