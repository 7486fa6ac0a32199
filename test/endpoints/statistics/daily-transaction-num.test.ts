import { describe, expect, it } from 'vitest';
import { get } from '../../helpers/lake.ts';
import { csvRows, DAY_MS, lakeDays, periodFigures, utcDay } from './expected.ts';

describe('GET /api/overview/dailytransactionnum', () => {
  it('counts transactions per day, week, month and quarter (type 0-3) as plain SQL over raw transactions does', async () => {
    const { firstMs, lastMs } = await lakeDays();
    const span = Math.round((lastMs - firstMs) / DAY_MS) + 1;
    for (const [type, g] of [['0', 'day'], ['1', 'week'], ['2', 'month'], ['3', 'quarter'], ['month', 'month']] as const) {
      const expected = await periodFigures(g);
      const { status, body } = await get(`/api/overview/dailytransactionnum?type=${type}&days=${span}`);
      expect(status).toBe(200);
      const got = body.data.map((r: { dateDayStr: string; newTransactionSeen: number }) => [r.dateDayStr, r.newTransactionSeen]);
      const want = [...expected.values()].sort((a, b) => a.day.localeCompare(b.day)).map((f) => [f.day, f.tx]);
      // The series lists every period with a day in the lake; periods without a transaction count 0.
      expect(got.filter(([, n]: [string, number]) => n > 0), `type ${type}`).toEqual(want);
    }
  });

  it('defaults to day rows of the last 15 days; rejects a bad type or days naming them; CSV', async () => {
    const { last } = await lakeDays();
    const { body } = await get('/api/overview/dailytransactionnum');
    expect(body.data.at(-1).dateDayStr).toBe(last);
    expect(body.data.length).toBeLessThanOrEqual(15);
    expect(body.data[0].dateDayStr >= utcDay(Date.parse(`${last}T00:00:00Z`) - 14 * DAY_MS)).toBe(true);
    expect((await get('/api/overview/dailytransactionnum?type=4')).body.param).toBe('type');
    expect((await get('/api/overview/dailytransactionnum?days=2001')).body.param).toBe('days');
    const csv = csvRows((await get('/api/overview/dailytransactionnum?type=2&format=csv')).text);
    expect(csv.header).toEqual(['date', 'dateDayStr', 'newTransactionSeen']);
  });
});
