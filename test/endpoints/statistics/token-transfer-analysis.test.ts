import { describe, expect, it } from 'vitest';
import { get, sql } from '../../helpers/lake.ts';
import { DAY_MS, lakeDays } from './expected.ts';

describe('GET /api/tokenTransfer/analysis', () => {
  it('values TRX moved per day in USD (raw TransferContract amounts × the day price); no price, no row', async () => {
    const { firstMs, lastMs } = await lakeDays();
    const span = Math.round((lastMs - firstMs) / DAY_MS) + 1;
    const expected = await sql(`
      SELECT CAST(t."date" AS VARCHAR) AS day, sum(t.amount) / 1e6 * CAST(any_value(p.price_usd) AS DOUBLE) AS usd
      FROM raw_transactions t JOIN rule_day_prices p ON p.token_id = '_' AND p.day = CAST(t."date" AS VARCHAR)
      WHERE t.contract_type = 1 AND t.contract_ret = 'SUCCESS' GROUP BY 1 ORDER BY 1`);
    for (const token of ['', 'token=_&', 'token=TRX&']) {
      const { status, body } = await get(`/api/tokenTransfer/analysis?${token}days=${span}`);
      expect(status).toBe(200);
      expect(body.data.map((r: { day: string }) => r.day)).toEqual(expected.map((r) => r.day));
      body.data.forEach((r: { usd_amount: string }, i: number) => expect(Number(r.usd_amount)).toBeCloseTo(Number(expected[i]!.usd), 4));
      expect(body.size).toBe(expected.length);
    }
  });

  it('values a TRC20 token with its decimals and price; bad token or days is a 400 naming it', async () => {
    const [tok] = await sql(`SELECT p.token_id AS t, any_value(k.decimals) AS d FROM rule_day_prices p JOIN dim_tokens k ON k.token_id = p.token_id
      WHERE k.token_standard = 'trc20' GROUP BY 1 ORDER BY 1 LIMIT 1`);
    if (tok) {
      const { lastMs, firstMs } = await lakeDays();
      const span = Math.round((lastMs - firstMs) / DAY_MS) + 1;
      const expected = await sql(`
        SELECT CAST(x."date" AS VARCHAR) AS day, sum(CAST(x.amount_raw AS HUGEINT)) / pow(10, ${Number(tok.d)}) * CAST(any_value(p.price_usd) AS DOUBLE) AS usd
        FROM raw_token_transfers x JOIN rule_day_prices p ON p.token_id = x.contract_address AND p.day = CAST(x."date" AS VARCHAR)
        WHERE x.contract_address = '${tok.t}' GROUP BY 1 ORDER BY 1`);
      const { body } = await get(`/api/tokenTransfer/analysis?token=${tok.t}&days=${span}`);
      expect(body.data.map((r: { day: string }) => r.day)).toEqual(expected.map((r) => r.day));
      body.data.forEach((r: { usd_amount: string }, i: number) => expect(Number(r.usd_amount) / Number(expected[i]!.usd)).toBeCloseTo(1, 6));
    }
    expect((await get('/api/tokenTransfer/analysis?token=not-a-token')).body.param).toBe('token');
    expect((await get('/api/tokenTransfer/analysis?days=2001')).body.param).toBe('days');
    expect((await get('/api/tokenTransfer/analysis?format=csv')).text.split(/\r?\n/)[0]).toMatch(/^(day,usd_amount)?$/);
  });
});
