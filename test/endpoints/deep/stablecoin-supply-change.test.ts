/**
 * /api/stableCoin/totalSupply/change against the supply computed in the test (stablecoin-supply-expected.ts): each
 * coin's supply at the end of every day of the range (USDD's contracts added up), `total` their sum, both bounds alone,
 * both, the defaults (the lake's first day to the head's day), days outside the lake not answered, every 400, CSV.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { get } from '../../helpers/lake.ts';
import { parseCsv } from '../../helpers/csv.ts';
import { COIN_ADDRESS, COIN_OF, COINS, daySec, daysBetween, supplyFacts, type SupplyFacts } from './stablecoin-supply-expected.ts';
import { DECIMALS, NAME } from './stablecoin-expected.ts';

const PATH = '/api/stableCoin/totalSupply/change';

let f: SupplyFacts;
let days: string[];
beforeAll(async () => {
  f = await supplyFacts();
  days = daysBetween(f.firstDay, f.headDay);
});

function categoryOf(day: string) {
  return COINS.filter((coin) => f.contracts.some((c) => COIN_OF[c] === coin)).map((coin) => ({
    date: day, tokenName: NAME[COIN_ADDRESS[coin]!], address: COIN_ADDRESS[coin], decimal: DECIMALS[COIN_ADDRESS[coin]!],
    totalSupply: f.contracts.filter((c) => COIN_OF[c] === coin).reduce((s, c) => s + f.supplyAt(c, day), 0n).toString(),
  }));
}
const statOf = (day: string) => {
  const category = categoryOf(day);
  return { date: daySec(day), total: category.reduce((s, x) => s + BigInt(x.totalSupply), 0n).toString(), category };
};

describe(`GET ${PATH}`, () => {
  it('the lake has several days', () => {
    expect(days.length).toBeGreaterThan(2);
  });

  it("defaults: every day from the lake's first to the head's, each coin's supply at the end of the day", async () => {
    const r = await get(PATH);
    expect(r.status).toBe(200);
    expect(r.body.statistics).toEqual(days.map(statOf));
  });

  it('startTime alone runs to the head; endTime alone starts at the first day; both; seconds inside a day', async () => {
    const mid = days[Math.floor(days.length / 2)]!;
    const second = days[1]!;
    const alone = await get(`${PATH}?startTime=${daySec(mid) + 3600}`);
    expect(alone.body.statistics).toEqual(days.filter((d) => d >= mid).map(statOf));
    const end = await get(`${PATH}?endTime=${daySec(mid) + 86399}`);
    expect(end.body.statistics).toEqual(days.filter((d) => d <= mid).map(statOf));
    const both = await get(`${PATH}?startTime=${daySec(second)}&endTime=${daySec(mid)}`);
    expect(both.body.statistics).toEqual(days.filter((d) => d >= second && d <= mid).map(statOf));
  });

  it('days before the lake or after the head are not answered', async () => {
    const before = await get(`${PATH}?startTime=${daySec(f.firstDay) - 5 * 86400}&endTime=${daySec(f.firstDay) - 86400}`);
    expect(before.body.statistics).toEqual([]);
    const around = await get(`${PATH}?startTime=${daySec(f.firstDay) - 5 * 86400}&endTime=${daySec(f.headDay) + 5 * 86400}`);
    expect(around.body.statistics).toEqual(days.map(statOf));
  });

  it('400s name their parameter', async () => {
    for (const [q, param] of [
      ['startTime=abc', 'startTime'],
      ['endTime=-1', 'endTime'],
      [`startTime=${daySec(f.headDay)}&endTime=${daySec(f.firstDay) - 86400}`, 'endTime'],
      [`startTime=0&endTime=${daySec(f.headDay)}`, 'endTime'],
      ['startTime=0', 'startTime'],
    ] as const) {
      const r = await get(`${PATH}?${q}`);
      expect(r.status, q).toBe(400);
      expect(r.body.param, q).toBe(param);
    }
  });

  it('format=csv: one line per day, category as JSON text', async () => {
    const r = await get(`${PATH}?format=csv`);
    expect(r.status).toBe(200);
    const [head, ...lines] = parseCsv(r.text);
    expect(head).toEqual(['date', 'total', 'category']);
    expect(lines).toEqual(days.map(statOf).map((x) => [String(x.date), x.total, JSON.stringify(x.category)]));
  });
});
