import { describe, expect, it } from 'vitest';
import { get, sql } from '../../helpers/lake.ts';
import { DAY_MS, lakeDays } from '../stats/expected.ts';
import { EXPECTED_ACCOUNTS_SQL } from './expected-accounts.ts';

describe('GET /api/overview/dailyaccounts', () => {
  it('accounts created per lake day, as plain SQL over the newest snapshots counts them', async () => {
    const { firstMs, lastMs, first, last } = await lakeDays();
    const span = Math.round((lastMs - firstMs) / DAY_MS) + 1;
    const want = await sql(`SELECT strftime(epoch_ms(create_time), '%Y-%m-%d') AS day, count(*) AS n FROM (${EXPECTED_ACCOUNTS_SQL})
      WHERE create_time >= ${firstMs} AND create_time < ${lastMs + DAY_MS} GROUP BY 1 ORDER BY 1`);
    const r = await get(`/api/overview/dailyaccounts?days=${span}`);
    expect(r.status).toBe(200);
    expect(r.body.data[0].dateDayStr).toBe(first);
    expect(r.body.data.at(-1).dateDayStr).toBe(last);
    const got = r.body.data.filter((d: { newAddressSeen: number }) => d.newAddressSeen > 0).map((d: { dateDayStr: string; newAddressSeen: number }) => [d.dateDayStr, d.newAddressSeen]);
    expect(got).toEqual(want.map((w) => [w.day, Number(w.n)]));
    for (const d of r.body.data) expect(d.date).toBe(Date.parse(`${d.dateDayStr}T00:00:00Z`));
  });

  it('defaults to the last 15 days; days over 2000 is a 400 naming it', async () => {
    const { body } = await get('/api/overview/dailyaccounts');
    expect(body.data.length).toBeLessThanOrEqual(15);
    expect((await get('/api/overview/dailyaccounts?days=2001')).body.param).toBe('days');
  });
});
