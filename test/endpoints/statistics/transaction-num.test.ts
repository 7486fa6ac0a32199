import { describe, expect, it } from 'vitest';
import { get, sql, testManifest } from '../../helpers/lake.ts';
import { csvRows, DAY_MS, lakeDays } from './expected.ts';

/** The pre-window transaction count, or null when the lake has none (then the series counts from its first day). */
async function preWindow(): Promise<bigint | null> {
  const rows = await sql('SELECT CAST(tx_count AS VARCHAR) AS n FROM dim_pre_window_totals');
  return rows.length ? BigInt(String(rows[0]!.n)) : null;
}

describe('GET /api/overview/transactionnum', () => {
  it('answers the running total of transactions at the end of each day: pre-window total + raw transactions so far', async () => {
    const { firstMs, lastMs } = await lakeDays();
    const span = Math.round((lastMs - firstMs) / DAY_MS) + 1;
    const pre = await preWindow();
    const m = await testManifest();
    const { status, body } = await get(`/api/overview/transactionnum?days=${span}`);
    expect(status).toBe(200);
    for (const r of body.data) {
      const [c] = await sql(`SELECT count(*) AS n FROM raw_transactions WHERE "date" <= '${r.dateDayStr}'`);
      expect(BigInt(r.totalTransaction), r.dateDayStr).toBe((pre ?? 0n) + BigInt(Number(c!.n)));
    }
    // Without pre-window totals (and not from genesis) the response names the day it counts from.
    if (pre === null && m.first.number > 0) expect(body.countedFrom).toBe(new Date(m.first.timestamp).toISOString().slice(0, 10));
    else expect(body.countedFrom).toBeUndefined();
  });

  it('defaults to 15 days, rejects days over 2000 naming it, answers CSV', async () => {
    expect((await get('/api/overview/transactionnum')).body.data.length).toBeLessThanOrEqual(15);
    expect((await get('/api/overview/transactionnum?days=2001')).body.param).toBe('days');
    const csv = csvRows((await get('/api/overview/transactionnum?days=2&format=csv')).text);
    expect(csv.header).toEqual(['date', 'dateDayStr', 'totalTransaction']);
  });
});
