import { describe, expect, it } from 'vitest';
import { get, sql, testManifest } from '../../helpers/lake.ts';
import { cycleTallies, lastCycleVotes, production, realtimeVotes, witnessDim, witnessFields } from './expected.ts';

describe('GET /api/vote/witness', () => {
  it('all witnesses ranked by realtime votes, with last-cycle rank and votes, totals', async () => {
    const dim = await witnessDim();
    const rt = await realtimeVotes();
    const cycle = await lastCycleVotes();
    const r = await get('/api/vote/witness');
    expect(r.status).toBe(200);
    expect([r.body.code, r.body.status, r.body.success]).toEqual([200, '1', 'true']);
    const want = [...dim].sort((a, b) => (rt.get(b.address) ?? 0) - (rt.get(a.address) ?? 0) || a.rank - b.rank);
    expect(r.body.data.map((w: any) => w.address)).toEqual(want.map((w) => w.address));
    expect(r.body.total).toBe(dim.length);
    expect(r.body.totalWitness).toBe(dim.filter((w) => w.rank <= 27).length);
    const totalRt = [...rt.entries()].filter(([a]) => dim.some((w) => w.address === a)).reduce((a, [, v]) => a + v, 0);
    expect(r.body.totalVotes).toBe(totalRt);
    r.body.data.forEach((w: any, i: number) => {
      const d = dim.find((x) => x.address === w.address)!;
      expect(w.realTimeRanking).toBe(i + 1);
      expect(w.lastRanking).toBe(d.rank);
      expect(w.change_cycle).toBe(d.rank - (i + 1));
      expect(w.lastCycleVotes).toBe(cycle.get(d.address) ?? 0);
      expect(w.realTimeVotes).toBe(rt.get(d.address) ?? 0);
      expect(w.witnessType).toBe(d.rank <= 27 ? 1 : d.rank <= 127 ? 2 : 3);
    });
    const maxChange = Math.max(...r.body.data.map((w: any) => w.changeVotes));
    expect(r.body.maxVotesRise.changeVotes).toBe(maxChange);
    // The ranking: realtime votes descending, the independent ledger's (above), so the realtime ranks follow it.
    for (let i = 1; i < r.body.data.length; i++) expect(r.body.data[i - 1].realTimeVotes).toBeGreaterThanOrEqual(r.body.data[i].realTimeVotes);
  });

  it('realtimeVoteLine: the tally at each maintenance of the last 7 days (at most 28, none before the lake), version, brokerage fields', async () => {
    const m = await testManifest();
    const P = 21_600_000;
    const cycles: number[] = [];
    for (let t = Math.floor(m.head.timestamp / P) * P; t > m.first.timestamp && cycles.length < 28; t -= P) cycles.unshift(t);
    const tallies = await cycleTallies(cycles);
    const fields = await witnessFields();
    const r = await get('/api/vote/witness');
    for (const w of r.body.data) {
      expect(w.realtimeVoteLine, w.address).toEqual(cycles.map((t) => ({ time: t, vote: tallies.get(t)!.get(w.address) ?? 0 })));
      const e = fields.get(w.address)!;
      expect([w.version, w.changedBrokerage, w.lowestBrokerage]).toEqual([e.version, e.changes.length > 0, e.lowest]);
    }
    // The last point is the last cycle's tally.
    for (const w of r.body.data) if (cycles.length) expect(w.realtimeVoteLine.at(-1).vote).toBe(w.lastCycleVotes);
  });

  it('one witness: brokerageHistory (newest first, time in seconds), brokerageChangeNum, changedBrokerage, lowestBrokerage', async () => {
    const fields = await witnessFields();
    const dim = await witnessDim();
    // The witness with the most changes (one without any on a lake that has none).
    const [busy] = [...fields].sort((a, b) => b[1].changes.length - a[1].changes.length || a[0].localeCompare(b[0]));
    const quiet = dim.find((w) => !fields.get(w.address)!.changes.length);
    for (const a of [busy?.[0], quiet?.address]) {
      if (!a) continue;
      const e = fields.get(a)!;
      const { body } = await get(`/api/vote/witness?address=${a}`);
      expect(body.data.address).toBe(a);
      expect(body.brokerageChangeNum).toBe(e.changes.length);
      expect(body.changedBrokerage).toBe(e.changes.length > 0);
      expect(body.lowestBrokerage).toBe(e.lowest);
      const want = e.changes.map((c, i) => ({ from: i === 0 ? null : e.changes[i - 1]!.brokerage, to: c.brokerage, time: Math.floor(c.ts / 1000), hash: c.hash })).reverse();
      expect(body.brokerageHistory).toEqual(want);
    }
    const [n] = await sql(`SELECT count(*) AS n FROM raw_transactions WHERE contract_type = 49 AND contract_ret = 'SUCCESS'`);
    if (Number(n!.n) > 0) expect(fields.get(busy![0])!.changes.length).toBeGreaterThan(0);
  });

  it('one witness by address; its production; an unknown address is data null; a bad one a 400', async () => {
    const [sr] = await witnessDim();
    if (!sr) return;
    const prod = (await production()).get(sr.address)!;
    const r = await get(`/api/vote/witness?address=${sr.address}`);
    expect(r.body.data.address).toBe(sr.address);
    expect(r.body.data.producedTotal).toBe(prod.produced);
    expect(r.body.data.blockReward).toBe(prod.produced === null ? null : prod.produced * 8);
    expect(r.body.data.brokerage).toBe(sr.brokerage);
    const none = await get('/api/vote/witness?address=T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb');
    expect(none.status).toBe(200);
    expect(none.body.data).toBeNull();
    const bad = await get('/api/vote/witness?address=abc');
    expect(bad.status).toBe(400);
    expect(bad.text).toMatch(/address/);
  });
});
