import { beforeAll, describe, expect, it } from 'vitest';
import { get, sql, testManifest } from '../../helpers/lake.ts';
import { parseCsv } from '../../helpers/csv.ts';
import { CONTRACTS, POSITIONS, positionsAt } from './stable-ledger.ts';

const URL = '/api/stableCoin/holder/change';
const DAY = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const addDays = (day: string, n: number) => dayOf(Date.parse(`${day}T00:00:00Z`) + n * DAY);

let headDay = '';
let firstDay = '';

beforeAll(async () => {
  const m = await testManifest();
  headDay = dayOf(m.head.timestamp);
  firstDay = dayOf(m.first.timestamp);
});

/** Days from a to b inclusive, yyyy-MM-dd. */
function days(a: string, b: string): string[] {
  const out: string[] = [];
  for (let d = a; d <= b; d = addDays(d, 1)) out.push(d);
  return out;
}

/** Expected holders per contract at the end of `day`, from the independent ledger. */
async function holdersAt(day: string): Promise<Map<string, string>> {
  const rows = await sql(`SELECT contract_address, count(*) AS n FROM (${positionsAt(`'${day}'`)}) GROUP BY 1`);
  const m = new Map(rows.map((r) => [String(r.contract_address), String(r.n)]));
  return new Map(CONTRACTS.map((c) => [c.address, m.get(c.address) ?? '0']));
}

async function checkDay(s: any, day: string): Promise<void> {
  const want = await holdersAt(day);
  expect(s.date).toBe(Date.parse(`${day}T00:00:00Z`) / 1000);
  expect(s.category.map((c: any) => c.tokenAddress)).toEqual(CONTRACTS.map((c) => c.address));
  for (const c of s.category) {
    expect(c.date).toBe(day);
    expect(c.holderNum, `${day} ${c.tokenAddress}`).toBe(want.get(c.tokenAddress));
  }
  expect(s.aggrHolder).toBe([...want.values()].reduce((a, b) => a + BigInt(b), 0n).toString());
}

const max = (a: string, b: string) => (a > b ? a : b);

describe('GET /api/stableCoin/holder/change', () => {
  it('both bounds: one row per day, holders per contract at the end of each day, their sum', async () => {
    const start = max(addDays(headDay, -3), firstDay);
    const r = await get(`${URL}?startDay=${start}&endDay=${headDay}`);
    expect(r.status).toBe(200);
    expect(r.body.statistics.map((s: any) => s.category[0].date)).toEqual(days(start, headDay));
    for (const s of r.body.statistics) await checkDay(s, s.category[0].date);
  });

  it('latest and totalHolder: the positive positions now', async () => {
    const rows = await sql(`SELECT contract_address, count(*) AS n FROM (${POSITIONS}) GROUP BY 1`);
    const now = new Map(rows.map((x) => [String(x.contract_address), Number(x.n)]));
    const r = await get(URL);
    expect(r.body.latest).toEqual(CONTRACTS.map((c) => expect.objectContaining({ tokenAddress: c.address, holderNum: now.get(c.address) ?? 0 })));
    expect(r.body.totalHolder).toBe(String([...now.values()].reduce((a, b) => a + b, 0)));
  });

  it('defaults: the last 30 days to today (the head block day), cut to the lake', async () => {
    const r = await get(URL);
    expect(r.status).toBe(200);
    expect(r.body.statistics.map((s: any) => s.category[0].date)).toEqual(days(max(addDays(headDay, -30), firstDay), headDay));
    await checkDay(r.body.statistics[0], r.body.statistics[0].category[0].date);
  });

  it('startDay alone runs to today; endDay alone starts 30 days before it', async () => {
    const start = max(addDays(headDay, -2), firstDay);
    const a = await get(`${URL}?startDay=${start}`);
    expect(a.body.statistics.map((s: any) => s.category[0].date)).toEqual(days(start, headDay));
    await checkDay(a.body.statistics[0], start);
    const end = max(addDays(headDay, -1), firstDay);
    const b = await get(`${URL}?endDay=${end}`);
    expect(b.body.statistics.map((s: any) => s.category[0].date)).toEqual(days(max(addDays(end, -30), firstDay), end));
    await checkDay(b.body.statistics.at(-1), end);
  });

  it('one day; days before the lake answer no rows; the earliest day is accepted', async () => {
    const one = await get(`${URL}?startDay=${firstDay}&endDay=${firstDay}`);
    expect(one.body.statistics.length).toBe(1);
    await checkDay(one.body.statistics[0], firstDay);
    const before = await get(`${URL}?startDay=2020-12-11&endDay=2020-12-31`);
    expect(before.status).toBe(200);
    expect(before.body.statistics).toEqual([]);
  });

  it('every bad day is a 400 naming its parameter', async () => {
    for (const [q, param] of [
      [`startDay=${headDay}&endDay=${addDays(headDay, -1)}`, 'startDay'],
      ['startDay=2020-12-10', 'startDay'],
      ['startDay=2020-12-10&endDay=2020-12-20', 'startDay'],
      ['endDay=2020-12-10', 'endDay'],
      ['startDay=2026-13-01', 'startDay'],
      ['endDay=yesterday', 'endDay'],
    ]) {
      const r = await get(`${URL}?${q}`);
      expect(r.status, q).toBe(400);
      expect(r.body.param, q).toBe(param);
    }
  });

  it('format=csv: one row per day (date, aggrHolder, the day\'s categories as JSON)', async () => {
    const q = `startDay=${max(addDays(headDay, -2), firstDay)}`;
    const json = await get(`${URL}?${q}`);
    const csv = await get(`${URL}?${q}&format=csv`);
    expect(csv.status).toBe(200);
    const [header, ...rows] = parseCsv(csv.text);
    expect(header).toEqual(['date', 'aggrHolder', 'category']);
    expect(rows.map((r) => [Number(r[0]), r[1], JSON.parse(r[2]!)])).toEqual(json.body.statistics.map((s: any) => [s.date, s.aggrHolder, s.category]));
  });
});
