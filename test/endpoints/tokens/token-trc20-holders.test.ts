import { describe, expect, it } from 'vitest';
import { get, sql } from '../../helpers/lake.ts';
import { OPENING_20 } from './ledgers.ts';

const ZERO = 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb';
const USDT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

/** Independent ledger: opening balances (issue 12) + net TRC20 flow per (contract, holder) over the raw transfers, exact. */
const LEDGER = `
  SELECT contract_address, addr AS holder_address, sum(d) AS bal FROM (
    SELECT contract_address, to_address AS addr, CAST(amount_raw AS HUGEINT) AS d FROM raw_token_transfers WHERE token_standard = 'trc20'
    UNION ALL SELECT contract_address, from_address, -CAST(amount_raw AS HUGEINT) FROM raw_token_transfers WHERE token_standard = 'trc20'
    UNION ALL ${OPENING_20}
  ) WHERE addr <> '${ZERO}' GROUP BY ALL`;

interface Holder { holder_address: string; balance: string; contract_address: string }

describe('GET /api/token_trc20/holders', () => {
  it('defaults: 10 largest holders of a contract, exact decimal-string balances, count of positive balances', async () => {
    const top = await sql(`SELECT holder_address, CAST(bal AS VARCHAR) AS b FROM (${LEDGER}) WHERE contract_address = '${USDT}' AND bal > 0 ORDER BY bal DESC, holder_address LIMIT 10`);
    const [c] = await sql(`SELECT count(*) AS n FROM (${LEDGER}) WHERE contract_address = '${USDT}' AND bal > 0`);
    const { status, body } = await get(`/api/token_trc20/holders?contract_address=${USDT}`);
    expect(status).toBe(200);
    expect(body.rangeTotal).toBe(Number(c!.n));
    expect(body.total).toBe(Math.min(Number(c!.n), 10000));
    expect(body.trc20_tokens.map((h: Holder) => [h.holder_address, h.balance])).toEqual(top.map((r) => [r.holder_address, r.b]));
    const h = body.trc20_tokens[0];
    expect(typeof h.balance).toBe('string');
    expect(typeof h.updateTime).toBe('number');
    expect(typeof h.updateBlock).toBe('number');
    expect(typeof h.srTag).toBe('boolean');
    expect(body.contractMap).toBeTypeOf('object');
  });

  it('holder_address alone lists that holder across contracts; with a contract, its one row', async () => {
    const [r] = await sql(`SELECT holder_address AS h, count(*) AS n FROM (${LEDGER}) WHERE bal > 0 GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 1`);
    const all = await get(`/api/token_trc20/holders?holder_address=${r!.h}&limit=50`);
    expect(all.body.rangeTotal).toBe(Number(r!.n));
    expect(all.body.trc20_tokens.every((x: Holder) => x.holder_address === r!.h)).toBe(true);
    const c = all.body.trc20_tokens[0].contract_address;
    const one = await get(`/api/token_trc20/holders?holder_address=${r!.h}&contract_address=${c}`);
    expect(one.body.rangeTotal).toBe(1);
  });

  // Paging, limits, the sum rule, a missing or malformed parameter: test/contract/endpoints.test.ts.
  it('an unknown contract is 200 empty', async () => {
    const empty = await get(`/api/token_trc20/holders?contract_address=${ZERO}`);
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ total: 0, rangeTotal: 0, trc20_tokens: [] });
  });

  it('consistency: for every TRC20 the ledger sums to the supply (mints minus burns), holder counts match the lists', async () => {
    const tokens = await sql(`SELECT token_id, decimals FROM dim_tokens WHERE token_standard = 'trc20' ORDER BY 1`);
    const flows = await sql(`SELECT contract_address AS c,
        CAST(coalesce(sum(CAST(amount_raw AS HUGEINT)) FILTER (WHERE from_address = '${ZERO}'), 0)
           - coalesce(sum(CAST(amount_raw AS HUGEINT)) FILTER (WHERE to_address = '${ZERO}'), 0) AS VARCHAR) AS supply
      FROM raw_token_transfers WHERE token_standard = 'trc20' GROUP BY 1`);
    const ledgerSums = await sql(`SELECT contract_address AS c, CAST(sum(bal) AS VARCHAR) AS s FROM (${LEDGER}) GROUP BY 1`);
    const openings = await sql(`SELECT contract_address AS c, CAST(sum(d) AS VARCHAR) AS s FROM (${OPENING_20}) GROUP BY 1`);
    const all = (await get('/api/token/all?limit=500')).body.data as { contract: string; 'token holders': number; 'total supply': number }[];
    expect(tokens.length).toBeGreaterThan(0);
    for (const t of tokens) {
      const id = String(t.token_id);
      const supply = BigInt(String(flows.find((f) => f.c === id)?.supply ?? '0'));
      const sum = BigInt(String(ledgerSums.find((f) => f.c === id)?.s ?? '0'));
      // The holders hold the opening balances plus the window's mints minus its burns; the endpoints' total supply is
      // still the window's mints minus burns (token_stats; see docs/compat.md "Account state").
      expect(sum, id).toBe(supply + BigInt(String(openings.find((f) => f.c === id)?.s ?? '0')));
      const holders = await get(`/api/token_trc20/holders?contract_address=${id}&limit=1`);
      const row = all.find((x) => x.contract === id)!;
      expect(row['token holders'], id).toBe(holders.body.rangeTotal);
      expect(row['total supply'], id).toBeCloseTo(Number(supply) / 10 ** Number(t.decimals), 6);
      const body = (await get(`/api/token_trc20/totalSupply?address=${id}`)).text;
      expect(Number(body), id).toBeCloseTo(Number(supply) / 10 ** Number(t.decimals), 6);
    }
  });
});
