import { describe, expect, it } from 'vitest';
import { get } from '../../helpers/lake.ts';
import { csvRows, DAY_MS, lakeDays, periodFigures, utcDay } from './expected.ts';

const GRANULARITY = { '0': 'day', '1': 'month', '2': 'quarter' } as const;

describe('GET /api/energystatistic', () => {
  it('splits energy per day, month and quarter (type 0-2) by who paid, as plain SQL over raw transactions does', async () => {
    const { firstMs, lastMs } = await lakeDays();
    for (const [type, g] of Object.entries(GRANULARITY)) {
      const expected = await periodFigures(g);
      const { status, body } = await get(`/api/energystatistic?type=${type}&start_timestamp=${firstMs}&end_timestamp=${lastMs}`);
      expect(status).toBe(200);
      const withTx = body.data.filter((r: { day: string }) => expected.has(r.day));
      expect(withTx.length, `type ${type}`).toBe(expected.size);
      for (const r of withTx) {
        const f = expected.get(r.day)!;
        expect(r, `${g} ${r.day}`).toEqual({ day: r.day, total_energy: f.energyTotal, energy: f.energyStake, contract_supplied: f.energyOrigin, trx: f.energyBurnUnits, energy_fee: f.energyFee });
      }
      expect(body.total).toBe(body.data.length);
      const max = Math.max(...body.data.map((r: { total_energy: number }) => r.total_energy));
      expect(body.max.total_energy).toBe(max);
    }
  });

  it('only a start: every day from it through yesterday (not start + 30 days), figures and total from raw SQL (issue 27)', async () => {
    const { first, lastMs } = await lakeDays();
    const days = await periodFigures('day');
    const yesterday = utcDay(lastMs - DAY_MS);
    // The second transaction day of the lake, at noon: the kit floors it to its UTC day.
    const start = [...days.keys()].sort().find((d) => d > first) ?? first;
    const want = [...days.keys()].filter((d) => d >= start && d <= yesterday).sort();
    const { body } = await get(`/api/energystatistic?start_timestamp=${Date.parse(`${start}T12:00:00Z`)}`);
    const answered = body.data.map((r: { day: string }) => r.day);
    expect([answered[0], answered.at(-1)]).toEqual([start, yesterday]);
    expect(answered.filter((d: string) => days.has(d))).toEqual(want);
    expect(body.total).toBe(answered.length);
    for (const r of body.data) if (days.has(r.day)) expect(r.total_energy, r.day).toBe(days.get(r.day)!.energyTotal);
    // Only an end: from the lake's first day (the spec's earliest start), the end's day included.
    const end = (await get(`/api/energystatistic?end_timestamp=${Date.parse(`${start}T12:00:00Z`)}`)).body;
    expect([end.data[0].day, end.data.at(-1).day, end.total]).toEqual([first, start, end.data.length]);
  });

  it('defaults to the lake from its first day through yesterday; size keeps the last rows; 400s name the parameter; CSV', async () => {
    const { first, lastMs } = await lakeDays();
    const { body } = await get('/api/energystatistic');
    expect(body.data[0].day).toBe(first);
    expect(body.data.at(-1).day).toBe(utcDay(lastMs - DAY_MS));
    const two = (await get('/api/energystatistic?size=2')).body.data;
    expect(two.map((r: { day: string }) => r.day)).toEqual(body.data.slice(-2).map((r: { day: string }) => r.day));
    expect((await get('/api/energystatistic?type=3')).body.param).toBe('type');
    expect((await get('/api/energystatistic?size=-1')).body.param).toBe('size');
    expect((await get('/api/energystatistic?start_timestamp=2&end_timestamp=1')).body.param).toBe('end_timestamp');
    const csv = csvRows((await get('/api/energystatistic?type=1&format=csv')).text);
    expect(csv.header).toEqual(['day', 'total_energy', 'energy', 'contract_supplied', 'trx', 'energy_fee']);
  });
});
