import { describe, expect, it } from 'vitest';
import { get } from '../../helpers/lake.ts';
import { csvRows, lakeDayList, lakeDays, periodFigures } from './expected.ts';

describe('GET /api/triggerstatistic', () => {
  it('counts TriggerSmartContract transactions per day with the change from the day before, from raw transactions', async () => {
    const { firstMs, lastMs } = await lakeDays();
    const days = await lakeDayList();
    const f = await periodFigures('day');
    const { status, body } = await get(`/api/triggerstatistic?start_timestamp=${firstMs}&end_timestamp=${lastMs}`);
    expect(status).toBe(200);
    expect(body.data.map((r: { dayStr: string }) => r.dayStr)).toEqual(days);
    body.data.forEach((r: { dayStr: string; day: number; triggers_amount: number; triggers_amount_rate: number | null }, i: number) => {
      const n = f.get(r.dayStr)?.triggers ?? 0;
      expect(r.triggers_amount).toBe(n);
      expect(r.day).toBe(Date.parse(`${r.dayStr}T00:00:00Z`));
      const prev = i > 0 ? (f.get(days[i - 1]!)?.triggers ?? 0) : null;
      expect(r.triggers_amount_rate).toBe(prev ? Math.round(((n - prev) / prev) * 10_000) / 10_000 : null);
    });
    expect(body.avg_trigger_count).toBe(String(Math.round(body.data.reduce((a: number, r: { triggers_amount: number }) => a + r.triggers_amount, 0) / body.data.length)));
  });

  it('limit keeps the last days (default 1000); a malformed limit is a 400; CSV', async () => {
    const all = (await get('/api/triggerstatistic')).body.data;
    const three = (await get('/api/triggerstatistic?limit=3')).body;
    expect(three.data).toEqual(all.slice(-3));
    expect(three.total).toBe(all.length); // total: the days of the range, whatever the limit
    expect((await get('/api/triggerstatistic?limit=-3')).body.param).toBe('limit');
    expect(csvRows((await get('/api/triggerstatistic?format=csv')).text).header).toEqual(['dayStr', 'day', 'triggers_amount', 'triggers_amount_rate']);
  });
});
