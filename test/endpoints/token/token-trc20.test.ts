import { describe, expect, it } from 'vitest';
import { get, sql } from '../../helpers/lake.ts';
import { lifetime, tokenBegan } from './lifetime.ts';

interface Tok { contract_address: string; holders_count: number; total_supply_with_decimals: string; transfer_num: number; tokenType: string }

describe('GET /api/token_trc20', () => {
  it('one contract: reference fields and types; counters from the transfer history', async () => {
    const c = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
    const [t] = await sql(`SELECT count(*) AS n FROM raw_token_transfers WHERE contract_address = '${c}'`);
    const { status, body } = await get(`/api/token_trc20?contract=${c}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ total: 1, rangeTotal: 1 });
    const x = body.trc20_tokens[0];
    expect(x).toMatchObject({ contract_address: c, symbol: 'USDT', tokenType: 'trc20', issue_ts: 0, total_supply: 0,
      transfer_num: lifetime((await tokenBegan())(c), t!.n) });
    expect(typeof x.total_supply_with_decimals).toBe('string');
    expect(typeof x.level).toBe('string');
    expect(typeof x.gain).toBe('string');
    expect(x.issue_time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const [priced] = await sql(`SELECT count(*) AS n FROM rule_day_prices WHERE token_id = '${c}'`);
    // Prices exist only where the lake has a price feed (generated lakes; not a node ingest).
    if (Number(priced!.n) > 0) expect(x.market_info.priceInUsd).toBeGreaterThan(0);
    else expect(x.market_info?.priceInUsd ?? 0).toBe(0);
    expect(x.tokenPriceLine.total).toBe(x.tokenPriceLine.data.length);
    if (x.tokenPriceLine.data.length > 0) expect(typeof x.tokenPriceLine.data[0].time).toBe('string');
    expect(body.contractMap[c]).toBe(true);
    const h = (await get(`/api/token_trc20/holders?contract_address=${c}&limit=1`)).body.rangeTotal;
    expect(x.holders_count).toBe(h);
  });

  it('showAll: 0 (default) whitelist, 1 all smart-contract tokens, 2 all but the blacklist', async () => {
    const counts = await sql(`SELECT count(*) FILTER (WHERE list_status = 'whitelist') AS w, count(*) AS a,
      count(*) FILTER (WHERE list_status IS DISTINCT FROM 'blacklist') AS nb FROM dim_tokens WHERE token_standard <> 'trc10'`);
    expect((await get('/api/token_trc20')).body.total).toBe(Number(counts[0]!.w));
    expect((await get('/api/token_trc20?showAll=0')).body.total).toBe(Number(counts[0]!.w));
    expect((await get('/api/token_trc20?showAll=1')).body.total).toBe(Number(counts[0]!.a));
    expect((await get('/api/token_trc20?showAll=2')).body.total).toBe(Number(counts[0]!.nb));
    const [black] = await sql(`SELECT token_id FROM dim_tokens WHERE list_status = 'blacklist' AND token_standard <> 'trc10' LIMIT 1`);
    if (black) {
      expect((await get(`/api/token_trc20?contract=${black.token_id}`)).body.total).toBe(1);
      expect((await get(`/api/token_trc20?contract=${black.token_id}&showAll=2`)).body.total).toBe(0);
    }
  });

  // Paging, limits and a 400 naming each malformed parameter: test/contract/endpoints.test.ts.
  it('TRC721 and TRC1155 contracts share the shape; showAll=1 pages; unknown contract empty', async () => {
    const [nft] = await sql(`SELECT token_id FROM dim_tokens WHERE token_standard = 'trc1155' LIMIT 1`);
    expect((await get(`/api/token_trc20?contract=${nft!.token_id}`)).body.trc20_tokens[0].tokenType).toBe('trc1155');
    const a = (await get('/api/token_trc20?showAll=1&limit=3')).body.trc20_tokens.map((t: Tok) => t.contract_address);
    const b = (await get('/api/token_trc20?showAll=1&limit=3&start=3')).body.trc20_tokens.map((t: Tok) => t.contract_address);
    const both = (await get('/api/token_trc20?showAll=1&limit=6')).body.trc20_tokens.map((t: Tok) => t.contract_address);
    expect([...a, ...b]).toEqual(both);
    const none = await get('/api/token_trc20?contract=T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb');
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ total: 0, rangeTotal: 0, contractMap: {}, trc20_tokens: [] });
  });
});
