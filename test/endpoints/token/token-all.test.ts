import { describe, expect, it } from 'vitest';
import { get, sql } from '../../helpers/lake.ts';
import { SUPPLY_LEDGER, expectedLiteral, numberLiterals } from './supply-ledger.ts';
import { lifetime, tokenBegan } from './lifetime.ts';

const SPEC_FIELDS = ['type', 'contract', 'project', 'symbol', 'name', 'logo', 'decimals', 'reputation', 'total supply',
  'token holders', 'total transfers', '24h transfers', 'occurrences', 'aggregators'];

describe('GET /api/token/all', () => {
  it('defaults: SPEC §2.1 envelope and item fields (names with spaces), 50 per page, total = all tokens', async () => {
    const [c] = await sql('SELECT count(*) AS n FROM dim_tokens');
    const { status, body } = await get('/api/token/all');
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(['data', 'page_size', 'total']);
    expect(body.total).toBe(Number(c!.n));
    expect(body.page_size).toBe(Math.min(50, Number(c!.n)));
    expect(body.data).toHaveLength(body.page_size);
    for (const x of body.data) {
      for (const f of SPEC_FIELDS) expect(x, f).toHaveProperty([f]);
      expect(typeof x['total supply']).toBe('number');
      expect(Number.isInteger(x['token holders'])).toBe(true);
      expect(x.occurrences).toBe(x.aggregators.length);
      expect(typeof x.reputation).toBe('string');
      if ('price' in x) expect(typeof x.price).toBe('string');
    }
  });

  it('"total supply" to the last digit for every token (issue 16: it went through a double)', async () => {
    const expected = new Map((await sql(SUPPLY_LEDGER)).map((t) => [String(t.token_id), expectedLiteral(String(t.supply), Number(t.decimals))]));
    const r = await get('/api/token/all?limit=500');
    const contracts = r.body.data.map((x: { contract: string }) => x.contract);
    const literals = numberLiterals(r.text, 'total supply');
    expect(literals).toHaveLength(contracts.length);
    expect(contracts.length).toBe(expected.size);
    contracts.forEach((c: string, i: number) => expect(literals[i], c).toBe(expected.get(c)));
  });

  it('counters come from the transfer history: transfers and 24 h transfers of a TRC20', async () => {
    const [t] = await sql(`SELECT contract_address AS c, count(*) AS n FROM raw_token_transfers WHERE token_standard = 'trc20' GROUP BY 1 ORDER BY 2 DESC LIMIT 1`);
    const [h] = await sql(`SELECT count(*) AS n FROM raw_token_transfers WHERE contract_address = '${t!.c}' AND timestamp > (SELECT max(timestamp) FROM raw_blocks) - 86400000`);
    const row = (await get('/api/token/all?limit=500')).body.data.find((x: { contract: string }) => x.contract === t!.c);
    expect(row['total transfers']).toBe(lifetime((await tokenBegan())(String(t!.c)), t!.n));
    expect(row['24h transfers']).toBe(Number(h!.n));
    expect(row.type).toBe('trc20');
  });

  it('TRC10 counters: successful type-2 transfers; the price is the latest daily USD price', async () => {
    const [t] = await sql(`SELECT token_id AS id, count(*) AS n FROM raw_transactions WHERE contract_type = 2 AND contract_ret = 'SUCCESS' GROUP BY 1 ORDER BY 2 DESC LIMIT 1`);
    const row = (await get('/api/token/all?limit=500')).body.data.find((x: { contract: string }) => x.contract === t!.id);
    expect(row['total transfers']).toBe(lifetime((await tokenBegan())(String(t!.id)), t!.n));
    const [p] = await sql(`SELECT token_id AS id, arg_max(price_usd, day_ts) AS usd FROM rule_day_prices WHERE token_id <> '_' GROUP BY 1 ORDER BY 1 LIMIT 1`);
    const all = (await get('/api/token/all?limit=500')).body.data as { contract: string; price?: string }[];
    if (p) expect(Number(all.find((x) => x.contract === p.id)!.price)).toBeCloseTo(Number(p.usd), 12);
    // A lake without any price shows no price rather than inventing one.
    else expect(all.filter((x) => x.price !== undefined && x.price !== null)).toEqual([]);
  });

  // Paging, limits and a 400 naming each malformed parameter: test/contract/endpoints.test.ts.
  it('start past the end is 200 with an empty data array (no sum rule here)', async () => {
    const empty = await get('/api/token/all?start=100000');
    expect(empty.status).toBe(200);
    expect(empty.body.data).toEqual([]);
    expect(empty.body.page_size).toBe(0);
  });

  it('is also served under the alternate base address', async () => {
    const main = await get('/api/token/all?limit=3');
    const alt = await get('/alt/api/token/all?limit=3');
    expect(alt.status).toBe(200);
    expect(alt.body).toEqual(main.body);
  });
});
