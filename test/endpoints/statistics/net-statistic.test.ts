import { describe, expect, it } from 'vitest';
import { get } from '../../helpers/lake.ts';
import { csvRows, lakeDays, periodFigures } from './expected.ts';

describe('GET /api/netstatistic', () => {
  it('splits bandwidth per day, month and quarter into not burned and burned, as plain SQL over raw transactions does', async () => {
    const { firstMs, lastMs } = await lakeDays();
    for (const g of ['day', 'month', 'quarter']) {
      const expected = await periodFigures(g);
      const { status, body } = await get(`/api/netstatistic?type=${g}&start_timestamp=${firstMs}&end_timestamp=${lastMs}`);
      expect(status).toBe(200);
      const withTx = body.data.filter((r: { day: string }) => expected.has(r.day));
      expect(withTx.length).toBe(expected.size);
      for (const r of withTx) {
        const f = expected.get(r.day)!;
        expect(r, `${g} ${r.day}`).toEqual({
          day: r.day,
          net_usage_total: f.netBurnBytes === null ? null : f.netUsage + f.netBurnBytes,
          net_usage: f.netUsage,
          net_burn: f.netBurnBytes,
          net_fee: f.netFee,
        });
      }
    }
  });

  it('clamps limit to 3000, keeps the last rows, names bad parameters, answers CSV', async () => {
    const all = (await get('/api/netstatistic?limit=5000')).body;
    expect(all.data.length).toBe((await get('/api/netstatistic')).body.data.length);
    const one = (await get('/api/netstatistic?limit=1')).body.data;
    expect(one).toEqual(all.data.slice(-1));
    expect((await get('/api/netstatistic?type=week')).body.param).toBe('type');
    expect((await get('/api/netstatistic?limit=x')).body.param).toBe('limit');
    expect(csvRows((await get('/api/netstatistic?format=csv')).text).header).toEqual(['day', 'net_usage_total', 'net_usage', 'net_burn', 'net_fee']);
  });
});
