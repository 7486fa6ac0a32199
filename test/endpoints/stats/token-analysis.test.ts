import { describe, expect, it } from 'vitest';
import { get, sql } from '../../helpers/lake.ts';
import { csvRows, lakeDays } from './expected.ts';

describe('GET /api/token/analysis', () => {
  it("answers one token's transfers, distinct senders and receivers and exact amount per day, from raw token transfers", async () => {
    const [tok] = await sql(`SELECT contract_address AS c FROM raw_token_transfers WHERE token_standard = 'trc20' GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`);
    const { first, last } = await lakeDays();
    const expected = await sql(`
      SELECT CAST("date" AS VARCHAR) AS day, count(*) AS n, count(DISTINCT from_address) AS senders, count(DISTINCT to_address) AS receivers,
             CAST(sum(CAST(amount_raw AS HUGEINT)) AS VARCHAR) AS amount
      FROM raw_token_transfers WHERE contract_address = '${tok!.c}' GROUP BY 1 ORDER BY 1`);
    const { status, body } = await get(`/api/token/analysis?token=${tok!.c}&start_day=${first}&end_day=${last}`);
    expect(status).toBe(200);
    expect(body.data).toEqual(expected.map((r) => ({ day: r.day, from_count: Number(r.senders), to_count: Number(r.receivers), transfer_count: Number(r.n), amount: r.amount })));
    const avg = expected.reduce((a, r) => a + BigInt(String(r.amount)), 0n) / BigInt(expected.length);
    expect(body.avg_amount).toBe(avg.toString());
    expect(body.size).toBe(expected.length);
    expect(body.date).toEqual([]);
  });

  it('requires token, takes type 0/1 (holders: null, not computed yet), names bad parameters, answers CSV', async () => {
    expect((await get('/api/token/analysis')).body.param).toBe('token');
    const [tok] = await sql(`SELECT contract_address AS c FROM raw_token_transfers GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`);
    expect((await get(`/api/token/analysis?token=${tok!.c}&type=2`)).body.param).toBe('type');
    expect((await get(`/api/token/analysis?token=${tok!.c}&start_day=2026-02-30`)).body.param).toBe('start_day');
    const holders = (await get(`/api/token/analysis?token=${tok!.c}&type=1`)).body;
    for (const r of holders.data) expect(r.holder_count).toBeNull();
    const csv = csvRows((await get(`/api/token/analysis?token=${tok!.c}&format=csv`)).text);
    expect(csv.header).toEqual(['day', 'from_count', 'to_count', 'transfer_count', 'amount']);
  });
});
