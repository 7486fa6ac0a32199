/**
 * /api/tokenTvc (issue 33): market cap = exact supply × USD price over the tokens with both. Expected values here:
 * the supply from the tests' own ledger over the raw tables (SUPPLY_LEDGER, not token_stats), the USD price of each token and day by
 * the documented rule written again in plain SQL over the raw files (token_prices' close as its shortest text, else
 * price_candles' USD close, first source by name, else the chain's close decoded from the raw Swap logs:
 * `rule_day_prices`, test/helpers/lake.ts and chain-prices.ts), and the products in BigInt, floor()ed to 6 places. The
 * ingested lake has no feed: its USDT is priced by the fake node's USDT/WTRX swaps.
 */
import { describe, expect, it } from 'vitest';
import { get, sql, testManifest } from '../../helpers/lake.ts';
import { SUPPLY_LEDGER } from '../token/supply-ledger.ts';

const DAY = 86_400_000;
const USDT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const STABLES = new Set([USDT, 'TEkxiTehnzSmSe2XqrBj4w32RUN966rdz8', 'TXDk8mbtRbXeYuMNS83CfKPaYYT8XWv9Hz', 'TPYmHEhy5n8TCEfYGqW2rPxsghSfzghPDn', 'TMwFHYXLJaRUPeW6421aqXL4ZEzPRFGkGT', 'TUpMhErZL2fhh4sVNULAbNKLokS4GjC1F4']);
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** A decimal text (maybe with an exponent) as units of 10^-18, cut past the 18th place. */
function units18(text: string): bigint {
  const [mant = '', exp = '0'] = text.toLowerCase().split('e');
  const [i = '0', f = ''] = mant.split('.');
  const shift = 18 + Number(exp) - f.length;
  const digits = BigInt(`${i}${f}`);
  return shift >= 0 ? digits * 10n ** BigInt(shift) : digits / 10n ** BigInt(-shift);
}

/** '1234.5' from 1234500000n micro-USD, trailing zeros dropped (the JSON number's digits). */
const usdText = (micro: bigint) => {
  const s = `${micro / 1_000_000n}.${(micro % 1_000_000n).toString().padStart(6, '0')}`.replace(/\.?0+$/, '');
  return s === '' ? '0' : s;
};

interface Priced { token: string; day: string; price: string }

/** Every (token, day) USD price by the rule, TRX left out (rule_day_prices: test/helpers/lake.ts, from the inputs and the raw swaps). */
async function prices(): Promise<Priced[]> {
  const rows = await sql(`SELECT token_id AS token, day, price_usd AS price FROM rule_day_prices WHERE token_id <> '_' AND price_usd IS NOT NULL`);
  return rows.map((r) => ({ token: String(r.token), day: String(r.day), price: String(r.price) }));
}

/** Every token's exact supply by the tests' own ledger over the raw tables (test/endpoints/token/supply-ledger.ts). */
async function supplies(): Promise<Map<string, { raw: bigint; decimals: number; symbol: string; standard: string }>> {
  const rows = await sql(`SELECT s.token_id, s.supply AS supply_raw, t.decimals, t.symbol, t.token_standard FROM (${SUPPLY_LEDGER}) s
    JOIN dim_tokens t ON t.token_id = s.token_id AND t.token_standard = s.token_standard WHERE s.supply IS NOT NULL`);
  return new Map(rows.map((r) => [String(r.token_id), { raw: BigInt(String(r.supply_raw)), decimals: Number(r.decimals), symbol: String(r.symbol), standard: String(r.token_standard) }]));
}

const cap = (raw: bigint, decimals: number, price: string) => (raw * units18(price)) / 10n ** BigInt(decimals + 12);

describe('GET /api/tokenTvc', () => {
  it('token rows, total, counts and the daily line of the default window (the 7 days before the head)', async () => {
    const m = await testManifest();
    const end = m.head.timestamp;
    const [all, supply] = await Promise.all([prices(), supplies()]);
    const endDay = dayOf(end);
    const latest = new Map<string, Priced>();
    for (const p of all) if (p.day <= endDay && supply.has(p.token) && supply.get(p.token)!.raw >= 0n && (latest.get(p.token)?.day ?? '') < p.day) latest.set(p.token, p);
    const rows = [...latest.values()].map((p) => ({ p, cap: cap(supply.get(p.token)!.raw, supply.get(p.token)!.decimals, p.price) }))
      .sort((a, b) => (a.cap === b.cap ? (a.p.token < b.p.token ? -1 : 1) : a.cap > b.cap ? -1 : 1));

    const r = await get('/api/tokenTvc');
    expect(r.status).toBe(200);
    const text = r.text;
    expect(r.body.tokens.map((t: { contractAddress: string }) => t.contractAddress)).toEqual(rows.map((x) => x.p.token));
    expect(r.body.totalTokenNum).toBe(rows.length);
    expect(r.body.updateTime).toBe(end);
    // exact figures, as the JSON literals sent
    const total = rows.reduce((a, x) => a + x.cap, 0n);
    expect(text).toContain(`"totalTvc":${usdText(total)}`);
    for (const [i, x] of rows.entries()) {
      const got = r.body.tokens[i];
      expect([got.priceDay, got.abbr, got.decimal], x.p.token).toEqual([x.p.day, supply.get(x.p.token)!.symbol, supply.get(x.p.token)!.decimals]);
      expect(text).toContain(`"contractAddress":"${x.p.token}","contractAddressLower"`);
      expect(Number(got.marketCapUSD)).toBeCloseTo(Number(usdText(x.cap)), 6);
    }
    expect(r.body.stableCoinCountOfTopTen).toBe(rows.slice(0, 10).filter((x) => STABLES.has(x.p.token)).length);
    // the line: one point per day of the window with a price, supply × that day's price
    const startDay = dayOf(end - 7 * DAY);
    const line = new Map<string, bigint>();
    for (const p of all) {
      const s = supply.get(p.token);
      if (!s || s.raw < 0n || p.day < startDay || p.day > endDay) continue;
      line.set(p.day, (line.get(p.day) ?? 0n) + cap(s.raw, s.decimals, p.price));
    }
    const want = [...line].sort(([a], [b]) => (a < b ? -1 : 1));
    expect(r.body.tvcLine.map((x: { t: string }) => x.t)).toEqual(want.map(([d]) => String(Date.parse(`${d}T00:00:00Z`) / 1000)));
    for (const [d, v] of want) expect(text, d).toContain(`{"t":"${Date.parse(`${d}T00:00:00Z`) / 1000}","v":${usdText(v)}}`);
    // the generated lake prices many tokens; the ingested one USDT by the fake node's USDT/WTRX swaps
    expect(rows.length).toBeGreaterThan(m.source.kind === 'generate' ? 3 : 0);
  });

  it('startTime alone and endTime alone move the window; lastWeekTokenNum counts the tokens priced 7 days before its end', async () => {
    const m = await testManifest();
    const firstDay = Date.parse(`${dayOf(m.first.timestamp)}T00:00:00Z`);
    const start = firstDay + 2 * DAY;
    const a = (await get(`/api/tokenTvc?startTime=${start / 1000}`)).body;
    // a start alone runs to the head (the default end)
    const pointsA = a.tvcLine.map((x: { t: string }) => Number(x.t) * 1000);
    for (const t of pointsA) expect(t).toBeGreaterThanOrEqual(start);
    if (m.source.kind === 'generate') expect(Math.max(...pointsA)).toBe(Date.parse(`${dayOf(m.head.timestamp)}T00:00:00Z`));
    const end = firstDay + 10 * DAY;
    const b = (await get(`/api/tokenTvc?endTime=${end / 1000}`)).body;
    const pointsB = b.tvcLine.map((x: { t: string }) => Number(x.t) * 1000);
    // an end alone starts 7 days before it
    for (const t of pointsB) expect(t >= Date.parse(`${dayOf(end - 7 * DAY)}T00:00:00Z`) && t <= end).toBe(true);
    if (m.source.kind === 'generate') expect(pointsB.length).toBe(8);
    const [all, supply] = await Promise.all([prices(), supplies()]);
    const priced = (day: string) => new Set(all.filter((p) => p.day <= day && supply.has(p.token) && supply.get(p.token)!.raw >= 0n).map((p) => p.token)).size;
    expect(b.lastWeekTokenNum).toBe(priced(dayOf(end - 7 * DAY)));
    expect(b.totalTokenNum).toBe(priced(dayOf(end)));
  });

  it('400 naming the bound: not a number, start after end, a window over 366 days', async () => {
    for (const [q, param] of [
      ['startTime=abc', 'startTime'],
      ['endTime=-1', 'endTime'],
      ['startTime=2000000000&endTime=1000000000', 'startTime'],
      ['startTime=1000000000&endTime=1100000000', 'startTime'],
      ['endTime=1000000000&startTime=1', 'startTime'],
    ] as const) {
      const r = await get(`/api/tokenTvc?${q}`);
      expect(r.status, q).toBe(400);
      expect(JSON.stringify(r.body), q).toContain(param);
    }
  });

  it('a window of exactly 366 days answers; one second more is a 400', async () => {
    const end = 1_800_000_000;
    expect((await get(`/api/tokenTvc?startTime=${end - 366 * 86_400}&endTime=${end}`)).status).toBe(200);
    const r = await get(`/api/tokenTvc?startTime=${end - 366 * 86_400 - 1}&endTime=${end}`);
    expect(r.status).toBe(400);
    expect(JSON.stringify(r.body)).toContain('startTime');
  });
});
