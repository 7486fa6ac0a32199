/**
 * Issue 34: /api/stableCoin/pool/change. One point per lake day for a whitelisted pool: each token's liquidity = the
 * anchored ledger at the end of the day (plain SQL over the raw tables, defi-expected.ts), tvl = Σ balance × that
 * day's price (exact fractions, rounded half up once), the token keys; `pool is required`; a pool off the whitelist
 * answers no points; a malformed address is a 400.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { get, sql } from '../../helpers/lake.ts';
import { add, balanceAt, priceOn, round6, value, whitelist, type Frac } from './defi-expected.ts';

let pools: Awaited<ReturnType<typeof whitelist>>;
let days: string[];
beforeAll(async () => {
  pools = await whitelist();
  days = (await sql(`SELECT DISTINCT strftime(epoch_ms("timestamp"), '%Y-%m-%d') AS d FROM raw_blocks ORDER BY 1`)).map((r) => String(r.d));
});

describe('/api/stableCoin/pool/change', () => {
  it("a whitelisted pool: a point per lake day with each token's end-of-day balance and the day's TVL", async () => {
    for (const [addr, p] of pools) {
      const { status, body } = await get(`/api/stableCoin/pool/change?pool=${addr}`);
      expect(status).toBe(200);
      expect(body.count).toBe(days.length);
      expect(body.data.map((x: any) => new Date(x.timestamp).toISOString().slice(0, 10))).toEqual(days);
      for (const t of p.tokens) expect(typeof body[t].tokenDecimal).toBe('number');
      // the first, a middle and the last day, to the last digit
      for (const i of [0, Math.floor(days.length / 2), days.length - 1]) {
        const day = days[i]!;
        const pt = body.data[i];
        let tvl: Frac | undefined = { n: 0n, d: 1n };
        for (const [j, token] of p.tokens.entries()) {
          expect(pt.tokens[j].tokenId).toBe(token);
          if (token === '_') { tvl = undefined; continue; }
          const bal = await balanceAt(addr, token, day);
          expect(`${addr} ${token} ${day} ${pt.tokens[j].liquidity}`).toBe(`${addr} ${token} ${day} ${bal}`);
          if (bal === 0n || tvl === undefined) continue;
          const price = await priceOn(token, day);
          tvl = price === undefined ? undefined : add(tvl, value(bal, p.decimals[j]!, price));
        }
        expect(pt.tvl, `${addr} ${day}`).toBe(tvl === undefined ? undefined : round6(tvl));
      }
    }
  });

  it('pool is required; a pool off the whitelist has no points; a bad address is a 400', async () => {
    const none = await get('/api/stableCoin/pool/change');
    expect([none.status, none.body.message]).toEqual([400, 'pool is required']);
    expect((await get('/api/stableCoin/pool/change?pool=TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).body).toEqual({ count: 0, data: [] });
    expect((await get('/api/stableCoin/pool/change?pool=Tbad')).status).toBe(400);
  });
});
