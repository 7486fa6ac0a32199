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
    const want = await sql(`SELECT holder, CAST(bal AS VARCHAR) AS b FROM (${LEDGER_10}) WHERE token_id = '${t.id}' AND bal > 0 ORDER BY bal DESC, holder DESC`);
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

  it('the token with the most holders: pages anywhere in its ranking (first, middle, last, past the end), both orders, exact', async () => {
    const [big] = await sql(`SELECT token_id AS id FROM (${LEDGER_10}) WHERE bal > 0 GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`);
    const id = String(big!.id);
    const want = (await sql(`SELECT holder, CAST(bal AS VARCHAR) AS b FROM (${LEDGER_10}) WHERE token_id = '${id}' AND bal > 0 ORDER BY bal DESC, holder DESC`))
      .map((r) => [r.holder, r.b]);
    expect(want.length).toBeGreaterThan(10);
    const pairs = (data: Row[]) => data.map((x) => [x.address, x.balance]);
    // -balance (the default): a rank range of the ledger, counted by the token's stats; ties in the sort's direction
    for (const start of [0, 1, Math.floor(want.length / 2), want.length - 7, want.length, want.length + 3]) {
      const { status, body } = await get(`/api/tokenholders?address=${id}&start=${start}&limit=20`);
      expect(status, `start=${start}`).toBe(200);
      expect(body.rangeTotal, `start=${start}`).toBe(want.length);
      expect(pairs(body.data), `start=${start}`).toEqual(want.slice(start, start + 20));
      expect(body.data.map((x: Row) => x.index)).toEqual(body.data.map((_x: Row, i: number) => start + i + 1));
    }
    // balance ascending (the general statement): the same holders in the reverse order (exact amounts, then holder)
    const asc = (await sql(`SELECT holder, CAST(bal AS VARCHAR) AS b FROM (${LEDGER_10}) WHERE token_id = '${id}' AND bal > 0 ORDER BY bal, holder`))
      .map((r) => [r.holder, r.b]);
    for (const start of [0, want.length - 5]) {
      const { body } = await get(`/api/tokenholders?address=${id}&sort=balance&start=${start}&limit=20`);
      expect(body.rangeTotal).toBe(want.length);
      expect(pairs(body.data), `asc start=${start}`).toEqual(asc.slice(start, start + 20));
    }
    // CSV (the general statement) holds the whole ranking in the default order
    const from = Math.floor(want.length / 3);
    const csv = await get(`/api/tokenholders?address=${id}&format=csv&limit=50&start=${from}`);
    expect(csv.status).toBe(200);
    const [header, ...lines] = String(csv.text).trim().split('\n').map((l) => l.split(','));
    const [a, b] = [header!.indexOf('holder_address'), header!.indexOf('balance_raw')];
    expect(lines.map((l) => [l[a], l[b]])).toEqual(want.slice(from, from + 50));
  });

  it('a TRC10 id the tokens dimension does not list, and an address that issued none, hold no holders', async () => {
    const [id] = await sql(`SELECT CAST(max(CAST(token_id AS BIGINT)) + 1 AS VARCHAR) AS id FROM dim_tokens WHERE token_standard = 'trc10'`);
    const [nobody] = await sql(`SELECT owner_address AS a FROM raw_transactions WHERE owner_address NOT IN (SELECT issuer_address FROM dim_tokens) LIMIT 1`);
    for (const address of [String(id!.id), String(nobody!.a)]) {
      const { status, body } = await get(`/api/tokenholders?address=${address}`);
      expect(status, address).toBe(200);
      expect([body.rangeTotal, body.data], address).toEqual([0, []]);
    }
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
