import { describe, expect, it } from 'vitest';
import { get, sql } from '../../helpers/lake.ts';
import { LEDGER_10 } from './ledgers.ts';

interface Row { address: string; balance: string; index: number }

async function token(): Promise<{ id: string; issuer: string }> {
  const [t] = await sql(`SELECT token_id AS id, issuer_address AS issuer FROM dim_tokens WHERE token_standard = 'trc10'
    AND issuer_address IN (SELECT issuer_address FROM dim_tokens WHERE token_standard = 'trc10' GROUP BY 1 HAVING count(*) = 1) ORDER BY 1 LIMIT 1`);
  return { id: String(t!.id), issuer: String(t!.issuer) };
}

describe('GET /api/tokenholders', () => {
  it('defaults: holders of the TRC10 token of an issuer, -balance, 10 per page, ranked', async () => {
    const t = await token();
    const want = await sql(`SELECT holder, CAST(bal AS VARCHAR) AS b FROM (${LEDGER_10}) WHERE token_id = '${t.id}' AND bal > 0 ORDER BY bal DESC, holder`);
    const { status, body } = await get(`/api/tokenholders?address=${t.issuer}`);
    expect(status).toBe(200);
    expect(body.rangeTotal).toBe(want.length);
    expect(body.data.map((x: Row) => [x.address, x.balance])).toEqual(want.slice(0, 10).map((r) => [r.holder, r.b]));
    expect(body.data.map((x: Row) => x.index)).toEqual(body.data.map((_x: Row, i: number) => i + 1));
    // the id of the token gives the same list
    expect((await get(`/api/tokenholders?address=${t.id}`)).body.data).toEqual(body.data);
  });

  it('sort balance ascending; unknown sort falls back to -balance; holder_address filter', async () => {
    const t = await token();
    const asc = (await get(`/api/tokenholders?address=${t.id}&sort=balance&limit=5`)).body.data.map((x: Row) => BigInt(x.balance));
    expect(asc).toEqual([...asc].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const def = await get(`/api/tokenholders?address=${t.id}&limit=3`);
    expect((await get(`/api/tokenholders?address=${t.id}&limit=3&sort=nope`)).body.data).toEqual(def.body.data);
    const h = def.body.data[1].address;
    const one = await get(`/api/tokenholders?address=${t.id}&holder_address=${h}`);
    expect(one.body.rangeTotal).toBe(1);
    expect(one.body.data[0].address).toBe(h);
  });

  // Paging, limits, the sum rule, a missing or malformed parameter: test/contract/endpoints.test.ts.
  it('native coin aliases answer an empty list', async () => {
    for (const alias of ['trx', '_', '0']) {
      const r = await get(`/api/tokenholders?address=${alias}`);
      expect(r.status).toBe(200);
      expect(r.body.data).toEqual([]);
    }
  });
});
