/**
 * /api/account/tokens: an address's positions against independent ledgers over the raw tables (tokens/ledgers.ts)
 * and its newest account snapshot, with every filter and order.
 */
import { describe, expect, it } from 'vitest';
import { get, sql } from '../../helpers/lake.ts';
import { POSITIONS } from '../token/ledgers.ts';
import { lifetime, tokenBegan } from '../token/lifetime.ts';

const URL = '/api/account/tokens';
type Item = { tokenId: string; tokenType: string; balance: string; quantity: unknown; amount?: unknown; amountInUsd?: number; tokenPriceInTrx?: number };

async function positions(a: string): Promise<Map<string, string>> {
  const rows = await sql(`SELECT std, id, CAST(bal AS VARCHAR) b FROM (${POSITIONS}) WHERE h = '${a}'`);
  return new Map(rows.map((r) => [String(r.id), String(r.b)]));
}

/** The holder with the most positions (of several standards when the lake has them). */
async function richest(): Promise<string> {
  const [r] = await sql(`SELECT h FROM (${POSITIONS}) GROUP BY h ORDER BY count(DISTINCT std) DESC, count(*) DESC, h LIMIT 1`);
  return String(r!.h);
}

describe('GET /api/account/tokens', () => {
  it('show=3&hidden=1: the TRX row first, then exactly the positive positions of the independent ledgers', async () => {
    const a = await richest();
    const want = await positions(a);
    expect(want.size).toBeGreaterThan(0);
    const { status, body } = await get(`${URL}?address=${a}&show=3&hidden=1&limit=200`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ code: 200, status: '1', message: 'request ok' });
    expect(body.data[0].tokenId).toBe('_');
    const [snap] = await sql(`SELECT CAST(balance AS VARCHAR) b FROM snap_account_snapshots WHERE address = '${a}' ORDER BY as_of_block DESC LIMIT 1`);
    expect(body.data[0].balance).toBe(snap ? String(snap.b) : '0');
    expect(typeof body.data[0].quantity).toBe('string');
    const got = new Map((body.data.slice(1) as Item[]).map((t) => [t.tokenId, t.balance]));
    expect(got).toEqual(want);
    expect(body.total).toBe(want.size + 1);
    // Unit prices: each token's newest daily price (left out without one).
    const prices = new Map((await sql(`SELECT token_id, price_usd FROM rule_day_prices QUALIFY row_number() OVER (PARTITION BY token_id ORDER BY day_ts DESC) = 1`))
      .map((r) => [String(r.token_id), Number(r.price_usd)]));
    for (const t of body.data as (Item & { tokenPriceInUsd?: number })[]) expect(t.tokenPriceInUsd, t.tokenId).toBe(prices.get(t.tokenId));
  });

  it('nrOfTokenHolders, transferCount, project per token row (issue 27), rangeTotal beside total', async () => {
    const a = await richest();
    const { body } = await get(`${URL}?address=${a}&show=3&hidden=1&limit=200`);
    const ids = (body.data as Item[]).slice(1).map((t) => `'${t.tokenId}'`).join(', ');
    const holders = new Map((await sql(`SELECT id, count(*) AS n FROM (${POSITIONS}) WHERE id IN (${ids}) GROUP BY id`)).map((r) => [String(r.id), Number(r.n)]));
    const transfers = new Map((await sql(`
      SELECT contract_address AS id, count(*) AS n FROM raw_token_transfers WHERE contract_address IN (${ids}) GROUP BY 1
      UNION ALL SELECT token_id, count(*) FROM raw_transactions WHERE contract_type = 2 AND contract_ret = 'SUCCESS' AND token_id IN (${ids}) GROUP BY 1`))
      .map((r) => [String(r.id), Number(r.n)]));
    const projects = new Map((await sql(`SELECT token_id, coalesce(project_name, '') AS p FROM dim_tokens WHERE token_id IN (${ids})`)).map((r) => [String(r.token_id), String(r.p)]));
    expect(body.data.length).toBeGreaterThan(1);
    expect(body.data[0]).not.toHaveProperty('nrOfTokenHolders');
    const began = await tokenBegan();
    for (const t of body.data.slice(1) as (Item & { nrOfTokenHolders: number; transferCount: number; project: string })[]) {
      expect({ id: t.tokenId, holders: t.nrOfTokenHolders, transfers: t.transferCount, project: t.project })
        .toEqual({ id: t.tokenId, holders: holders.get(t.tokenId), transfers: lifetime(began(t.tokenId), transfers.get(t.tokenId) ?? 0), project: projects.get(t.tokenId) ?? '' });
    }
    expect(body.rangeTotal).toBe(body.total);
  });

  it('show selects the standards; token one token; sortType reverses; paging', async () => {
    const a = await richest();
    const [types] = await sql(`SELECT list(DISTINCT std) s FROM (${POSITIONS}) WHERE h = '${a}'`);
    const all = (await get(`${URL}?address=${a}&show=3&hidden=1&limit=200`)).body.data as Item[];
    const std = (t: Item) => (t.tokenId === '_' ? 'trx' : t.tokenType);
    for (const [show, stds] of [[0, ['trx', 'trc10', 'trc20']], [1, ['trc20']], [2, ['trc721']], [4, ['trc1155']]] as const) {
      const { body } = await get(`${URL}?address=${a}&show=${show}&hidden=1&limit=200`);
      expect(sortedIds(body.data), `show=${show}`).toEqual(sortedIds(all.filter((t) => (stds as readonly string[]).includes(std(t)))));
    }
    expect((types!.s as string[]).length).toBeGreaterThan(0);
    const one = all.find((t) => t.tokenId !== '_')!;
    const only = await get(`${URL}?address=${a}&show=3&hidden=1&token=${one.tokenId}`);
    expect(only.body.data.map((t: Item) => t.tokenId)).toEqual([one.tokenId]);
    // Quantity order both ways (sortBy=3): the token rows reversed, TRX first in both.
    const desc = (await get(`${URL}?address=${a}&show=3&hidden=1&limit=200&sortBy=3`)).body.data as Item[];
    const asc = (await get(`${URL}?address=${a}&show=3&hidden=1&limit=200&sortBy=3&sortType=1`)).body.data as Item[];
    expect(desc[0]!.tokenId).toBe('_');
    expect(asc[0]!.tokenId).toBe('_');
    const q = (t: Item) => Number(t.quantity);
    for (let i = 2; i < desc.length; i++) expect(q(desc[i - 1]!)).toBeGreaterThanOrEqual(q(desc[i]!));
    for (let i = 2; i < asc.length; i++) expect(q(asc[i - 1]!)).toBeLessThanOrEqual(q(asc[i]!));
    const p1 = (await get(`${URL}?address=${a}&show=3&hidden=1&sortBy=3&start=0&limit=2`)).body.data as Item[];
    const p2 = (await get(`${URL}?address=${a}&show=3&hidden=1&sortBy=3&start=2&limit=2`)).body.data as Item[];
    expect([...p1, ...p2].map((t) => t.tokenId)).toEqual(desc.slice(0, 4).map((t) => t.tokenId));
  });

  it('hidden=0 leaves out positions valued below 1 USD (priced ones only); an unknown address has a zero TRX row', async () => {
    const a = await richest();
    const all = (await get(`${URL}?address=${a}&show=3&hidden=1&limit=200`)).body.data as Item[];
    const shown = (await get(`${URL}?address=${a}&show=3&limit=200`)).body.data as Item[];
    expect(sortedIds(shown)).toEqual(sortedIds(all.filter((t) => t.tokenId === '_' || t.amountInUsd === undefined || t.amountInUsd >= 1)));
    const nobody = 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb';
    const z = await get(`${URL}?address=${nobody}&show=0`);
    expect(z.body.total).toBe(1);
    expect(z.body.data[0]).toMatchObject({ tokenId: '_', balance: '0', quantity: '0' });
    const bad = await get(`${URL}?address=${a}&show=9`);
    expect(bad.status).toBe(400);
    expect(bad.body.param).toBe('show');
  });
});

function sortedIds(xs: Item[]): string[] {
  return xs.map((t) => t.tokenId).sort();
}
