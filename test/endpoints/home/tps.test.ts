import { describe, expect, it } from 'vitest';
import { get, sql } from '../../helpers/lake.ts';

describe('GET /api/system/tps', () => {
  it('the head block, the last minute of blocks, and the largest block of the lake (or a larger anchor)', async () => {
    const [b] = (await sql(`
      SELECT max(block_number) AS head, max(tx_count) AS most,
             (SELECT sum(tx_count) FROM raw_blocks WHERE "timestamp" > (SELECT max("timestamp") FROM raw_blocks) - 60000) AS recent
      FROM raw_blocks`)) as [Record<string, unknown>];
    const anchors = await sql(`SELECT value_raw FROM ref_chain_anchors WHERE name = 'max_tps'`);
    // Without a max_tps anchor the lake's maximum is not the chain's (docs/compat.md "Whole-chain figures"): null,
    // unless the lake starts at genesis (neither test lake does).
    const [first] = await sql('SELECT min(block_number) AS b FROM raw_blocks');
    const anchor = anchors.length ? Math.max(...anchors.map((a) => Number(a.value_raw))) : Number(first!.b) === 0 ? 0 : null;
    const r = await get('/api/system/tps');
    expect(r.status).toBe(200);
    expect(r.body.type).toBe('tps');
    expect(r.body.data.blockHeight).toBe(Number(b.head));
    expect(r.body.data.currentTps).toBe(Math.round(Number(b.recent ?? 0) / 60));
    expect(r.body.data.maxTps).toBe(anchor === null ? null : Math.max(Math.round(Number(b.most) / 3), anchor));
    if (anchor !== null) expect(r.body.data.maxTps).toBeGreaterThanOrEqual(r.body.data.currentTps);
  });
});
