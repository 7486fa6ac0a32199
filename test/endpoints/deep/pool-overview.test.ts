/**
 * Issue 34: /api/stableCoin/pool/overview: a whitelisted pool's tokens and TVL (as /pool/info, checked against plain SQL by
 * the tvl test); `{}` with 200 for an unknown pool, a pool without a stablecoin, or no pool; a malformed address is a 400.
 */
import { describe, expect, it } from 'vitest';
import { get, sql } from '../../helpers/lake.ts';
import { STABLE_ADDRESSES as STABLES } from './defi-expected.ts';

describe('/api/stableCoin/pool/overview', () => {
  it('pool/overview: a whitelisted pool’s tokens and TVL; `{}` for an unknown pool, a non-stablecoin pool or none; a bad address is a 400', async () => {
    const info = (await get('/api/stableCoin/pool/info')).body;
    for (const p of info.data) {
      const { status, body } = await get(`/api/stableCoin/pool/overview?pool=${p.poolAddress}`);
      expect(status).toBe(200);
      expect(body.tokens).toEqual(p.tokens);
      expect(body.tvl).toBe(p.tvl);
      expect(body.volume24Hours).toBe(p.volume24Hours);
    }
    const [other] = await sql(`SELECT contract_address FROM ref_project_contracts WHERE role = 'pool' AND tokens IS NOT NULL
      AND NOT list_has_any(string_split(tokens, ','), [${[...STABLES].map((s) => `'${s}'`).join(', ')}]) LIMIT 1`);
    for (const pool of ['TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', ...(other ? [String(other.contract_address)] : [])]) {
      const r = await get(`/api/stableCoin/pool/overview?pool=${pool}`);
      expect([r.status, r.body]).toEqual([200, {}]);
    }
    expect((await get('/api/stableCoin/pool/overview')).body).toEqual({});
    expect((await get('/api/stableCoin/pool/overview?pool=Tnope')).status).toBe(400);
  });
});
