import { describe, expect, it } from 'vitest';
import { get, sql } from '../../helpers/lake.ts';

describe('GET /api/token/price', () => {
  it('defaults to trx: strings for prices, latest day of the price rule, 24 h change against the day before', async () => {
    const [a, b] = await sql(`SELECT price_usd, day_ts FROM rule_day_prices WHERE token_id = '_' ORDER BY day_ts DESC LIMIT 2`);
    const { status, body } = await get('/api/token/price');
    expect(status).toBe(200);
    if (!a || !b) {
      // A lake without two days of TRX prices by the rule answers the unpriced shape.
      expect(body).toEqual({});
      return;
    }
    expect(body.token).toBe('trx');
    expect(body.price_in_trx).toBe('1.000000000000000000');
    expect(Number(body.price_in_usd)).toBeCloseTo(Number(a!.price_usd), 12);
    expect(Number(body.percent_change_24h)).toBeCloseTo(((Number(a!.price_usd) - Number(b!.price_usd)) / Number(b!.price_usd)) * 100, 5);
    expect(body.time).toBe(Number(a!.day_ts));
    for (const k of ['price_in_usd', 'percent_change_24h', 'volume_percent_change_24h', 'market_cap_percent_change_24h', 'market_cap', 'volume_24h', 'from']) {
      expect(typeof body[k], k).toBe('string');
    }
    expect(typeof body.rank).toBe('number');
    for (const alias of ['TRX', '_', '0']) expect((await get(`/api/token/price?token=${alias}`)).body).toEqual(body);
  });

  it('a token by abbreviation (case-insensitive) or id; its TRX price is USD / TRX USD of the day', async () => {
    const [p] = await sql(`SELECT p.token_id, t.symbol, p.price_usd, x.price_usd AS trx_usd FROM rule_day_prices p
      JOIN dim_tokens t ON t.token_id = p.token_id JOIN rule_day_prices x ON x.token_id = '_' AND x.day_ts = p.day_ts
      WHERE t.symbol = 'USDT' ORDER BY p.day_ts DESC LIMIT 1`);
    const r = await get('/api/token/price?token=usdt');
    if (!p) {
      expect(r.body).toEqual({});
      return;
    }
    expect(r.body.token).toBe('USDT');
    expect(Number(r.body.price_in_usd)).toBeCloseTo(Number(p!.price_usd), 12);
    expect(Number(r.body.price_in_trx)).toBeCloseTo(Number(p!.price_usd) / Number(p!.trx_usd), 9);
    expect((await get(`/api/token/price?token=${p!.token_id}`)).body).toEqual(r.body);
  });

  it('an unknown or unpriced token answers an empty object', async () => {
    const r = await get('/api/token/price?token=NOPE');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({});
  });
});
