import { describe, expect, it } from 'vitest';
import { get, sql } from '../../helpers/lake.ts';
import { parseCsv } from '../../helpers/csv.ts';
import { lifetime, tokenBegan } from './lifetime.ts';

interface T10 { id: number; name: string; ownerAddress: string; totalSupply: string; nrOfTokenHolders: number; totalTransactions: number }

describe('GET /api/token', () => {
  it('defaults: whitelisted TRC10 tokens by id, 10 per page; reference types', async () => {
    const want = await sql(`SELECT token_id FROM dim_tokens WHERE token_standard = 'trc10' AND list_status = 'whitelist' ORDER BY CAST(token_id AS BIGINT)`);
    const { status, body } = await get('/api/token');
    expect(status).toBe(200);
    expect(body.total).toBe(want.length);
    expect(body.data.map((t: T10) => String(t.id))).toEqual(want.slice(0, 10).map((r) => r.token_id));
    // A lake may whitelist no TRC10 token (ingested from a node): the types are checked on the first of all then.
    const x = body.data[0] ?? (await get('/api/token?showAll=1')).body.data[0];
    expect(typeof x.totalSupply).toBe('string');
    expect(typeof x.canShow).toBe('string');
    expect(typeof x.level).toBe('string');
    // Seconds (10 digits), or 0 where the lake does not know the creation time (a token seen by an ingest, not issued in it).
    if (x.dateCreated !== 0) expect(String(x.dateCreated)).toHaveLength(10);
  });

  it('id, id=0 / trx (TRX row), id_gt, owner, name; counters from type-2 transfers', async () => {
    const [t] = await sql(`SELECT k.token_id AS id, k.issuer_address AS o, k.name, count(x.tx_hash) AS n FROM dim_tokens k
      LEFT JOIN raw_transactions x ON x.token_id = k.token_id AND x.contract_type = 2 AND x.contract_ret = 'SUCCESS'
      WHERE k.token_standard = 'trc10' GROUP BY 1, 2, 3 ORDER BY 4 DESC LIMIT 1`);
    const one = (await get(`/api/token?id=${t!.id}&showAll=1`)).body;
    expect(one.total).toBe(1);
    expect(one.data[0]).toMatchObject({ id: Number(t!.id), ownerAddress: t!.o, totalTransactions: lifetime((await tokenBegan())(String(t!.id)), t!.n) });
    for (const alias of ['0', 'trx', '_']) expect((await get(`/api/token?id=${alias}`)).body.data[0]).toMatchObject({ id: 0, abbr: 'TRX' });
    const [gt] = await sql(`SELECT count(*) AS n FROM dim_tokens WHERE token_standard = 'trc10' AND CAST(token_id AS BIGINT) > ${t!.id}`);
    expect((await get(`/api/token?id_gt=${t!.id}&showAll=1`)).body.total).toBe(Number(gt!.n));
    // An owner with a known address (an ingested lake knows few issuers).
    const [o] = await sql(`SELECT issuer_address AS o FROM dim_tokens WHERE token_standard = 'trc10' AND issuer_address <> '' ORDER BY token_id = '${t!.id}' DESC, token_id LIMIT 1`);
    const [byOwner] = await sql(`SELECT count(*) AS n FROM dim_tokens WHERE token_standard = 'trc10' AND issuer_address = '${o!.o}'`);
    expect(Number(byOwner!.n)).toBeGreaterThan(0);
    expect((await get(`/api/token?owner=${o!.o}&showAll=1`)).body.total).toBe(Number(byOwner!.n));
    const word = String(t!.name).split(' ')[0]!.toUpperCase();
    const [byName] = await sql(`SELECT count(*) AS n FROM dim_tokens WHERE token_standard = 'trc10' AND (contains(lower(name), lower('${word}')) OR contains(lower(symbol), lower('${word}')))`);
    expect((await get(`/api/token?name=${word}&showAll=1`)).body.total).toBe(Number(byName!.n));
  });

  it('the TRX row counts the successful TRX transfers of the lake from genesis, else null (issues 16, 27)', async () => {
    const [c] = await sql(`SELECT count(*) AS n FROM raw_transactions WHERE contract_type = 1 AND contract_ret = 'SUCCESS'`);
    expect(Number(c!.n)).toBeGreaterThan(0);
    const want = lifetime((await tokenBegan())('_'), c!.n);
    for (const alias of ['0', 'trx']) expect((await get(`/api/token?id=${alias}`)).body.data[0].totalTransactions, alias).toBe(want);
    expect((await get('/api/token?id=0&fields=totalTransactions')).body.data).toEqual([{ totalTransactions: want }]);
  });

  it('showAll, totalAll, fields, order; paging; errors; no match', async () => {
    const [c] = await sql(`SELECT count(*) AS a, count(*) FILTER (WHERE list_status IS DISTINCT FROM 'blacklist') AS nb FROM dim_tokens WHERE token_standard = 'trc10'`);
    expect((await get('/api/token?showAll=1')).body.total).toBe(Number(c!.a));
    expect((await get('/api/token?showAll=2')).body.total).toBe(Number(c!.nb));
    const filtered = (await get('/api/token?totalAll=1')).body;
    expect(filtered.totalAll).toBe(Number(c!.a));
    expect((await get('/api/token')).body.totalAll).toBe(filtered.total);
    const f = (await get('/api/token?fields=id,name&showAll=1')).body.data;
    for (const x of f) expect(Object.keys(x).sort()).toEqual(['id', 'name']);
    const desc = (await get('/api/token?showAll=1&order=desc&limit=50')).body.data.map((x: T10) => x.id);
    expect(desc).toEqual([...desc].sort((a: number, b: number) => b - a));
    const a = (await get('/api/token?showAll=1&limit=3')).body.data.map((x: T10) => x.id);
    const b = (await get('/api/token?showAll=1&limit=3&start=3')).body.data.map((x: T10) => x.id);
    const both = (await get('/api/token?showAll=1&limit=6')).body.data.map((x: T10) => x.id);
    expect([...a, ...b]).toEqual(both);
    expect((await get('/api/token?id_gt=x')).body.param).toBe('id_gt');
    expect((await get('/api/token?owner=x')).body.param).toBe('owner');
    expect((await get('/api/token?showAll=9')).body.param).toBe('showAll');
    const none = await get('/api/token?id=999999999');
    expect(none.status).toBe(200);
    expect(none.body).toMatchObject({ total: 0, data: [] });
  });

  it('format=csv: every matching TRC10 token (no page, no window) in id order, counters from the raw tables; TRX is no row', async () => {
    const want = await sql(`SELECT k.token_id AS id, k.issuer_address AS o, count(x.tx_hash) AS n FROM dim_tokens k
      LEFT JOIN raw_transactions x ON x.token_id = k.token_id AND x.contract_type = 2 AND x.contract_ret = 'SUCCESS'
      WHERE k.token_standard = 'trc10' GROUP BY 1, 2 ORDER BY CAST(k.token_id AS BIGINT) DESC`);
    const r = await get('/api/token?showAll=1&order=desc&format=csv');
    expect(r.status).toBe(200);
    expect(String(r.headers['content-type'])).toMatch(/^text\/csv/);
    const [header, ...rows] = parseCsv(r.text);
    const col = (name: string) => header!.indexOf(name);
    expect(rows.map((x) => x[col('token_id')])).toEqual(want.map((w) => String(w.id)));
    expect(rows.map((x) => x[col('issuer_address')])).toEqual(want.map((w) => String(w.o)));
    expect(rows.map((x) => Number(x[col('transfer_count')]))).toEqual(want.map((w) => Number(w.n)));
    // The same filters as JSON: a page of CSV is the JSON page's tokens.
    const page = (await get('/api/token?showAll=1&limit=3&start=2')).body.data.map((t: T10) => String(t.id));
    expect(parseCsv((await get('/api/token?showAll=1&limit=3&start=2&format=csv')).text).slice(1).map((x) => x[0])).toEqual(page);
    // The TRX row is built by the service, not a token of the lake: its CSV has the header only (docs/compat.md).
    expect(parseCsv((await get('/api/token?id=0&format=csv')).text)).toEqual([header]);
  });
});
