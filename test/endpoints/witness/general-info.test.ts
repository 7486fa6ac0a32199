import { describe, expect, it } from 'vitest';
import { get, sql } from '../../helpers/lake.ts';
import { production, realtimeVotes, witnessDim } from './expected.ts';

describe('GET /api/witness/general-info', () => {
  it('counts, realtime votes, and the extreme SRs by efficiency and blocks', async () => {
    const dim = await witnessDim();
    const rt = await realtimeVotes();
    const prod = await production();
    const [h] = (await sql('SELECT max("timestamp") AS ts FROM raw_blocks')) as [Record<string, unknown>];
    const r = await get('/api/witness/general-info');
    expect(r.status).toBe(200);
    expect(r.body.total).toBe(dim.length);
    expect(r.body.increaseOf30Day).toBe(dim.filter((w) => w.created_ts > Number(h.ts) - 30 * 86_400_000).length);
    expect(r.body.totalRealtimeVotes).toBe(dim.reduce((a, w) => a + (rt.get(w.address) ?? 0), 0));
    // SRs whose lifetime counts the lake knows (null: no snapshot row and a life longer than the lake; not compared).
    const srs = dim.filter((w) => w.rank <= 27).map((w) => ({ ...w, ...(prod.get(w.address) ?? { produced: null, missed: null }) }))
      .filter((w): w is typeof w & { produced: number; missed: number } => w.produced !== null && w.missed !== null);
    if (!srs.length) {
      expect([r.body.highestEfficiency, r.body.lowestEfficiency, r.body.maxBlocksCount, r.body.minBlocksCount]).toEqual([null, null, null, null]);
      return;
    }
    const eff = (w: { produced: number; missed: number }) => (w.produced + w.missed ? (w.produced * 100) / (w.produced + w.missed) : 100);
    expect(r.body.highestEfficiency.producePercentage).toBeCloseTo(Math.max(...srs.map(eff)), 9);
    expect(r.body.lowestEfficiency.producePercentage).toBeCloseTo(Math.min(...srs.map(eff)), 9);
    expect(r.body.maxBlocksCount.producedTotal).toBe(Math.max(...srs.map((w) => w.produced)));
    expect(r.body.minBlocksCount.producedTotal).toBe(Math.min(...srs.map((w) => w.produced)));
    const low = srs.find((w) => w.address === r.body.lowestEfficiency.address)!;
    expect(r.body.lowestEfficiency.missedTotal).toBe(low.missed);
  });
});
