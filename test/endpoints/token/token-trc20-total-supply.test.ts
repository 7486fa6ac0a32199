import { describe, expect, it } from 'vitest';
import { get, sql } from '../../helpers/lake.ts';
import { SUPPLY_LEDGER, expectedLiteral } from './supply-ledger.ts';

const ZERO = 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb';

describe('GET /api/token_trc20/totalSupply', () => {
  it('a bare JSON number: the opening balances plus mints minus burns, decimal-adjusted', async () => {
    const [t] = await sql(`SELECT token_id AS c, decimals AS d, supply AS s FROM (${SUPPLY_LEDGER})
      WHERE token_standard = 'trc20' ORDER BY CAST(supply AS HUGEINT) DESC LIMIT 1`);
    const r = await get(`/api/token_trc20/totalSupply?address=${t!.c}`);
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toMatch(/application\/json/);
    expect(r.text).toMatch(/^[0-9.e+]+$/);
    expect(typeof r.body).toBe('number');
    expect(r.body).toBeCloseTo(Number(t!.s) / 10 ** Number(t!.d), 3);
  });

  it('every TRC20 supply to the last digit: the exact integer scaled by string arithmetic (issue 16)', async () => {
    const tokens = await sql(`SELECT token_id, decimals, supply FROM (${SUPPLY_LEDGER}) WHERE token_standard = 'trc20' ORDER BY 1`);
    expect(tokens.length).toBeGreaterThan(0);
    for (const t of tokens) {
      const r = await get(`/api/token_trc20/totalSupply?address=${t.token_id}`);
      expect(r.text, String(t.token_id)).toBe(expectedLiteral(String(t.supply), Number(t.decimals)));
    }
  });

  it('an unknown contract answers 0; a missing or malformed address is a 400 naming it', async () => {
    expect((await get(`/api/token_trc20/totalSupply?address=${ZERO}`)).text).toBe('0');
    const missing = await get('/api/token_trc20/totalSupply');
    expect(missing.status).toBe(400);
    expect(missing.body.param).toBe('address');
    expect((await get('/api/token_trc20/totalSupply?address=123')).body.param).toBe('address');
  });
});
