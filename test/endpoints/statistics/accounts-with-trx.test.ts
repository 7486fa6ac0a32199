/**
 * /api/overview/accountswithtrx against a plain count, independently of daily_trx_holders and the serving table:
 * every account's TRX balance at the end of each lake day (its newest snapshot balance − its TRX moves after the day
 * up to the snapshot block + those after the snapshot block up to the end of the day; the moves are the tests' raw
 * ledger, test/helpers/trx-moves.ts), counted where positive, moved by the chain_anchors figure against the same
 * count at the lake's opening; all accounts = the anchor + accounts created since the first block.
 */
import { describe, expect, it } from 'vitest';
import { get, sql, testManifest } from '../../helpers/lake.ts';
import { DAY_MS, lakeDays } from './expected.ts';
import { trxHolderDaysSql } from '../account/expected-accounts.ts';

describe('GET /api/overview/accountswithtrx', () => {
  it('accounts holding TRX and all accounts at the end of every lake day, as a plain count', async () => {
    const m = await testManifest();
    const { firstMs, lastMs, first, last } = await lakeDays();
    const span = Math.round((lastMs - firstMs) / DAY_MS) + 1;
    const want = await sql(trxHolderDaysSql(m.first.timestamp));
    const opening = Number(want.find((w) => w.day === 'opening')!.n);
    const anchors = new Map((await sql(`SELECT name, value_raw FROM ref_chain_anchors`)).map((r) => [String(r.name), Number(r.value_raw)]));
    const withTrx = anchors.get('accounts_with_trx');
    const accounts = anchors.get('account_count');
    if (m.source.kind === 'generate') expect(withTrx !== undefined && accounts !== undefined).toBe(true);

    const r = await get(`/api/overview/accountswithtrx?days=${span}`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ code: 200, success: true, status: '1' });
    const days = want.filter((w) => w.day !== 'opening');
    expect(r.body.data.map((x: { dateDayStr: string }) => x.dateDayStr)).toEqual(days.map((w) => w.day));
    expect([r.body.data[0].dateDayStr, r.body.data.at(-1).dateDayStr]).toEqual([first, last]);
    for (const [i, w] of days.entries()) {
      const got = r.body.data[i];
      expect(got.date).toBe(Date.parse(`${w.day}T00:00:00Z`));
      const held = withTrx === undefined ? null : withTrx + Number(w.n) - opening;
      const total = accounts === undefined ? null : accounts + Number(w.created);
      expect([got.accountWithTrx, got.totalAddress], String(w.day)).toEqual([held, total]);
      expect(got.accountWithTrxPercentage).toBe(held === null || total === null ? null : Math.round((held / total) * 10_000) / 10_000);
    }
    // The generated lake's count moves (accounts start and stop holding TRX); the fake node's few accounts all hold
    // TRX from the opening on, and it loads no anchors (the figures are null there).
    if (m.source.kind === 'generate') expect(new Set(days.map((w) => Number(w.n))).size).toBeGreaterThan(1);
  });

  it('defaults to the last 15 days, oldest first; days over 2000 is a 400 naming it', async () => {
    const { last } = await lakeDays();
    const { body } = await get('/api/overview/accountswithtrx');
    expect(body.data.length).toBeLessThanOrEqual(15);
    expect(body.data.at(-1).dateDayStr).toBe(last);
    const sorted = [...body.data].sort((a: { date: number }, b: { date: number }) => a.date - b.date);
    expect(body.data).toEqual(sorted);
    for (const bad of ['2001', '0', 'x']) expect((await get(`/api/overview/accountswithtrx?days=${bad}`)).body.param).toBe('days');
  });
});
