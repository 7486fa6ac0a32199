import { describe, expect, it } from 'vitest';
import { get, sql } from '../../helpers/lake.ts';
import { blockFigures, csvRows, DAY_MS, emptyDay, lakeDays, periodFigures } from './expected.ts';

describe('GET /api/stats/overview', () => {
  it('answers one row per day with figures counted from the raw tables; what the lake cannot know is null', async () => {
    const { firstMs, lastMs } = await lakeDays();
    const span = Math.round((lastMs - firstMs) / DAY_MS) + 1;
    const f = await periodFigures('day');
    const blocks = await blockFigures();
    const pre = await sql('SELECT CAST(tx_count AS VARCHAR) AS n FROM dim_pre_window_totals');
    const { status, body } = await get(`/api/stats/overview?days=${span}`);
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(body.data.length).toBe(span);
    let total = pre.length ? BigInt(String(pre[0]!.n)) : 0n;
    for (const r of body.data) {
      const e = f.get(r.dateDayStr) ?? emptyDay(r.dateDayStr);
      const b = blocks.get(r.dateDayStr)!;
      total += BigInt(e.tx);
      expect(BigInt(r.totalTransaction)).toBe(total);
      expect([r.newTransactionSeen, r.active_account_number, r.newTrigger, r.newBlockSeen, r.totalBlockCount, r.avgBlockSize, r.energy_usage]).toEqual([
        e.tx, e.active, e.triggers, b.blocks, b.lastBlock + 1, Math.round(b.size / b.blocks), e.energyTotal,
      ]);
      const [k] = await sql(`SELECT count(*) FILTER (WHERE contract_type = 1) AS trx, count(*) FILTER (WHERE contract_type = 4) AS vote,
        count(*) FILTER (WHERE contract_type NOT IN (1, 2, 4, 11, 12, 51, 54, 55)) AS other FROM raw_transactions WHERE "date" = '${r.dateDayStr}'`);
      expect([r.trx_transfer, r.vote_transaction, r.other_transaction]).toEqual([Number(k!.trx), Number(k!.vote), Number(k!.other)]);
      expect([r.totalAddress, r.newAddressSeen, r.accountWithTrx, r.newTrc20]).toEqual([null, null, null, null]);
    }
  });

  it('type=trxHolder answers the slim row; days is bounded; CSV', async () => {
    const slim = (await get('/api/stats/overview?type=trxHolder&days=1')).body.data[0];
    expect(Object.keys(slim).sort()).toEqual(['accountWithTrx', 'date', 'dateDayStr', 'totalAddress']);
    expect((await get('/api/stats/overview?type=other')).body.param).toBe('type');
    expect((await get('/api/stats/overview?days=2001')).body.param).toBe('days');
    expect((await get('/api/stats/overview')).body.data.length).toBeLessThanOrEqual(15);
    const csv = csvRows((await get('/api/stats/overview?days=2&format=csv')).text);
    expect(csv.header.slice(0, 4)).toEqual(['date', 'dateDayStr', 'totalTransaction', 'newTransactionSeen']);
  });
});
