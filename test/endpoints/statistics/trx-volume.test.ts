/**
 * /api/trx/volume and /api/trx/volume/sourceList (issue 33) against the raw data: the `sunswap` rows from the USDT/WTRX
 * pair's Swap logs decoded in the test (swaps.ts), the other sources from the price_candles reference file as it is.
 * Also dex_prices itself: its TRX day and hour rows and USDT's TRX price against the decoded trades, each dex_pools
 * token's day candles in TRX, and (generated lake) the generator's swap prices against token_prices' daily closes
 * within the stated tolerance (docs/generator.md "SunSwap V2 swaps"). The fake node's rich copies swap
 * once each in the USDT/WTRX pair: on the ingested lake `sunswap` has a row per day of them (no dex_pools tokens).
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/http/app.ts';
import { serveConfig } from '../../../src/config.ts';
import { endpoints } from '../../../src/endpoints/index.ts';
import { get, lakeDir, sql, testManifest } from '../../helpers/lake.ts';
import { csvRows } from './expected.ts';
import { candles, poolTrades, text18, USDT_WTRX_PAIR, usdtWtrxTrades, type Candle } from './swaps.ts';

const DAY = 86_400_000;
const USDT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const WTRX = 'TNUC9Qb1rRpS5CbWLmNMxXBjyFoydXjWFR';

/** The lake's dex_prices rows (Parquet read directly), or none when the lake has no file of it. */
async function dexRows(where: string): Promise<Record<string, unknown>[]> {
  const m = await testManifest();
  if (!(m.tables.dex_prices?.rows ?? 0)) return [];
  const glob = path.join(lakeDir(), 'versions', m.version, 'derived', 'dex_prices', '*', '*.parquet');
  return sql(`SELECT * FROM read_parquet('${glob}') WHERE ${where} ORDER BY "time"`);
}

/** TRX's USD candles of the non-chain sources (the reference file), newest first per source. */
async function referenceRows(): Promise<Record<string, unknown>[]> {
  return sql(`SELECT source, "time", open, high, low, close, volume, market_cap FROM ref_price_candles WHERE asset = '_' AND quote = 'USD' ORDER BY source, "time" DESC`);
}

const asRow = (c: Candle) => ({ time: c.time, open: c.open, high: c.high, low: c.low, close: c.close, volume: c.volume, market_cap: null, source: 'sunswap' });

describe('dex_prices (issue 33)', () => {
  it("TRX's day and hour candles in USD and USDT's close in TRX, from the decoded USDT/WTRX swaps", async () => {
    const trades = await usdtWtrxTrades();
    const m = await testManifest();
    // the generator writes USDT/WTRX swaps; the fake node's rich copies one a block
    if (m.source.kind === 'generate') expect(trades.length).toBeGreaterThan(100);
    else expect(trades.length, 'the fake node\'s rich copies swap once a block').toBeGreaterThan(0);
    for (const period of ['day', 'hour'] as const) {
      const want = candles(trades, period);
      const trx = await dexRows(`granularity = '${period}' AND asset = '_' AND pool = '${USDT_WTRX_PAIR}'`);
      expect(trx.map((r) => ({
        time: Number(r.time), open: r.open_usd, high: r.high_usd, low: r.low_usd, close: r.close_usd, vwap: r.vwap_usd, volume: r.volume_usd, trades: Number(r.trade_count),
      }))).toEqual(want.map(({ usdtClose: _u, ...c }) => c));
      expect(new Set(trx.map((r) => r.open_trx))).toEqual(new Set(trx.length ? ['1.000000000000000000'] : []));
      const usdt = await dexRows(`granularity = '${period}' AND asset = '${USDT}'`);
      expect(usdt.map((r) => [Number(r.time), r.close_trx])).toEqual(want.map((c) => [c.time, c.usdtClose]));
    }
  });

  it("each dex_pools token's day candles in TRX, from its decoded swaps in the pool's token order", async () => {
    const pools = await sql('SELECT pool, token0, token1, token0_decimals, token1_decimals FROM ref_dex_pools ORDER BY pool');
    const m = await testManifest();
    if (m.source.kind === 'generate') expect(pools.length).toBeGreaterThan(5);
    let priced = 0;
    for (const p of pools) {
      const wtrxFirst = p.token0 === WTRX;
      const decimals = Number(wtrxFirst ? p.token1_decimals : p.token0_decimals);
      const token = String(wtrxFirst ? p.token1 : p.token0);
      const trades = await poolTrades(String(p.pool), wtrxFirst);
      const days = new Map<number, typeof trades>();
      for (const t of trades) days.set(t.ts - (t.ts % DAY), [...(days.get(t.ts - (t.ts % DAY)) ?? []), t]);
      // TRX per whole token = (sun / 10^6) / (raw / 10^decimals), floor()ed to 18 places
      const price = (sun: bigint, raw: bigint) => (sun * 10n ** BigInt(decimals + 12)) / raw;
      const want = [...days].sort(([a], [b]) => a - b).map(([time, ts]) => ({
        time, open: text18(price(ts[0]!.wtrx, ts[0]!.usdt)), close: text18(price(ts.at(-1)!.wtrx, ts.at(-1)!.usdt)),
        vwap: text18(price(ts.reduce((a, t) => a + t.wtrx, 0n), ts.reduce((a, t) => a + t.usdt, 0n))), trades: ts.length,
      }));
      const got = await dexRows(`granularity = 'day' AND pool = '${String(p.pool)}' AND asset = '${token}'`);
      expect(got.map((r) => ({ time: Number(r.time), open: r.open_trx, close: r.close_trx, vwap: r.vwap_trx, trades: Number(r.trade_count) })), token).toEqual(want);
      priced += want.length;
    }
    if (m.source.kind === 'generate') expect(priced).toBeGreaterThan(100);
  });

  it("the generator's swaps walk through token_prices' closes: every trade within 1 % of the path, busy closes within 1.5 %", async () => {
    const m = await testManifest();
    if (m.source.kind !== 'generate') return; // no token_prices, no swaps: nothing to compare
    const ref = await sql('SELECT token_id, day_ts, price_usd, price_trx FROM dim_token_prices');
    const close = new Map(ref.map((r) => [`${String(r.token_id)}|${Number(r.day_ts)}`, r]));
    const pools = [
      { pool: USDT_WTRX_PAIR, token: USDT, wtrxFirst: true, decimals: 6 },
      ...(await sql('SELECT pool, token0, token0_decimals FROM ref_dex_pools')).map((p) => ({ pool: String(p.pool), token: String(p.token0), wtrxFirst: false, decimals: Number(p.token0_decimals) })),
    ];
    let checked = 0;
    for (const p of pools) {
      for (const t of await poolTrades(p.pool, p.wtrxFirst)) {
        const day = t.ts - (t.ts % DAY);
        const [prev, cur] = [close.get(`${p.token}|${day - DAY}`), close.get(`${p.token}|${day}`)];
        if (!prev || !cur) continue; // a token without token_prices, or the window's first day (its previous close lies before it)
        const f = (t.ts - day) / DAY;
        const path = Math.exp((1 - f) * Math.log(Number(prev.price_trx)) + f * Math.log(Number(cur.price_trx)));
        const traded = (Number(t.wtrx) / 1e6) / (Number(t.usdt) / 10 ** p.decimals);
        expect(Math.abs(traded / path - 1), `${p.token} ${t.block}`).toBeLessThan(0.01);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(1000);
    // the busy USDT/WTRX pool trades until minutes before midnight: its daily closes sit near token_prices' closes
    for (const d of candles(await usdtWtrxTrades(), 'day')) {
      expect(Math.abs(Number(d.close) / Number(close.get(`_|${d.time}`)!.price_usd) - 1), `TRX ${d.time}`).toBeLessThan(0.015);
      expect(Math.abs(Number(d.usdtClose) / Number(close.get(`${USDT}|${d.time}`)!.price_trx) - 1), `USDT ${d.time}`).toBeLessThan(0.015);
    }
  });
});

describe('GET /api/trx/volume', () => {
  it('the sunswap rows: the decoded swaps\' day candles, newest first, market cap null', async () => {
    const want = candles(await usdtWtrxTrades(), 'day').reverse().map(asRow);
    const r = await get('/api/trx/volume?source=sunswap&limit=1000');
    expect(r.status).toBe(200);
    if (!want.length) {
      // a lake without swaps: the chain's source answers empty, correctly shaped
      expect(r.body).toMatchObject({ total: 0, data: [], trx_price_change_ratio: null, trx_market_cap_change_ratio: null });
      return;
    }
    expect(r.body).toMatchObject({ code: 200, status: '1', total: want.length });
    expect(r.body.data).toEqual(want);
    expect(r.body.trx_market_cap_change_ratio).toBeNull();
    // the change between the two newest days, rounded once to 6 places (half up) from the exact closes
    const [a, b] = [want[0]!.close, want[1]!.close].map((t) => BigInt(t.replace('.', '')));
    const q = ((a! - b!) * 10n ** 6n * 2n) / b!;
    const ratio = (q >= 0n ? (q + 1n) / 2n : -((-q + 1n) / 2n));
    expect(r.body.trx_price_change_ratio).toBe(`${ratio < 0n ? '-' : ''}${(ratio < 0n ? -ratio : ratio) / 1_000_000n}.${((ratio < 0n ? -ratio : ratio) % 1_000_000n).toString().padStart(6, '0')}`);
  });

  it("each reference source's rows as the price_candles file holds them; the default source and paging", async () => {
    const ref = await referenceRows();
    const sources = [...new Set(ref.map((r) => String(r.source)))];
    for (const source of sources) {
      const want = ref.filter((r) => r.source === source).map((r) => ({
        time: Number(r.time), open: r.open, high: r.high, low: r.low, close: r.close, volume: r.volume ?? null, market_cap: r.market_cap ?? null, source,
      }));
      const r = await get(`/api/trx/volume?source=${source}&limit=1000`);
      expect(r.body.data).toEqual(want);
      expect(r.body.total).toBe(want.length);
    }
    // default source: the first reference source by name, else sunswap; default page: start 0, limit 10
    const all = sources.length ? ref.filter((r) => r.source === sources.sort()[0]).map((r) => Number(r.time)) : candles(await usdtWtrxTrades(), 'day').reverse().map((c) => c.time);
    const d = await get('/api/trx/volume');
    expect(d.status).toBe(200);
    expect(d.body.total).toBe(all.length);
    expect(d.body.data.map((x: { time: number }) => x.time)).toEqual(all.slice(0, 10));
    // start alone, limit alone
    expect((await get('/api/trx/volume?start=3')).body.data.map((x: { time: number }) => x.time)).toEqual(all.slice(3, 13));
    expect((await get('/api/trx/volume?limit=4')).body.data.map((x: { time: number }) => x.time)).toEqual(all.slice(0, 4));
    expect((await get('/api/trx/volume?start=2&limit=3')).body.data.map((x: { time: number }) => x.time)).toEqual(all.slice(2, 5));
    expect((await get(`/api/trx/volume?start=${all.length + 5}`)).body).toMatchObject({ total: all.length, data: [] });
    // time bounds alone and together, inclusive, on the day's start
    if (all.length >= 6) {
      const [hi, lo] = [all[1]!, all[4]!];
      const byStart = (await get(`/api/trx/volume?start_timestamp=${lo}&limit=1000`)).body;
      expect(byStart.data.map((x: { time: number }) => x.time)).toEqual(all.filter((t) => t >= lo));
      const byEnd = (await get(`/api/trx/volume?end_timestamp=${hi}&limit=1000`)).body;
      expect(byEnd.data.map((x: { time: number }) => x.time)).toEqual(all.filter((t) => t <= hi));
      expect(byEnd.total).toBe(all.filter((t) => t <= hi).length);
      const both = (await get(`/api/trx/volume?start_timestamp=${lo + 1}&end_timestamp=${hi}&limit=1000`)).body;
      expect(both.data.map((x: { time: number }) => x.time)).toEqual(all.filter((t) => t > lo && t <= hi));
    }
  });

  it('the serve setting --price-source / TRONLAKE_PRICE_SOURCE names the default source', async () => {
    expect(serveConfig({ 'price-source': 'sunswap' }, {}).priceSource).toBe('sunswap');
    expect(serveConfig({}, { TRONLAKE_PRICE_SOURCE: 'coinmarketcap' }).priceSource).toBe('coinmarketcap');
    expect(serveConfig({}, {}).priceSource).toBeUndefined();
    const app = await buildApp({ dataDir: lakeDir(), endpoints, cacheBytes: 0, priceSource: 'sunswap' });
    try {
      const r = await app.inject({ url: '/api/trx/volume?limit=1000' });
      expect(r.statusCode).toBe(200);
      expect(JSON.parse(r.body).data).toEqual(candles(await usdtWtrxTrades(), 'day').reverse().map(asRow));
    } finally {
      await app.close();
    }
  });

  it('downloads the same rows as CSV', async () => {
    const json = (await get('/api/trx/volume?limit=5')).body;
    const csv = csvRows((await get('/api/trx/volume?limit=5&format=csv')).text);
    expect(csv.header).toEqual(['time', 'open', 'high', 'low', 'close', 'volume', 'market_cap', 'source']);
    expect(csv.rows.map((r) => [Number(r[0]), r[4], r[7]])).toEqual(json.data.map((x: { time: number; close: string; source: string }) => [x.time, x.close, x.source]));
  });

  it('400 naming the parameter: an unknown source, a bad bound, end before start, a negative limit, start past the window', async () => {
    for (const [q, param] of [
      ['source=coingecko-nope', 'source'],
      ['start_timestamp=abc', 'start_timestamp'],
      ['end_timestamp=-5', 'end_timestamp'],
      [`start_timestamp=${2 * DAY}&end_timestamp=${DAY}`, 'end_timestamp'],
      ['limit=-1', 'limit'],
      ['start=10000', 'start'],
    ] as const) {
      const r = await get(`/api/trx/volume?${q}`);
      expect(r.status, q).toBe(400);
      expect(JSON.stringify(r.body), q).toContain(param);
    }
    expect((await get('/api/trx/volume?source=coingecko-nope&format=csv')).status).toBe(400);
  });
});

describe('GET /api/trx/volume/sourceList', () => {
  it("the reference's sources and sunswap where the lake has swaps, by name, with their days", async () => {
    const ref = await referenceRows();
    const days = candles(await usdtWtrxTrades(), 'day');
    const want = new Map<string, number[]>();
    for (const r of ref) want.set(String(r.source), [...(want.get(String(r.source)) ?? []), Number(r.time)]);
    if (days.length) want.set('sunswap', days.map((c) => c.time));
    const r = await get('/api/trx/volume/sourceList');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      total: want.size,
      data: [...want].sort(([a], [b]) => (a < b ? -1 : 1)).map(([source, t]) => ({ source, days: t.length, first_time: Math.min(...t), last_time: Math.max(...t) })),
    });
  });
});

