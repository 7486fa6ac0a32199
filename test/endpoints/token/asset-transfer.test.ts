import { describe, expect, it } from 'vitest';
import { get, sql, testManifest } from '../../helpers/lake.ts';

interface Item { transactionHash: string; timestamp: number; amount: number; tokenName: string; transferFromAddress: string; transferToAddress: string; confirmed: boolean }
const BASE = `FROM raw_transactions WHERE contract_type IN (1, 2)`;

describe('GET /api/asset/transfer', () => {
  it('defaults: TRX and TRC10 transfers newest first under the `Data` key, 10 per page', async () => {
    const [c] = await sql(`SELECT count(*) AS n ${BASE}`);
    const [top] = await sql(`SELECT max(timestamp) AS ts ${BASE}`);
    const { status, body } = await get('/api/asset/transfer');
    expect(status).toBe(200);
    expect(body.rangeTotal).toBe(Number(c!.n));
    expect(body.total).toBe(Math.min(Number(c!.n), 10000));
    expect(body.Data).toHaveLength(10);
    expect(body.data).toBeUndefined();
    expect(body.Data[0].timestamp).toBe(Number(top!.ts));
    const ts = body.Data.map((x: Item) => x.timestamp);
    expect(ts).toEqual([...ts].sort((a, b) => b - a));
    const x = body.Data[0];
    expect(typeof x.amount).toBe('number');
    expect(typeof x.blockId).toBe('number');
    expect(typeof x.fromAddressIsContract).toBe('boolean');
  });

  it('name=trx (and aliases) keeps TRX; a TRC10 name / id keeps that token; issueAddress keeps its tokens', async () => {
    const [trx] = await sql(`SELECT count(*) AS n ${BASE} AND contract_type = 1`);
    for (const a of ['trx', '_', '0']) expect((await get(`/api/asset/transfer?name=${a}`)).body.rangeTotal).toBe(Number(trx!.n));
    // Samples chosen by SQL so any lake fits: the busiest TRC10 token by id, the busiest one whose symbol no other
    // token shares (a name lookup of a shared symbol keeps every token with it), the busiest one with an issuer.
    const [t] = await sql(`SELECT x.token_id AS id, count(*) AS n FROM raw_transactions x WHERE x.contract_type = 2 GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 1`);
    expect((await get(`/api/asset/transfer?name=${t!.id}`)).body.rangeTotal).toBe(Number(t!.n));
    const [u] = await sql(`SELECT k.symbol, count(*) AS n FROM raw_transactions x JOIN dim_tokens k ON k.token_id = x.token_id
      WHERE x.contract_type = 2 AND lower(k.symbol) IN (SELECT lower(symbol) FROM dim_tokens GROUP BY 1 HAVING count(*) = 1)
        AND lower(k.symbol) NOT IN ('trx', '_', '0') GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 1`);
    if (u) expect((await get(`/api/asset/transfer?name=${String(u.symbol).toLowerCase()}`)).body.rangeTotal).toBe(Number(u.n));
    const [s] = await sql(`SELECT k.issuer_address AS iss FROM raw_transactions x JOIN dim_tokens k ON k.token_id = x.token_id
      WHERE x.contract_type = 2 AND k.issuer_address <> '' GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`);
    // Without an issuer that has transfers, an issuer with none: the filter then keeps nothing.
    const iss = s ? String(s.iss) : 'TXk8rQSAvPvBBNtqSoY6nCfsXWCSSpTVQF';
    const [i] = await sql(`SELECT count(*) AS n ${BASE} AND contract_type = 2 AND token_id IN (SELECT token_id FROM dim_tokens WHERE issuer_address = '${iss}')`);
    const byIssuer = await get(`/api/asset/transfer?issueAddress=${iss}&limit=50`);
    expect(byIssuer.body.rangeTotal).toBe(Number(i!.n));
    expect(byIssuer.body.Data.every((x: Item) => x.tokenName !== '_')).toBe(true);
  });

  it('normalAddressInfo: every non-contract address of the page → { risk: false }, contracts left out (issue 16)', async () => {
    const { body } = await get('/api/asset/transfer?limit=50');
    const page = new Set<string>(body.Data.flatMap((t: { transferFromAddress: string; transferToAddress: string }) => [t.transferFromAddress, t.transferToAddress]).filter(Boolean));
    const contracts = new Set((await sql(`SELECT address FROM dim_contracts`)).map((r) => String(r.address)));
    const expected = Object.fromEntries([...page].filter((a) => !contracts.has(a)).sort().map((a) => [a, { risk: false }]));
    expect(Object.keys(expected).length).toBeGreaterThan(0);
    expect(Object.fromEntries(Object.entries(body.normalAddressInfo ?? {}).sort(([a], [b]) => (a < b ? -1 : 1)))).toEqual(expected);
  });

  it('address / relatedAddress, time window (ms, bounds included), confirm, filterTokenValue', async () => {
    const [a] = await sql(`SELECT owner_address AS a FROM raw_transactions WHERE contract_type = 1 GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`);
    const [n] = await sql(`SELECT count(*) AS n ${BASE} AND (owner_address = '${a!.a}' OR to_address = '${a!.a}')`);
    expect((await get(`/api/asset/transfer?address=${a!.a}`)).body.rangeTotal).toBe(Number(n!.n));
    expect((await get(`/api/asset/transfer?relatedAddress=${a!.a}`)).body.rangeTotal).toBe(Number(n!.n));
    const [w] = await sql(`SELECT min(timestamp) + 86400000 AS lo FROM raw_transactions`);
    const lo = Number(w!.lo);
    const hi = lo + 3_600_000;
    const [k] = await sql(`SELECT count(*) AS n ${BASE} AND timestamp BETWEEN ${lo} AND ${hi}`);
    expect((await get(`/api/asset/transfer?start_timestamp=${lo}&end_timestamp=${hi}`)).body.rangeTotal).toBe(Number(k!.n));
    const m = await testManifest();
    const [u] = await sql(`SELECT count(*) AS n ${BASE} AND block_number > ${m.solidBlock}`);
    expect((await get('/api/asset/transfer?confirm=1')).body.rangeTotal).toBe(Number(u!.n));
    const [z] = await sql(`SELECT count(*) AS n ${BASE} AND amount >= 1`);
    expect((await get('/api/asset/transfer?filterTokenValue=1')).body.rangeTotal).toBe(Number(z!.n));
    expect((await get('/api/asset/transfer?filterTokenValue=0')).body.rangeTotal).toBe((await get('/api/asset/transfer')).body.rangeTotal);
  });

  it("pages from the transfer copies' key files (whole lake, an address, TRX alone, a state) with the rows and totals of plain SQL", async () => {
    const m = await testManifest();
    // An address with a few hundred transfers: its rows are scanned whole when a filter is kept (at most 4,096).
    const [a] = await sql(`SELECT a FROM (SELECT owner_address a, contract_type ct FROM raw_transactions WHERE contract_type IN (1, 2)
        UNION ALL SELECT to_address, contract_type FROM raw_transactions WHERE contract_type IN (1, 2) AND to_address <> owner_address)
      GROUP BY 1 HAVING count(*) BETWEEN 60 AND 3000 AND count(*) FILTER (WHERE ct = 1) >= 10 ORDER BY count(*) DESC, 1 LIMIT 1`);
    const addr = String(a!.a);
    const cases: [string, string][] = [
      ['limit=50', 'true'],
      ['limit=20&start=30', 'true'],
      ['name=trx&limit=50&start=10', 'contract_type = 1'],
      [`address=${addr}&limit=50`, `(owner_address = '${addr}' OR to_address = '${addr}')`],
      [`relatedAddress=${addr}&limit=20&start=20`, `(owner_address = '${addr}' OR to_address = '${addr}')`],
      [`address=${addr}&name=trx&limit=50`, `(owner_address = '${addr}' OR to_address = '${addr}') AND contract_type = 1`],
      [`address=${addr}&confirm=0&limit=50`, `(owner_address = '${addr}' OR to_address = '${addr}') AND block_number <= ${m.solidBlock}`],
    ];
    for (const [q, where] of cases) {
      const r = await get(`/api/asset/transfer?${q}`);
      // Only key files answer the rows (a kept filter reads the key in chunks: one entry each); TRX over the whole lake
      // is counted by the daily rollup.
      expect(String(r.headers['server-timing']).split(', ').every((t) => /^(keys\.(trx_transfers_by_block|address_trx_transfers)|token_asset-transfer\.rollup-total);dur=[\d.]+$/.test(t)), q).toBe(true);
      const limit = Number(/limit=(\d+)/.exec(q)![1]);
      const start = Number(/start=(\d+)/.exec(q)?.[1] ?? 0);
      const want = await sql(`SELECT tx_hash, CASE WHEN contract_type = 1 THEN '_' ELSE token_id END AS token, block_number <= ${m.solidBlock} AS confirmed
        ${BASE} AND ${where} ORDER BY timestamp DESC, block_number DESC, tx_index DESC LIMIT ${limit} OFFSET ${start}`);
      const [c] = await sql(`SELECT count(*) AS n ${BASE} AND ${where}`);
      expect(want.length, q).toBeGreaterThan(0);
      expect(r.body.rangeTotal, q).toBe(Number(c!.n));
      expect(r.body.Data.map((x: Item) => [x.transactionHash, x.tokenName, x.confirmed]), q).toEqual(want.map((w) => [w.tx_hash, w.token, w.confirmed]));
    }
    // A TRC10 token by name, an issuer, an amount threshold and a state over every transfer read the statements.
    for (const q of ['filterTokenValue=1', 'confirm=1', `name=${encodeURIComponent('nosuchtoken')}`]) {
      expect(String((await get(`/api/asset/transfer?${q}`)).headers['server-timing']), q).not.toContain('keys.');
    }
  });

  // Paging, limits, the sum rule and a 400 naming each malformed parameter: test/contract/endpoints.test.ts.
  it('an end before the start is a 400 on end_timestamp; no match 200 empty', async () => {
    expect((await get('/api/asset/transfer?start_timestamp=5&end_timestamp=4')).body.param).toBe('end_timestamp');
    const none = await get('/api/asset/transfer?name=nosuchtoken');
    expect(none.status).toBe(200);
    expect(none.body).toMatchObject({ total: 0, rangeTotal: 0, Data: [] });
  });
});
