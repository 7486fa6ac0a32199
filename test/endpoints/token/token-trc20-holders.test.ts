import { describe, expect, it } from 'vitest';
import { get, sql } from '../../helpers/lake.ts';
import { LEDGER_20 as LEDGER, ZERO } from './ledgers.ts';
import { expectedLiteral, numberLiterals } from './supply-ledger.ts';

const USDT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';


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

  it('supply = the holders\' sum: for every TRC20 the served supply is the opening balances plus the window\'s mints minus its burns, exact', async () => {
    // Independent: the ledger above (snapshot openings + raw transfers), summed per token with bigint arithmetic.
    const tokens = await sql(`SELECT token_id, decimals FROM dim_tokens WHERE token_standard = 'trc20' ORDER BY 1`);
    const rows = await sql(`SELECT contract_address AS c, CAST(bal AS VARCHAR) AS b FROM (${LEDGER})`);
    const all = (await get('/api/token/all?limit=500')).text;
    expect(tokens.length).toBeGreaterThan(0);
    let checkedPages = 0;
    let holdersAreSupply = 0;
    for (const t of tokens) {
      const id = String(t.token_id);
      const mine = rows.filter((r) => r.c === id).map((r) => BigInt(String(r.b)));
      const supply = mine.reduce((a, b) => a + b, 0n);
      const positive = mine.filter((b) => b > 0n);
      const want = expectedLiteral(supply.toString(), Number(t.decimals));
      // The three endpoints that answer the supply, compared as the literal they send (a double shows as a mismatch).
      expect((await get(`/api/token_trc20/totalSupply?address=${id}`)).text, id).toBe(want);
      const row = objectWith(all, `"contract":"${id}"`);
      expect(numberLiterals(row, 'total supply')[0], id).toBe(want);
      const [one] = (await get(`/api/token_trc20?contract=${id}&showAll=1`)).body.trc20_tokens;
      expect(one.total_supply_with_decimals, id).toBe(supply.toString());
      const holders = await get(`/api/token_trc20/holders?contract_address=${id}&limit=1`);
      expect(numberLiterals(row, 'token holders')[0], id).toBe(String(holders.body.rangeTotal));
      expect(holders.body.rangeTotal, id).toBe(positive.length);
      // The holders endpoint, every page, for the smaller tokens: its balances sum to the positive rows of the
      // ledger, and so to the supply wherever no address went below zero (every generated token: the openings cover
      // every prefix of the window; an ingested lake without a snapshot has negative rows, docs/compat.md "Tokens").
      if (positive.length <= 700) {
        let sum = 0n;
        for (let start = 0; start < positive.length; start += 50) {
          const page = await get(`/api/token_trc20/holders?contract_address=${id}&limit=50&start=${start}`);
          for (const h of page.body.trc20_tokens as Holder[]) sum += BigInt(h.balance);
        }
        expect(sum, id).toBe(positive.reduce((a, b) => a + b, 0n));
        if (mine.every((b) => b >= 0n)) {
          expect(sum, id).toBe(supply);
          holdersAreSupply++;
        }
        checkedPages++;
      }
    }
    expect(checkedPages).toBeGreaterThan(0);
    // A lake with opening balances (the generated ones) has no negative row: there, every token's holders are its supply.
    // (Snapshots before the first block: an ingested lake's balanceOf rows anchor only the tracked tokens.)
    const [open] = await sql(`SELECT count(*) AS n FROM snap_trc20_snapshots WHERE as_of_block < (SELECT min(block_number) FROM raw_blocks)`);
    if (Number(open!.n) > 0) expect(holdersAreSupply).toBe(checkedPages);
  });
});

/** The text of the JSON object holding `marker` (a `"key":value` pair) inside a body. */
function objectWith(text: string, marker: string): string {
  const at = text.indexOf(marker);
  if (at < 0) return '';
  return text.slice(text.lastIndexOf('{', at), text.indexOf('}', at) + 1);
}
