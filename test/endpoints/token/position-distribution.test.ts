import { describe, expect, it } from 'vitest';
import { get, sql } from '../../helpers/lake.ts';
import { LEDGER_20 } from './ledgers.ts';

const BANDS = ['rank1-10', 'rank11-50', 'rank51-100', 'rank101-500', 'other'];

describe('GET /api/tokens/position-distribution', () => {
  it('TRC20: amounts of the holder-rank bands are exact strings summing to all positive balances', async () => {
    const c = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
    const [w] = await sql(`WITH r AS (SELECT bal, row_number() OVER (ORDER BY bal DESC) AS rk FROM (${LEDGER_20}) WHERE contract_address = '${c}' AND bal > 0)
      SELECT CAST(sum(bal) FILTER (WHERE rk <= 10) AS VARCHAR) AS top, CAST(sum(bal) AS VARCHAR) AS total FROM r`);
    const { status, body } = await get(`/api/tokens/position-distribution?tokenId=${c}`);
    expect(status).toBe(200);
    expect(body['rank1-10']).toBe(w!.top);
    const sum = BANDS.reduce((a, k) => a + BigInt(body[k]), 0n);
    expect(sum.toString()).toBe(w!.total);
    for (const k of BANDS) {
      expect(typeof body[k]).toBe('string');
      expect(typeof body[`${k}_ratio`]).toBe('string');
    }
    const ratios = BANDS.reduce((a, k) => a + Number(body[`${k}_ratio`]), 0);
    expect(ratios).toBeGreaterThan(0.999);
    expect(ratios).toBeLessThanOrEqual(1.000001);
    expect(typeof body.expire).toBe('number');
  });

  it('a TRC10 id works; missing, unknown or native coin answers {}; malformed is a 400', async () => {
    const [t] = await sql(`SELECT token_id FROM dim_tokens WHERE token_standard = 'trc10' ORDER BY 1 LIMIT 1`);
    expect(Object.keys((await get(`/api/tokens/position-distribution?tokenId=${t!.token_id}`)).body)).toContain('rank1-10');
    expect((await get('/api/tokens/position-distribution')).body).toEqual({});
    expect((await get('/api/tokens/position-distribution?tokenId=trx')).body).toEqual({});
    expect((await get('/api/tokens/position-distribution?tokenId=T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb')).body).toEqual({});
    const bad = await get('/api/tokens/position-distribution?tokenId=@@');
    expect(bad.status).toBe(400);
    expect(bad.body.param).toBe('tokenId');
  });
});
