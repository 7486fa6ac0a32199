import { describe, expect, it } from 'vitest';
import { get, sql } from '../../helpers/lake.ts';
import { csvRows, DAY_MS, lakeDays } from './expected.ts';

describe('GET /api/overview/totalblockchainsize', () => {
  it('answers SPEC §2.7 exactly: the cumulative serialized block size per day (pre-window size + raw blocks so far)', async () => {
    const { firstMs, lastMs } = await lakeDays();
    const span = Math.round((lastMs - firstMs) / DAY_MS) + 1;
    const pre = await sql('SELECT CAST(blockchain_size_bytes AS VARCHAR) AS b FROM dim_pre_window_totals');
    const start = pre.length ? BigInt(String(pre[0]!.b)) : 0n;
    const { status, body } = await get(`/api/overview/totalblockchainsize?days=${span}`);
    expect(status).toBe(200);
    const keys = Object.keys(body).filter((k) => k !== 'countedFrom').sort();
    expect(keys).toEqual(['code', 'data', 'lastUpdateSeconds', 'message', 'status', 'success']);
    expect(body.code).toBe(200);
    expect(String(body.lastUpdateSeconds)).toMatch(/^\d{10}$/);
    expect(body.data.length).toBe(span);
    for (const r of body.data) {
      expect(Object.keys(r).sort()).toEqual(['blockchainSize', 'date', 'dateDayStr']);
      const [c] = await sql(`SELECT CAST(sum(size_bytes) AS VARCHAR) AS s FROM raw_blocks WHERE "date" <= '${r.dateDayStr}'`);
      expect(BigInt(r.blockchainSize)).toBe(start + BigInt(String(c!.s)));
      expect(r.date).toBe(Date.parse(`${r.dateDayStr}T00:00:00Z`));
    }
  });

  it('defaults to 15 days, ascending; rejects a malformed days; CSV', async () => {
    const { body } = await get('/api/overview/totalblockchainsize');
    expect(body.data.length).toBeLessThanOrEqual(15);
    const days = body.data.map((r: { dateDayStr: string }) => r.dateDayStr);
    expect(days).toEqual([...days].sort());
    expect((await get('/api/overview/totalblockchainsize?days=-1')).body.param).toBe('days');
    expect(csvRows((await get('/api/overview/totalblockchainsize?format=csv')).text).header).toEqual(['date', 'dateDayStr', 'blockchainSize']);
  });
});
