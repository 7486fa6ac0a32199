import { describe, expect, it } from 'vitest';
import { get } from '../../helpers/lake.ts';
import { csvRows, lakeDays, periodFigures } from './expected.ts';

describe('GET /api/calleraddressstatistic', () => {
  it('counts distinct owners of TriggerSmartContract per day, from raw transactions', async () => {
    const { firstMs, lastMs } = await lakeDays();
    const f = await periodFigures('day');
    const { status, body } = await get(`/api/calleraddressstatistic?start_timestamp=${firstMs}&end_timestamp=${lastMs}`);
    expect(status).toBe(200);
    for (const r of body.data) expect(r.caller_amount).toBe(f.get(new Date(r.day).toISOString().slice(0, 10))?.callers ?? 0);
    expect(body.max.caller_amount).toBe(Math.max(...body.data.map((r: { caller_amount: number }) => r.caller_amount)));
    expect(body.min.caller_amount).toBe(Math.min(...body.data.map((r: { caller_amount: number }) => r.caller_amount)));
  });

  it('limit keeps the last days; bad time is a 400 naming it; CSV', async () => {
    const all = (await get('/api/calleraddressstatistic')).body.data;
    expect((await get('/api/calleraddressstatistic?limit=2')).body.data).toEqual(all.slice(-2));
    expect((await get('/api/calleraddressstatistic?start_timestamp=abc')).body.param).toBe('start_timestamp');
    expect(csvRows((await get('/api/calleraddressstatistic?format=csv')).text).header).toEqual(['day', 'caller_amount', 'caller_amount_rate']);
  });
});
