import { describe, expect, it } from 'vitest';
import { get, sql, testManifest } from '../../helpers/lake.ts';
import { parseCsv } from '../../helpers/csv.ts';
import { SUPPLY_LEDGER, expectedLiteral, numberLiterals } from './supply-ledger.ts';
import { lifetime, tokenBegan } from './lifetime.ts';

interface Tok { contractAddress: string; tokenType: string; isTop: boolean; vip: boolean; nrOfTokenHolders: number; marketcap: number; recentTransferCount: number; dateCreated: number; priceInTrx: number; gain: number; volume24hInTrx: number }

/** Rows after the pinned ones, which lead every order. */
const unpinned = (ts: Tok[]) => ts.filter((t) => !t.isTop);
const sortedBy = (xs: number[], dir: 'asc' | 'desc') => expect(xs).toEqual([...xs].sort((a, b) => (dir === 'asc' ? a - b : b - a)));

describe('GET /api/tokens/overview', () => {
  it('defaults: TRX row first, pinned rows next, then marketcap desc; counts per standard', async () => {
    const std = await sql(`SELECT token_standard AS s, count(*) AS n FROM dim_tokens GROUP BY 1`);
    const n = (s: string) => Number(std.find((r) => r.s === s)?.n ?? 0);
    const { status, body } = await get('/api/tokens/overview?limit=500');
    expect(status).toBe(200);
    expect(body).toMatchObject({ totalAll: n('trc10') + n('trc20') + n('trc721') + n('trc1155') + 1, total10: n('trc10') + 1, total20: n('trc20'), total721: n('trc721'), total1155: n('trc1155'), valueAtLeast: 10000 });
    expect(body.tokens[0]).toMatchObject({ contractAddress: '_', tokenId: 0, tokenType: 'trc10', abbr: 'TRX', isTop: true });
    const tops = body.tokens.map((t: Tok) => t.isTop);
    expect(tops).toEqual([...tops].sort((a: boolean, b: boolean) => Number(b) - Number(a)));
    sortedBy(unpinned(body.tokens).map((t) => t.marketcap), 'desc');
    expect((await get('/api/tokens/overview')).body.tokens).toHaveLength(Math.min(20, body.total));
    // A lake may list no token by default but TRX (ingested: no whitelist): types are checked on verifier=all then.
    const x = body.tokens[1] ?? (await get('/api/tokens/overview?limit=2&verifier=all')).body.tokens[1];
    expect(typeof x.level).toBe('string');
    expect(typeof x.canShow).toBe('number');
    expect(typeof x.dateCreated).toBe('number');
    // Seconds (10 digits), or 0 where the lake does not know the creation time (a token seen by an ingest, not issued in it).
    if (x.dateCreated !== 0) expect(String(x.dateCreated)).toHaveLength(10);
  });

  it('the TRX row counts successful TRX transfers, all time and in the 24 h before the head (issue 16: they were 0)', async () => {
    const head = (await testManifest()).head.timestamp;
    const [c] = await sql(`SELECT count(*) AS n, count(*) FILTER (WHERE timestamp > ${head - 86_400_000}) AS recent
                           FROM raw_transactions WHERE contract_type = 1 AND contract_ret = 'SUCCESS'`);
    expect(Number(c!.n)).toBeGreaterThan(0);
    const trx = (await get('/api/tokens/overview?limit=1')).body.tokens[0];
    // All time: TRX began at genesis, so the lake's count only from block 0, else null (issue 27); 24 h: exact.
    const all = lifetime((await tokenBegan())('_'), c!.n);
    expect(trx).toMatchObject({ contractAddress: '_', transferCount: all, recentTransferCount: Number(c!.recent) });
    // The same on a filtered page and with field trimming.
    expect((await get('/api/tokens/overview?filter=trc10&limit=1&field=transferCount,recentTransferCount')).body.tokens[0])
      .toEqual({ transferCount: all, recentTransferCount: Number(c!.recent) });
  });

  it('supply to the last digit for every token (issue 16: it was divided as a double in SQL)', async () => {
    const expected = new Map((await sql(SUPPLY_LEDGER)).map((t) => [String(t.token_id), expectedLiteral(String(t.supply), Number(t.decimals))]));
    expected.set('_', '0'); // the TRX row carries no supply (docs/compat.md)
    const r = await get('/api/tokens/overview?limit=500&verifier=all');
    const ids = r.body.tokens.map((x: { contractAddress: string }) => x.contractAddress);
    const literals = numberLiterals(r.text, 'supply');
    expect(literals).toHaveLength(ids.length);
    expect(ids.length).toBeGreaterThan(10);
    ids.forEach((id: string, i: number) => expect(literals[i], id).toBe(expected.get(id)));
  });

  it('holder counts and transfer counters agree with the holder endpoints and the raw transfers', async () => {
    const body = (await get('/api/tokens/overview?limit=500&verifier=all&filter=trc20')).body;
    const began = await tokenBegan();
    for (const t of body.tokens as (Tok & { transferCount: number })[]) {
      const holders = (await get(`/api/token_trc20/holders?contract_address=${t.contractAddress}&limit=1`)).body.rangeTotal;
      expect(t.nrOfTokenHolders, t.contractAddress).toBe(holders);
      const [c] = await sql(`SELECT count(*) AS n FROM raw_token_transfers WHERE contract_address = '${t.contractAddress}'`);
      expect(t.transferCount, t.contractAddress).toBe(lifetime(began(t.contractAddress), c!.n));
    }
  });

  it('every sort key both ways (unpinned rows ordered); unknown sort falls back to marketcap', async () => {
    const keys: [string, keyof Tok][] = [['priceInTrx', 'priceInTrx'], ['gain', 'gain'], ['volume24hInTrx', 'volume24hInTrx'], ['holderCount', 'nrOfTokenHolders'],
      ['marketcap', 'marketcap'], ['createTime', 'dateCreated'], ['hot', 'recentTransferCount'], ['init', 'dateCreated'], ['top', 'marketcap']];
    for (const [key, field] of keys) {
      for (const dir of ['asc', 'desc'] as const) {
        const ts = unpinned((await get(`/api/tokens/overview?limit=500&verifier=all&sort=${key}&order=${dir}`)).body.tokens);
        // Tokens without a price (null) go last either way.
        const priced = ['priceInTrx', 'gain', 'volume24hInTrx', 'marketcap', 'top'].includes(key) ? ts.filter((t) => t[field] !== 0) : ts;
        sortedBy(priced.map((t) => Number(t[field])), dir);
      }
    }
    expect((await get('/api/tokens/overview?sort=nope&limit=50')).body).toEqual((await get('/api/tokens/overview?limit=50')).body);
  });

  it('filter by standard and top; verifier=all adds the automatically listed tokens; field projection', async () => {
    const [auto] = await sql(`SELECT count(*) AS n FROM dim_tokens WHERE coalesce(list_status, '') NOT IN ('whitelist', 'blacklist')`);
    const all = (await get('/api/tokens/overview?verifier=all')).body.total;
    const def = (await get('/api/tokens/overview')).body.total;
    expect(all - def).toBe(Number(auto!.n));
    const [n721] = await sql(`SELECT count(*) AS n FROM dim_tokens WHERE token_standard = 'trc721'`);
    const f = (await get('/api/tokens/overview?filter=trc721&verifier=all&limit=500')).body;
    expect(f.total).toBe(Number(n721!.n));
    expect(f.tokens.every((t: Tok) => t.tokenType === 'trc721')).toBe(true);
    const top = (await get('/api/tokens/overview?filter=top&limit=500')).body.tokens;
    expect(top.every((t: Tok) => t.isTop)).toBe(true);
    const proj = (await get('/api/tokens/overview?field=abbr,gain&limit=3')).body.tokens;
    for (const t of proj) expect(Object.keys(t).sort()).toEqual(['abbr', 'gain']);
  });

  it('paging, limit max 500, bad input 400', async () => {
    const a = (await get('/api/tokens/overview?verifier=all&limit=4')).body.tokens.map((t: Tok) => t.contractAddress);
    const b = (await get('/api/tokens/overview?verifier=all&limit=4&start=4')).body.tokens.map((t: Tok) => t.contractAddress);
    const both = (await get('/api/tokens/overview?verifier=all&limit=8')).body.tokens.map((t: Tok) => t.contractAddress);
    expect([...a, ...b]).toEqual(both);
    expect((await get('/api/tokens/overview?filter=trc99')).body.param).toBe('filter');
    expect((await get('/api/tokens/overview?order=up')).body.param).toBe('order');
    expect((await get('/api/tokens/overview?limit=-1')).body.param).toBe('limit');
    const far = await get('/api/tokens/overview?start=5000');
    expect(far.status).toBe(200);
    expect(far.body.tokens).toEqual([]);
  });

  it('format=csv: the rows of the JSON list in its order (TRX and pinned first), every row without limit', async () => {
    const std = await sql(`SELECT count(*) AS n FROM dim_tokens WHERE token_standard = 'trc20'`);
    const all = await get('/api/tokens/overview?format=csv&verifier=all&filter=trc20&sort=holderCount&order=asc');
    expect(all.status).toBe(200);
    const [header, ...rows] = parseCsv(all.text);
    expect(rows).toHaveLength(Number(std[0]!.n));
    const json = (await get('/api/tokens/overview?verifier=all&filter=trc20&sort=holderCount&order=asc&limit=500')).body.tokens as Tok[];
    expect(rows.map((x) => x[header!.indexOf('token_id')])).toEqual(json.map((t) => t.contractAddress));
    expect(rows.map((x) => Number(x[header!.indexOf('holder_count')]))).toEqual(json.map((t) => t.nrOfTokenHolders));
    const page = parseCsv((await get('/api/tokens/overview?format=csv&limit=3')).text).slice(1);
    expect(page.map((x) => x[0])).toEqual((await get('/api/tokens/overview?limit=3')).body.tokens.map((t: Tok) => t.contractAddress));
    expect(page[0]![0]).toBe('_');
  });
});
