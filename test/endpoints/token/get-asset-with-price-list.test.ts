import { describe, expect, it } from 'vitest';
import { get, sql } from '../../helpers/lake.ts';

describe('GET /api/getAssetWithPriceList', () => {
  it('every priced token once, with its latest USD price; number = row count; no paging', async () => {
    const want = await sql(`SELECT p.token_id, arg_max(p.price_usd, p.day_ts) AS usd, any_value(t.token_standard) AS std
      FROM rule_day_prices p JOIN dim_tokens t ON t.token_id = p.token_id GROUP BY 1 ORDER BY 1`);
    const { status, body } = await get('/api/getAssetWithPriceList?start=5&limit=1');
    expect(status).toBe(200);
    expect(body.number).toBe(want.length);
    expect(body.data).toHaveLength(want.length);
    for (const w of want) {
      const x = body.data.find((d: { id: string }) => d.id === w.token_id);
      expect(x, String(w.token_id)).toBeDefined();
      expect(x.priceInUsd).toBeCloseTo(Number(w.usd), 12);
      expect(x.type).toBe(w.std);
      expect(typeof x.vip).toBe('boolean');
      expect(typeof x.id).toBe('string');
    }
  });
});
