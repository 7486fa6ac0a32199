/**
 * Issue 34: daily_contract_balances and daily_pool_flows against plain SQL over the raw tables (defi-expected.ts), and
 * /api/stableCoin/tvl, /pool/info, /pool/overview: each stablecoin pool's tokens and balances, its TVL = Σ balance ×
 * the head day's price (exact fractions here, rounded half up once), the `token` filter, `{}` for a pool off the
 * whitelist, and the 400s.
 */
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { get, lakeDir, sql, testManifest } from '../../helpers/lake.ts';
import { STABLECOIN_CONTRACTS } from '../../../src/chain/stablecoins.ts';
import { add, balanceAt, dailyMoves, headDay, holdings, priceOn, round6, value, whitelist, type Frac, type Holding } from './defi-expected.ts';

const STABLES = new Set(STABLECOIN_CONTRACTS.map((c) => c.address));

async function derived(name: string): Promise<Record<string, unknown>[]> {
  const m = await testManifest();
  if (!((m.tables[name]?.rows ?? 0) > 0)) return [];
  return sql(`SELECT * FROM read_parquet('${path.join(lakeDir(), 'versions', m.version)}/derived/${name}/*/*.parquet', hive_partitioning = true)`);
}

let held: Holding[];
let head: string;
beforeAll(async () => {
  held = await holdings();
  head = await headDay();
});

describe('daily_contract_balances', () => {
  it("each row's in and out are the day's raw moves, and its balance the anchored ledger at the end of the day", async () => {
    const rows = await derived('daily_contract_balances');
    const moves = await dailyMoves();
    for (const r of rows) {
      const k = `${r.contract_address}|${r.token_address}|${r.day}`;
      expect({ k, in: String(r.in_raw), out: String(r.out_raw) }).toEqual({ k, in: String(moves.get(k)?.in ?? 0n), out: String(moves.get(k)?.out ?? 0n) });
    }
    // every day with a move has its row
    const keys = new Set(rows.map((r) => `${r.contract_address}|${r.token_address}|${r.day}`));
    for (const k of moves.keys()) expect(keys.has(k), k).toBe(true);
    // the balances of the latest row of each pair, and of a sample of earlier rows, to the last digit
    const latest = new Map<string, Record<string, unknown>>();
    for (const r of rows) {
      const k = `${r.contract_address}|${r.token_address}`;
      if (!latest.has(k) || String(latest.get(k)!.day) < String(r.day)) latest.set(k, r);
    }
    const sample = [...latest.values(), ...rows.filter((_, i) => i % 37 === 0)];
    for (const r of sample) {
      const want = await balanceAt(String(r.contract_address), String(r.token_address), String(r.day));
      expect(`${r.contract_address}|${r.token_address}|${r.day}: ${r.balance_raw}`).toBe(`${r.contract_address}|${r.token_address}|${r.day}: ${want}`);
    }
  });

  it('covers every project contract token that moved', async () => {
    const rows = await derived('daily_contract_balances');
    const pairs = new Set(rows.map((r) => `${r.contract_address}|${r.token_address}`));
    const moves = await dailyMoves();
    for (const k of moves.keys()) expect(pairs.has(k.split('|').slice(0, 2).join('|')), k).toBe(true);
    for (const r of rows) expect(held.some((h) => h.contract === r.contract_address && h.token === r.token_address)).toBe(true);
  });
});

describe('daily_pool_flows', () => {
  it('per pool, token and day: swaps in and out, liquidity added and removed, trades, from the raw pool events', async () => {
    const rows = await derived('daily_pool_flows');
    const want = await sql(`SELECT strftime(epoch_ms("timestamp"), '%Y-%m-%d') AS day, pool_address, token_address,
        CAST(sum(CASE WHEN action = 'swap' AND direction = 'in' THEN CAST(amount_raw AS HUGEINT) ELSE 0 END) AS VARCHAR) AS swap_in,
        CAST(sum(CASE WHEN action = 'swap' AND direction = 'out' THEN CAST(amount_raw AS HUGEINT) ELSE 0 END) AS VARCHAR) AS swap_out,
        CAST(sum(CASE WHEN action = 'add_liquidity' THEN CAST(amount_raw AS HUGEINT) ELSE 0 END) AS VARCHAR) AS liquidity_added,
        CAST(sum(CASE WHEN action = 'remove_liquidity' THEN CAST(amount_raw AS HUGEINT) ELSE 0 END) AS VARCHAR) AS liquidity_removed,
        count(DISTINCT tx_hash || ':' || log_index) FILTER (WHERE action = 'swap') AS trade_count
      FROM raw_dex_pool_events WHERE direction IN ('in', 'out') GROUP BY ALL ORDER BY 1, 2, 3`);
    const got = rows.map((r) => ({
      day: String(r.day), pool_address: r.pool_address, token_address: r.token_address, swap_in: String(r.swap_in), swap_out: String(r.swap_out),
      liquidity_added: String(r.liquidity_added), liquidity_removed: String(r.liquidity_removed), trade_count: Number(r.trade_count),
    })).sort((a, b) => a.day.localeCompare(b.day) || String(a.pool_address).localeCompare(String(b.pool_address)) || String(a.token_address).localeCompare(String(b.token_address)));
    expect(got).toEqual(want.map((r) => ({ ...r, trade_count: Number(r.trade_count) })));
  });
});

describe('/api/stableCoin/tvl', () => {
  it("lists every whitelisted pool under its venue, each token's balance at the head and TVL = Σ balance × the day's price", async () => {
    const { status, body } = await get('/api/stableCoin/tvl');
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(['sun', 'sunswapv1', 'sunswapv2']);
    const wl = await whitelist();
    const venueKey: Record<string, string> = { sunswap_v1: 'sunswapv1', sunswap_v2: 'sunswapv2', sun_stableswap: 'sun' };
    const listed = [...body.sunswapv1, ...body.sunswapv2, ...body.sun].map((p: any) => p.poolAddress).sort();
    expect(listed).toEqual([...wl].filter(([, p]) => venueKey[p.venue]).map(([a]) => a).sort());
    for (const [addr, p] of wl) {
      if (!venueKey[p.venue]) continue;
      const got = body[venueKey[p.venue]!].find((x: any) => x.poolAddress === addr);
      expect(got.tokens.map((t: any) => t.tokenId)).toEqual(p.tokens);
      let tvl: Frac | undefined = { n: 0n, d: 1n };
      for (const [i, token] of p.tokens.entries()) {
        if (token === '_') { tvl = undefined; continue; }
        const bal = await balanceAt(addr, token, head);
        expect(got.tokens[i].liquidity, `${addr} ${token}`).toBe(bal.toString());
        const price = await priceOn(token, head);
        if (bal === 0n || tvl === undefined) continue;
        tvl = price === undefined ? undefined : add(tvl, value(bal, p.decimals[i]!, price));
      }
      expect(got.tvl, addr).toBe(tvl === undefined ? undefined : round6(tvl));
    }
  });

  it('keeps the pools holding `token`; a token that is no stablecoin is a 400', async () => {
    for (const c of STABLECOIN_CONTRACTS) {
      const { status, body } = await get(`/api/stableCoin/tvl?token=${c.address}`);
      expect(status).toBe(200);
      for (const p of [...body.sunswapv1, ...body.sunswapv2, ...body.sun]) expect(p.tokens.map((t: any) => t.tokenId)).toContain(c.address);
    }
    expect((await get('/api/stableCoin/tvl?token=TNUC9Qb1rRpS5CbWLmNMxXBjyFoydXjWFR')).status).toBe(400);
    expect((await get('/api/stableCoin/tvl?token=nope')).status).toBe(400);
  });
});
