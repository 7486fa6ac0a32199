/**
 * /api/block/statistic against plain SQL over the raw blocks and the chain_anchors reference (docs/compat.md
 * "Whole-chain figures"): whole_block_count = the highest block number + 1; rewards = each block's block and vote
 * rewards in force at its time (test/helpers/supply.ts, from the raw parameter and proposal snapshots); whole_pay and
 * last_day_total_burn start from the issued / burned anchor as of the block before the lake's first one (0 from
 * genesis) and are null without one (the generated test lake has both, written by the generator; the ingested one none).
 */
import { describe, expect, it } from 'vitest';
import { get, sql, testManifest } from '../../helpers/lake.ts';
import { rewardsOf } from '../../helpers/supply.ts';

/** The anchor `name` as of the block before `first` (0 at genesis), or null. */
async function anchorBefore(name: string, first: bigint): Promise<bigint | null> {
  if (first === 0n) return 0n;
  const rows = await sql(`select value_raw from ref_chain_anchors where name = '${name}' and as_of_block = ${first - 1n}`);
  return rows.length === 0 ? null : BigInt(String(rows[0]!.value_raw));
}

/** Sun as whole TRX, the JSON number the endpoint prints. */
const asTrx = (sun: bigint | null): number | null => (sun === null ? null : Number(`${sun / 1_000_000n}.${String(sun % 1_000_000n).padStart(6, '0')}`));

describe('GET /api/block/statistic', () => {
  it('whole chain from the head height and anchors, the last 24 hours from the raw blocks', async () => {
    const m = await testManifest();
    const since = m.head.timestamp - 86_400_000;
    const [all] = await sql('select max(block_number) as top, min(block_number) as first, count(*) as n, coalesce(sum(fee), 0)::HUGEINT as fee from raw_blocks');
    const [day] = await sql(`select count(*) as n, coalesce(sum(fee), 0) as fee from raw_blocks where timestamp > ${since}`);
    const first = BigInt(String(all!.first));
    const issued = await anchorBefore('issued_sun', first);
    const burned = await anchorBefore('burned_sun', first);
    const lakePay = await rewardsOf('true');
    const dayPay = await rewardsOf(`b."timestamp" > ${since}`);
    const { status, body } = await get('/api/block/statistic');
    expect(status).toBe(200);
    expect(body).toEqual({
      whole_block_count: Number(all!.top) + 1,
      last_day_block_count: Number(day!.n),
      whole_pay: issued === null || lakePay === null ? null : asTrx(issued + lakePay),
      last_day_pay: asTrx(dayPay),
      last_day_burn: Number(day!.fee) / 1e6,
      last_day_total_burn: burned === null ? null : asTrx(burned + BigInt(String(all!.fee))),
    });
    // Neither test lake starts at genesis; the generator writes both anchors, the ingested lake has none: both sides run.
    expect(first).toBeGreaterThan(0n);
    expect(issued !== null && burned !== null).toBe(m.source.kind === 'generate');
    expect(body.whole_pay === null && body.last_day_total_burn === null).toBe(issued === null);
    // Both lakes know every block's reward (the ingested one's parameters reach back from its head snapshot).
    expect(lakePay).toBeGreaterThan(0n);
    expect(body.last_day_pay).toBeGreaterThan(0);
    // The lake is a window far above genesis: the whole count is not the window's.
    expect(body.whole_block_count).toBeGreaterThan(Number(all!.n));
    // The 24-hour window cuts the lake (any lake: generated with 3-second slots, or ingested), so it is tested.
    expect(body.last_day_block_count).toBeGreaterThan(0);
    expect(body.last_day_block_count).toBeLessThan(Number(all!.n));
  });

  it('agrees with the head of /api/stats/overview and the window of /api/block', async () => {
    const stat = (await get('/api/block/statistic')).body;
    const overview = (await get('/api/stats/overview?days=1')).body;
    expect(stat.whole_block_count).toBe(overview.data.at(-1).totalBlockCount);
    const list = (await get('/api/block?limit=1')).body;
    expect(stat.whole_block_count).toBe(list.data[0].number + 1);
  });
});
