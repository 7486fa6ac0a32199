import { beforeAll, describe, expect, it } from 'vitest';
import { get, sql, testManifest } from '../../helpers/lake.ts';
import { parseCsv } from '../../helpers/csv.ts';
import { CONTRACTS, IN_LIST } from './stable-ledger.ts';
import { exactOf } from '../../helpers/exact-double.ts';

const URL = '/api/stableCoin/transferAmount';
const DAY = 86_400_000;
let head = 0;

beforeAll(async () => {
  head = (await testManifest()).head.timestamp;
});


/** Exact raw / 10^dec × price as a fraction num / 10^scale. */
function usd(raw: bigint, dec: number, price: number): { num: bigint; scale: number } {
  const p = exactOf(price);
  return { num: raw * p.digits, scale: dec + p.scale };
}

/** num / 10^scale rounded half up to 6 places, as a number. */
function round6(num: bigint, scale: number): number {
  if (scale <= 6) return Number(num * 10n ** BigInt(6 - scale)) / 1e6;
  const unit = 10n ** BigInt(scale - 6);
  const q = (num * 2n + unit) / (unit * 2n);
  return Number(`${q / 1_000_000n}.${(q % 1_000_000n).toString().padStart(6, '0')}`);
}

/** Per contract and day in [s, e] ms: the exact amount moved and the day's USD close (plain SQL over raw tables). */
async function moved(s: number, e: number) {
  return sql(`SELECT t.contract_address, t."date" AS day, CAST(sum(CAST(t.amount_raw AS HUGEINT)) AS VARCHAR) AS amount,
      any_value(p.price_usd) AS price
    FROM raw_token_transfers t LEFT JOIN rule_day_prices p ON p.token_id = t.contract_address AND p.day = t."date"
    WHERE t.token_standard = 'trc20' AND t.contract_address IN (${IN_LIST}) AND t."timestamp" BETWEEN ${s} AND ${e}
    GROUP BY ALL ORDER BY 1, 2`);
}

async function expectLines(body: any, s: number, e: number) {
  const rows = await moved(s, e);
  expect(body.stableAmountLine.map((l: any) => l.contractAddress)).toEqual(CONTRACTS.map((c) => c.address));
  for (const l of body.stableAmountLine) {
    const c = CONTRACTS.find((x) => x.address === l.contractAddress)!;
    const want = rows.filter((r) => r.contract_address === c.address && r.price !== null)
      .map((r) => { const u = usd(BigInt(String(r.amount)), c.decimals, Number(r.price)); return { t: Date.parse(`${r.day}T00:00:00Z`), v: round6(u.num, u.scale) }; });
    expect(l.lineData, c.key).toEqual(want);
  }
}

async function expect24h(body: any, e: number) {
  const rows = await moved(e - DAY, e);
  for (const x of body.stableAmount24h) {
    const c = CONTRACTS.find((y) => y.address === x.contractAddress)!;
    const mine = rows.filter((r) => r.contract_address === c.address && BigInt(String(r.amount)) !== 0n);
    if (mine.some((r) => r.price === null)) {
      expect(x.amount24h, c.key).toBeNull();
      continue;
    }
    // Exact sum of the days' products at a common scale, rounded once.
    const parts = mine.map((r) => usd(BigInt(String(r.amount)), c.decimals, Number(r.price)));
    const scale = Math.max(6, ...parts.map((p) => p.scale));
    const num = parts.reduce((a, p) => a + p.num * 10n ** BigInt(scale - p.scale), 0n);
    expect(x.amount24h, c.key).toBe(round6(num, scale));
  }
}

describe('GET /api/stableCoin/transferAmount', () => {
  it('defaults: the 7 days before now; type=addLine fills the daily USD line, amount24h the last 24 hours', async () => {
    const r = await get(`${URL}?type=addLine`);
    expect(r.status).toBe(200);
    await expectLines(r.body, head - 7 * DAY, head);
    await expect24h(r.body, head);
    const [any] = await moved(head - 7 * DAY, head);
    expect(any, 'the lake moved a stablecoin in the last 7 days').toBeDefined();
  });

  it('without type the lines are empty', async () => {
    const r = await get(URL);
    expect(r.body.stableAmountLine.every((l: any) => Array.isArray(l.lineData) && l.lineData.length === 0)).toBe(true);
    await expect24h(r.body, head);
  });

  it('both bounds, and each alone (startTime alone runs to now; endTime alone starts 7 days before it)', async () => {
    const e = Math.floor((head - 2 * DAY) / 1000);
    const s = e - 3 * 86_400 + 1234;
    const both = await get(`${URL}?type=addLine&startTime=${s}&endTime=${e}`);
    await expectLines(both.body, s * 1000, e * 1000);
    await expect24h(both.body, e * 1000);
    const start = await get(`${URL}?type=addLine&startTime=${s}`);
    await expectLines(start.body, s * 1000, head);
    const end = await get(`${URL}?type=addLine&endTime=${e}`);
    await expectLines(end.body, e * 1000 - 7 * DAY, e * 1000);
    await expect24h(end.body, e * 1000);
  });

  it('every bad parameter is a 400 naming it', async () => {
    const e = Math.floor(head / 1000);
    for (const [q, param] of [[`startTime=${e}&endTime=${e - 1}`, 'startTime'], ['startTime=abc', 'startTime'], ['endTime=-5', 'endTime'], ['type=bar', 'type']]) {
      const r = await get(`${URL}?${q}`);
      expect(r.status, q).toBe(400);
      expect(r.body.param, q).toBe(param);
    }
  });

  it('format=csv: one row per contract, its line as JSON', async () => {
    const json = await get(`${URL}?type=addLine`);
    const csv = await get(`${URL}?type=addLine&format=csv`);
    expect(csv.status).toBe(200);
    const [header, ...rows] = parseCsv(csv.text);
    expect(header).toEqual(['tokenAbbr', 'contractAddress', 'lineData']);
    expect(rows.map((x) => [x[0], x[1], JSON.parse(x[2]!)])).toEqual(json.body.stableAmountLine.map((l: any) => [l.tokenAbbr, l.contractAddress, l.lineData]));
  });
});
