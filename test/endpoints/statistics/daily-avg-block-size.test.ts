import { describe, expect, it } from 'vitest';
import { get } from '../../helpers/lake.ts';
import { blockFigures, csvRows, lakeDays } from './expected.ts';

describe('GET /api/overview/dailyavgblockSize', () => {
  it('answers the average block size of each of the last 15 days (default), oldest first, from raw blocks', async () => {
    const blocks = await blockFigures();
    const { last } = await lakeDays();
    const days = [...blocks.keys()].sort().filter((d) => d <= last).slice(-15);
    const { status, body } = await get('/api/overview/dailyavgblockSize');
    expect(status).toBe(200);
    expect(body).toMatchObject({ code: 200, success: true, status: '1' });
    expect(body.data.map((r: { dateDayStr: string }) => r.dateDayStr)).toEqual(days);
    for (const r of body.data) {
      const b = blocks.get(r.dateDayStr)!;
      expect(r.avgBlockSize).toBe(Math.round(b.size / b.blocks));
      expect(r.date).toBe(Date.parse(`${r.dateDayStr}T00:00:00Z`));
    }
  });

  it('takes days (at most 2000; more or malformed is a 400 naming it) and answers CSV', async () => {
    expect((await get('/api/overview/dailyavgblockSize?days=2')).body.data.length).toBeLessThanOrEqual(2);
    for (const bad of ['2001', '0', 'x']) expect((await get(`/api/overview/dailyavgblockSize?days=${bad}`)).body.param).toBe('days');
    const json = (await get('/api/overview/dailyavgblockSize?days=3')).body.data;
    const csv = csvRows((await get('/api/overview/dailyavgblockSize?days=3&format=csv')).text);
    expect(csv.header).toEqual(['date', 'dateDayStr', 'avgBlockSize']);
    expect(csv.rows.map((r) => Number(r[2]))).toEqual(json.map((r: { avgBlockSize: number }) => r.avgBlockSize));
  });
});
