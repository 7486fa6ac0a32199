import { describe, expect, it } from 'vitest';
import { get } from '../../helpers/lake.ts';
import { csvRows, lakeDays, periodFigures } from './expected.ts';

const trx = (sun: bigint | null) => (sun === null ? null : Number(sun) / 1e6);

describe('GET /api/turnover/new', () => {
  it('answers burn and stake income per day, month, quarter, year (timeType 0-3) from the raw receipts, in TRX', async () => {
    const { firstMs, lastMs } = await lakeDays();
    for (const [tt, g] of [['0', 'day'], ['1', 'month'], ['2', 'quarter'], ['3', 'year']] as const) {
      const f = await periodFigures(g);
      const { status, body } = await get(`/api/turnover/new?timeType=${tt}&start=${firstMs}&end=${lastMs}`);
      expect(status).toBe(200);
      expect(body).toMatchObject({ code: 200, status: '1' });
      const withTx = body.data.filter((r: { day: string }) => f.has(r.day));
      expect(withTx.length, g).toBe(f.size);
      for (const r of withTx) {
        const e = f.get(r.day)!;
        const stake = e.energyStakeSun === null || e.netStakeSun === null ? null : e.energyStakeSun + e.netStakeSun;
        expect(r.burnIncome, `${g} ${r.day}`).toBeCloseTo(trx(e.fee)!, 6);
        expect(r.energyBurnIncome).toBeCloseTo(e.energyFee / 1e6, 6);
        expect(r.netBurnIncome).toBeCloseTo(e.netFee / 1e6, 6);
        expect(r.otherBurnIncome).toBeCloseTo(Number(e.fee - BigInt(e.energyFee) - BigInt(e.netFee)) / 1e6, 6);
        expect(r.stakeIncome).toBe(trx(stake));
        expect(r.totalIncome).toBe(stake === null ? null : trx(e.fee + stake));
      }
    }
  });

  it('size is at most 2000 (clamped) and keeps the last periods; bad timeType is a 400; CSV', async () => {
    const all = (await get('/api/turnover/new')).body.data;
    expect((await get('/api/turnover/new?size=5000')).body.data.length).toBe(Math.min(2000, all.length));
    expect((await get('/api/turnover/new?size=2')).body.data).toEqual(all.slice(-2));
    expect((await get('/api/turnover/new?timeType=4')).body.param).toBe('timeType');
    expect((await get('/api/turnover/new?start=x')).body.param).toBe('start');
    const csv = await get('/api/turnover/new?timeType=1&format=csv');
    expect(String(csv.headers['content-type'])).toMatch(/^text\/csv/);
    const { header, rows } = csvRows(csv.text);
    expect(header).toContain('totalIncome');
    const months = (await get('/api/turnover/new?timeType=1')).body.data;
    expect(rows.map((r) => Number(r[header.indexOf('burnIncome')]))).toEqual(months.map((m: { burnIncome: number }) => m.burnIncome));
  });
});
