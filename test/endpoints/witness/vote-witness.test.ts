import { describe, expect, it } from 'vitest';
import { get } from '../../helpers/lake.ts';
import { lastCycleVotes, production, realtimeVotes, witnessDim } from './expected.ts';

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
  });

  it('one witness by address; its production; an unknown address is data null; a bad one a 400', async () => {
    const [sr] = await witnessDim();
    if (!sr) return;
    const prod = (await production()).get(sr.address) ?? { produced: 0, missed: 0 };
    const r = await get(`/api/vote/witness?address=${sr.address}`);
    expect(r.body.data.address).toBe(sr.address);
    expect(r.body.data.producedTotal).toBe(prod.produced);
    expect(r.body.data.blockReward).toBe(prod.produced * 8);
    expect(r.body.data.brokerage).toBe(sr.brokerage);
    const none = await get('/api/vote/witness?address=T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb');
    expect(none.status).toBe(200);
    expect(none.body.data).toBeNull();
    const bad = await get('/api/vote/witness?address=abc');
    expect(bad.status).toBe(400);
    expect(bad.text).toMatch(/address/);
  });
});
