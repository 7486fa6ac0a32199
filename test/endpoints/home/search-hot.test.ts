/**
 * /api/search/hot and /api/search/bar against the hot rule computed over the raw tables: holders from the independent
 * ledgers (test/endpoints/token/ledgers.ts), transfers in the 24 h before the head from raw_token_transfers (TRC20) and
 * successful TRC10 transfers of raw_transactions, contract calls over the last 7 UTC days from raw_transactions;
 * ranked by exact cross-multiplication (no double in the order).
 */
import { describe, expect, it } from 'vitest';
import { get, sql } from '../../helpers/lake.ts';
import { POSITIONS } from '../token/ledgers.ts';

interface Tok { token_id: string; token_standard: string; name: string; symbol: string; vip: boolean; logo_url: string; holders: bigint; tr: bigint }

async function expectedTokens() {
  const rows = await sql(`
    WITH h AS (SELECT std, id, count(*) AS holders FROM (${POSITIONS}) WHERE std IN ('trc10', 'trc20') GROUP BY ALL),
    head AS (SELECT max("timestamp") AS ts FROM raw_blocks),
    t20 AS (SELECT contract_address AS id, count(*) AS n FROM raw_token_transfers WHERE "timestamp" > (SELECT ts FROM head) - 86400000 GROUP BY 1),
    t10 AS (SELECT token_id AS id, count(*) AS n FROM raw_transactions
            WHERE contract_type = 2 AND contract_ret = 'SUCCESS' AND token_id IS NOT NULL AND "timestamp" > (SELECT ts FROM head) - 86400000 GROUP BY 1)
    SELECT d.token_id, d.token_standard, d.name, d.symbol, d.vip, d.logo_url, CAST(coalesce(h.holders, 0) AS VARCHAR) AS holders,
           CAST(coalesce(CASE WHEN d.token_standard = 'trc20' THEN t20.n ELSE t10.n END, 0) AS VARCHAR) AS tr
    FROM dim_tokens d
    LEFT JOIN h ON h.std = d.token_standard AND h.id = d.token_id
    LEFT JOIN t20 ON t20.id = d.token_id LEFT JOIN t10 ON t10.id = d.token_id
    WHERE d.token_standard IN ('trc10', 'trc20') AND d.can_show = 1`);
  const toks: Tok[] = rows.map((r) => ({ ...(r as any), holders: BigInt(String(r.holders)), tr: BigInt(String(r.tr)) }));
  const H = toks.reduce((a, t) => a + t.holders, 0n);
  const T = toks.reduce((a, t) => a + t.tr, 0n);
  const key = (t: Tok) => t.tr * (H > 0n ? H : 1n) + t.holders * (T > 0n ? T : 1n);
  toks.sort((a, b) => (key(b) > key(a) ? 1 : key(b) < key(a) ? -1 : a.token_id < b.token_id ? -1 : a.token_id > b.token_id ? 1 : a.token_standard < b.token_standard ? -1 : 1));
  const score = (t: Tok) => Math.round(((T > 0n ? (50 * Number(t.tr)) / Number(T) : 0) + (H > 0n ? (50 * Number(t.holders)) / Number(H) : 0)) * 1e6) / 1e6;
  return { top: toks.slice(0, 10), H: Number(H), T: Number(T), score };
}

describe('GET /api/search/hot', () => {
  it('hot tokens: transfers in the last 24 h and holders, half each; the weights carry the sums', async () => {
    const { top, H, T, score } = await expectedTokens();
    const r = await get('/api/search/hot');
    expect(r.status).toBe(200);
    expect(r.body.hot_tokens.map((t: any) => ({ id: t.id, type: t.type, vip_token: t.vip_token, icon: t.icon, name: t.name, abbr: t.abbr, holders: t.holders, transfer24h: t.transfer24h, totalScore: t.totalScore }))).toEqual(
      top.map((t) => ({ id: t.token_id, type: t.token_standard === 'trc20' ? '20' : '10', vip_token: t.vip, icon: t.logo_url, name: t.name, abbr: t.symbol, holders: Number(t.holders), transfer24h: Number(t.tr), totalScore: score(t) })),
    );
    expect(r.body.hot_sum_all).toMatchObject({ holder: H, holderScore: 50, transfer: T, transferScore: 50, click: 0, clickScore: 0, search: 0, searchScore: 0, totalScore: 100, activeAddress: null, justswapLiquidity: null });
  });

  it('hot contracts: calls over the last 7 UTC days up to the head, by count then address', async () => {
    const rows = await sql(`
      WITH head AS (SELECT strftime(epoch_ms(max("timestamp")), '%Y-%m-%d')::DATE - 6 AS since FROM raw_blocks),
      calls AS (SELECT contract_address, count(*) AS n FROM raw_transactions
                WHERE contract_type = 31 AND contract_address IS NOT NULL AND epoch_ms("timestamp")::DATE >= (SELECT since FROM head) GROUP BY 1)
      SELECT c.contract_address, CAST(c.n AS VARCHAR) AS n, coalesce(d.name, '') AS name, coalesce(d.tag, '') AS tag, CAST(sum(c.n) OVER () AS VARCHAR) AS total
      FROM calls c LEFT JOIN dim_contracts d ON d.address = c.contract_address
      ORDER BY c.n DESC, c.contract_address LIMIT 10`);
    const total = Number(rows[0]?.total ?? 0);
    const r = await get('/api/search/hot');
    expect(r.body.hot_contracts).toEqual(
      rows.map((c) => ({ contract_address: c.contract_address, name: c.name, tag: c.tag, triggers: Number(c.n), totalScore: Math.round(((100 * Number(c.n)) / total) * 1e6) / 1e6 })),
    );
    expect(r.body.hot_c_sum_all).toMatchObject({ trigger: total, triggerScore: 100, totalScore: 100, click: 0, search: 0, caller: null, verified: null });
  });
});

describe('GET /api/search/bar', () => {
  it('a bare array of the hot tokens, type an int', async () => {
    const { top } = await expectedTokens();
    const r = await get('/api/search/bar');
    expect(r.status).toBe(200);
    expect(r.body).toEqual(top.map((t) => ({ token_id: t.token_id, vip_token: t.vip, name: t.name, icon: t.logo_url, type: t.token_standard === 'trc20' ? 20 : 10, abbr: t.symbol })));
  });
});
