import { describe, expect, it } from 'vitest';
import { get, sql, testManifest } from '../../helpers/lake.ts';

describe('GET /api/block/statistic', () => {
  it('counts blocks all time and in the 24 hours before the head, with rewards and burns', async () => {
    const m = await testManifest();
    const since = m.head.timestamp - 86_400_000;
    const [all] = await sql('select count(*) as n, sum(fee) as fee from raw_blocks');
    const [day] = await sql(`select count(*) as n, coalesce(sum(fee), 0) as fee from raw_blocks where timestamp > ${since}`);
    const { status, body } = await get('/api/block/statistic');
    expect(status).toBe(200);
    expect(body).toEqual({
      whole_block_count: Number(all!.n),
      last_day_block_count: Number(day!.n),
      whole_pay: Number(all!.n) * 136,
      last_day_pay: Number(day!.n) * 136,
      last_day_burn: Number(day!.fee) / 1e6,
      last_day_total_burn: Number(all!.fee) / 1e6,
    });
    // The 24-hour window cuts the lake (any lake: generated with 3-second slots, or ingested), so it is tested.
    expect(body.last_day_block_count).toBeGreaterThan(0);
    expect(body.last_day_block_count).toBeLessThan(body.whole_block_count);
  });

  it('agrees with /api/block totals', async () => {
    const stat = (await get('/api/block/statistic')).body;
    const list = (await get('/api/block?limit=1')).body;
    expect(stat.whole_block_count).toBe(list.rangeTotal);
  });
});
