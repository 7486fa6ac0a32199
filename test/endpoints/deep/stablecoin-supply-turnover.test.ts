/**
 * /api/stableCoin/tokenSupply/turnover against the supply computed in the test (stablecoin-supply-expected.ts): one
 * contract's end-of-day supply and the day's minted and burned amounts, exact past 2^53 (read from the response text),
 * days from 2022-11-22 on only (an earlier startTime answers from there), both bounds alone, both, the defaults, every
 * 400 (tokenAddress missing, USDT, not a stablecoin, not an address; bounds), and the CSV.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { get } from '../../helpers/lake.ts';
import { parseCsv } from '../../helpers/csv.ts';
import { daySec, daysBetween, parseExact, supplyFacts, type SupplyFacts } from './stablecoin-supply-expected.ts';
import { CONTRACT, DECIMALS } from './stablecoin-expected.ts';

const PATH = '/api/stableCoin/tokenSupply/turnover';
const EARLIEST = '2022-11-22';
const SERVED = [CONTRACT.USDD, CONTRACT.USDD_OLD, CONTRACT.USDC, CONTRACT.USDJ, CONTRACT.TUSD];

let f: SupplyFacts;
let days: string[];
beforeAll(async () => {
  f = await supplyFacts();
  days = daysBetween(f.firstDay > EARLIEST ? f.firstDay : EARLIEST, f.headDay);
});

function rowsOf(contract: string, keep: (d: string) => boolean) {
  if (!f.contracts.includes(contract)) return [];
  return days.filter(keep).map((day) => {
    const d = f.days.get(contract)?.get(day);
    return { date: day, totalSupply: f.supplyAt(contract, day).toString(), mintAmount: String(d?.minted ?? 0n), burnAmount: String(d?.burned ?? 0n) };
  });
}
/** The answer with every amount as its exact digits. */
async function answer(q: string) {
  const r = await get(`${PATH}?${q}`);
  expect(r.status, q).toBe(200);
  const body = parseExact(r.text);
  return { tokenDecimal: body.tokenDecimal, statistics: body.statistics.map((s: Record<string, unknown>) => ({ ...s, mintAmount: String(s.mintAmount), burnAmount: String(s.burnAmount) })) };
}

describe(`GET ${PATH}`, () => {
  it('defaults: every served contract, from the later of the first day and 2022-11-22 to the head', async () => {
    for (const c of SERVED) {
      expect(await answer(`tokenAddress=${c}`), c).toEqual({ tokenDecimal: DECIMALS[c], statistics: rowsOf(c, () => true) });
    }
  });

  it('amounts past 2^53 are written digit for digit (JSON integers)', async () => {
    const big = SERVED.filter((c) => [...(f.days.get(c)?.values() ?? [])].some((d) => d.minted > 2n ** 53n || d.burned > 2n ** 53n));
    if (days.length === 0) return expect(big.every((c) => !f.contracts.includes(c) || rowsOf(c, () => true).length === 0)).toBe(true);
    expect(big.length).toBeGreaterThan(0);
    const r = await get(`${PATH}?tokenAddress=${big[0]}`);
    const amounts = [...f.days.get(big[0]!)!.values()].flatMap((d) => [d.minted, d.burned]).filter((x) => x > 2n ** 53n);
    for (const a of amounts) expect(r.text).toMatch(new RegExp(`"(mintAmount|burnAmount)":${a}[,}]`));
  });

  it('startTime alone runs to the head; endTime alone starts at the default start; both', async () => {
    const c = SERVED.find((x) => f.days.get(x)?.size) ?? CONTRACT.USDJ;
    const mid = days[Math.floor(days.length / 2)] ?? f.headDay;
    const from = mid > EARLIEST ? mid : EARLIEST;
    expect((await answer(`tokenAddress=${c}&startTime=${daySec(from) + 7200}`)).statistics).toEqual(rowsOf(c, (d) => d >= from));
    expect((await answer(`tokenAddress=${c}&endTime=${daySec(mid) + 7200}`)).statistics).toEqual(rowsOf(c, (d) => d <= mid));
    // A lake wholly before 2022-11-22 (the ingested one) answers no day for any range.
    const [a, b] = days.length > 1 ? [days[1]!, mid] : [EARLIEST, '2022-12-01'];
    expect((await answer(`tokenAddress=${c}&startTime=${daySec(a)}&endTime=${daySec(b)}`)).statistics).toEqual(rowsOf(c, (d) => d >= a && d <= b));
  });

  it('no day before 2022-11-22 is answered, whatever startTime says', async () => {
    for (const c of SERVED) {
      expect((await answer(`tokenAddress=${c}&startTime=${daySec(EARLIEST) - 400 * 86400}`)).statistics, c).toEqual(rowsOf(c, () => true));
    }
  });

  it('400s name their parameter', async () => {
    for (const [q, param] of [
      ['', 'tokenAddress'],
      [`tokenAddress=${CONTRACT.USDT}`, 'tokenAddress'],
      ['tokenAddress=TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7', 'tokenAddress'],
      ['tokenAddress=abc', 'tokenAddress'],
      [`tokenAddress=${CONTRACT.USDJ}&startTime=x`, 'startTime'],
      [`tokenAddress=${CONTRACT.USDJ}&startTime=${daySec(EARLIEST) + 86400}&endTime=${daySec(EARLIEST)}`, 'endTime'],
    ] as const) {
      const r = await get(`${PATH}?${q}`);
      expect(r.status, q).toBe(400);
      expect(r.body.param, q).toBe(param);
    }
  });

  it('format=csv: the same rows', async () => {
    for (const c of SERVED) {
      const r = await get(`${PATH}?tokenAddress=${c}&format=csv`);
      expect(r.status).toBe(200);
      const [head, ...lines] = parseCsv(r.text);
      const want = rowsOf(c, () => true);
      if (want.length) expect(head).toEqual(['date', 'totalSupply', 'mintAmount', 'burnAmount']);
      expect(lines).toEqual(want.map((x) => [x.date, x.totalSupply, x.mintAmount, x.burnAmount]));
    }
  });
});
