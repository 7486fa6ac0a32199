import { describe, expect, it } from 'vitest';
import { get } from '../../helpers/lake.ts';
import { csvRows, lakeDayList, periodFigures } from './expected.ts';

describe('GET /api/contract_caller_statistic', () => {
  it('answers distinct callers and calls per day over the whole lake by default, with named extremes', async () => {
    const f = await periodFigures('day');
    const days = await lakeDayList();
    const { status, body } = await get('/api/contract_caller_statistic');
    expect(status).toBe(200);
    expect(body.data.map((r: { day: number }) => new Date(r.day).toISOString().slice(0, 10))).toEqual(days);
    for (const r of body.data) {
      const e = f.get(new Date(r.day).toISOString().slice(0, 10));
      expect([r.caller_amount, r.triggers_amount]).toEqual([e?.callers ?? 0, e?.triggers ?? 0]);
    }
    expect(body.triggers_amount_max.triggers_amount).toBe(Math.max(...body.data.map((r: { triggers_amount: number }) => r.triggers_amount)));
    expect(body.caller_amount_min.caller_amount).toBe(Math.min(...body.data.map((r: { caller_amount: number }) => r.caller_amount)));
    expect(body.total).toBe(days.length);
  });

  it('a range outside the lake is empty with 200; 400s name the parameter; CSV', async () => {
    const empty = await get('/api/contract_caller_statistic?start_timestamp=0&end_timestamp=86400000');
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ total: 0, data: [] });
    expect((await get('/api/contract_caller_statistic?end_timestamp=1.5')).body.param).toBe('end_timestamp');
    expect(csvRows((await get('/api/contract_caller_statistic?format=csv')).text).header).toEqual(['day', 'caller_amount', 'caller_amount_rate', 'triggers_amount', 'triggers_amount_rate']);
  });
});
