import { describe, expect, it } from 'vitest';
import { get } from '../../helpers/lake.ts';
import { csvRows, lakeDays, periodFigures } from '../statistics/expected.ts';

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

  it('every percentage string of every period is part / whole rounded once from the exact sums (4 places, half up)', async () => {
    const { firstMs, lastMs } = await lakeDays();
    // Independent of ratioDecimal: floor at 5 places from the raw sums, then the 5th digit decides (≥ 5: up).
    const half4 = (part: bigint | null, whole: bigint | null): string | null => {
      if (part === null || whole === null || whole === 0n) return null;
      const t = (part * 100_000n) / whole;
      const q = t / 10n + (t % 10n >= 5n ? 1n : 0n);
      return `${q / 10_000n}.${String(q % 10_000n).padStart(4, '0')}`;
    };
    let compared = 0;
    for (const [tt, g] of [['0', 'day'], ['1', 'month'], ['2', 'quarter'], ['3', 'year']] as const) {
      const f = await periodFigures(g);
      const { body } = await get(`/api/turnover/new?timeType=${tt}&start=${firstMs}&end=${lastMs}`);
      for (const r of body.data.filter((x: { day: string }) => f.has(x.day))) {
        const e = f.get(r.day)!;
        const [eFee, nFee] = [BigInt(e.energyFee), BigInt(e.netFee)];
        const stake = e.energyStakeSun === null || e.netStakeSun === null ? null : e.energyStakeSun + e.netStakeSun;
        const energy = e.energyStakeSun === null ? null : eFee + e.energyStakeSun;
        const net = e.netStakeSun === null ? null : nFee + e.netStakeSun;
        const total = stake === null ? null : e.fee + stake;
        const want: Record<string, string | null> = {
          burnIncomePercent: half4(e.fee, total),
          stakeIncomePercent: half4(stake, total),
          energyBurnIncomePercent: half4(eFee, energy),
          energyBurnIncomePercentInTotal: half4(eFee, total),
          energyStakeIncomePercent: half4(e.energyStakeSun, energy),
          energyStakeIncomePercentInTotal: half4(e.energyStakeSun, total),
          netBurnIncomePercent: half4(nFee, net),
          netBurnIncomePercentInTotal: half4(nFee, total),
          netStakeIncomePercent: half4(e.netStakeSun, net),
          netStakeIncomePercentInTotal: half4(e.netStakeSun, total),
        };
        for (const [k, v] of Object.entries(want)) {
          expect(r[k], `${g} ${r.day} ${k}`).toBe(v);
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(0);
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
