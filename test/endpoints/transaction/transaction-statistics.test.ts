import { describe, expect, it } from 'vitest';
import { get, sql, testManifest } from '../../helpers/lake.ts';

const n = (v: unknown) => Number(v);

describe('GET /api/transaction/statistics', () => {
  it('counts by type all time and on the last complete day before the head', async () => {
    const m = await testManifest();
    const dayMs = 86_400_000;
    const lastDayStart = Math.floor(m.head.timestamp / dayMs) * dayMs - dayMs;
    const [c] = await sql(`select count(*) as all_n,
        count(*) filter (where timestamp >= ${lastDayStart} and timestamp < ${lastDayStart + dayMs}) as day_n,
        count(*) filter (where contract_type = 1) as trx_n, sum(amount) filter (where contract_type = 1) as trx_amount,
        count(*) filter (where contract_type = 2) as trc10_n, count(*) filter (where contract_type = 31) as trigger_n
      from raw_transactions`);
    const [t] = await sql(`select count(*) filter (where token_standard = 'trc20') as trc20, count(*) filter (where token_standard = 'trc721') as trc721,
        count(*) filter (where token_standard = 'trc1155') as trc1155 from raw_token_transfers`);
    const { status, body } = await get('/api/transaction/statistics');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      code: 200,
      status: '1',
      txCount: n(c!.all_n),
      lastDayTxCount: n(c!.day_n),
      trxTransferCount: n(c!.trx_n),
      trc10TransferCount: n(c!.trc10_n),
      triggerCount: n(c!.trigger_n),
      trc20Count: n(t!.trc20),
      trc721Count: n(t!.trc721),
      trc1155Count: n(t!.trc1155),
      lastUpdateSeconds: Math.floor(m.head.timestamp / 1000),
    });
    expect(body.trxTransferAmount).toBeCloseTo(n(c!.trx_amount) / 1e6, 3);
    expect(body.trxTransferProportion).toBeCloseTo((100 * n(c!.trx_n)) / n(c!.all_n), 3);
    expect(body.lastDayTxCount).toBeGreaterThan(0);
  });

  it('ranks the most transferred TRC20 tokens and most called contracts', async () => {
    const top = await sql(`select contract_address, count(*) as n from raw_token_transfers where token_standard = 'trc20' group by 1 order by 2 desc, 1 limit 10`);
    const calls = await sql(`select contract_address, count(*) as n from raw_transactions where contract_type = 31 group by 1 order by 2 desc, 1 limit 10`);
    const { body } = await get('/api/transaction/statistics');
    expect(body.trc20Top10.map((x: { address: string }) => x.address)).toEqual(top.map((r) => r.contract_address));
    expect(body.trc20Top10[0].count).toBe(n(top[0]!.n));
    expect(body.trc20Top10[0].address).toBe('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t');
    expect(body.triggerTop10.map((x: { count: number }) => x.count)).toEqual(calls.map((r) => n(r.n)));
  });
});
