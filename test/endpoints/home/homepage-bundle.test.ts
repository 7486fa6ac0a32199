/**
 * /api/system/homepage-bundle: each section is its endpoint's own answer with its defaults (those endpoints are tested
 * against the raw tables in their own files); yesterdayStat's transactions are counted here from raw_transactions, the
 * tickers read from the raw price_candles reference.
 */
import { describe, expect, it } from 'vitest';
import { get, sql } from '../../helpers/lake.ts';

describe('GET /api/system/homepage-bundle', () => {
  it('every section is the answer of its endpoint', async () => {
    const r = await get('/api/system/homepage-bundle');
    expect(r.status).toBe(200);
    expect(r.body.tps).toEqual((await get('/api/system/tps')).body);
    const node = (await get('/api/nodemap')).body;
    expect(r.body.node).toEqual({ total: node.total, code: 0 });
    expect(r.body.statsOverview).toEqual((await get('/api/stats/overview')).body);
    expect(r.body.freezeResource).toEqual((await get('/api/freezeresource')).body);
    expect(r.body.stableCoin).toEqual((await get('/api/stableCoin/overview')).body);
  });

  it("yesterdayStat is the overview row of the day before the head's, its transactions counted from the raw table", async () => {
    const [d] = await sql(`
      SELECT strftime(epoch_ms(max("timestamp")) - INTERVAL 1 DAY, '%Y-%m-%d') AS day FROM raw_blocks`);
    const [n] = await sql(`SELECT count(*) AS n FROM raw_transactions WHERE strftime(epoch_ms("timestamp"), '%Y-%m-%d') = '${d!.day}'`);
    const r = await get('/api/system/homepage-bundle');
    const rows = r.body.yesterdayStat.data as any[];
    if (Number(n!.n) === 0) {
      // A day without a transaction may be a day outside the lake (the ingested lake's blocks are hours apart).
      expect(rows.every((x) => Number(x.newTransactionSeen) === 0)).toBe(true);
      return;
    }
    expect(rows.length).toBe(1);
    expect(rows[0].dateDayStr).toBe(d!.day);
    expect(Number(rows[0].newTransactionSeen)).toBe(Number(n!.n));
    expect(rows[0]).toEqual(r.body.statsOverview.data.find((x: any) => x.dateDayStr === d!.day));
  });

  it("the TRX tickers: the latest EUR / ETH close of price_candles (first source by name), null when none", async () => {
    const latest = async (quote: string) =>
      (await sql(`
        SELECT "time", arg_min(close, source) AS close FROM ref_price_candles WHERE asset = '_' AND quote = '${quote}'
        GROUP BY "time" ORDER BY "time" DESC LIMIT 1`))[0];
    const usd = await latest('USD');
    const r = await get('/api/system/homepage-bundle');
    for (const [quote, key] of [['EUR', 'priceEUR'], ['ETH', 'priceETH']] as const) {
      const c = await latest(quote);
      if (!c) {
        expect(r.body[key], key).toBeNull();
        continue;
      }
      expect(r.body[key]).toEqual([
        { id: 'tron', name: 'TRON', symbol: 'TRX', price_usd: usd ? String(usd.close) : null, [`price_${quote.toLowerCase()}`]: String(c.close), last_updated: String(Math.floor(Number(c.time) / 1000)) },
      ]);
    }
  });
});
