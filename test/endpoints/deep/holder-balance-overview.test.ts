import { describe, expect, it } from 'vitest';
import { get, sql } from '../../helpers/lake.ts';
import { parseCsv } from '../../helpers/csv.ts';
import { CONTRACTS, categorized, type Category } from './stable-ledger.ts';

const URL = '/api/stableCoin/holder/balance/overview';
const GROUPS: [string, Category[]][] = [['Wallet', ['exchange', 'otherAccount']], ['JustLend', ['JustLend']], ['SunSwap', ['SunSwap']], ['SunCurve', ['SunCurve']], ['Other', ['otherContract']]];

describe('GET /api/stableCoin/holder/balance/overview', () => {
  it('per contract, its positive balances by category, exact, adding up to all of them', async () => {
    const positions = await categorized(sql);
    const r = await get(URL);
    expect(r.status).toBe(200);
    expect(r.body.data.map((d: any) => d.tokenAddress)).toEqual(CONTRACTS.map((c) => c.address));
    for (const [i, c] of CONTRACTS.entries()) {
      const d = r.body.data[i];
      expect(d.decimal).toBe(c.decimals);
      const mine = positions.filter((p) => p.contract === c.address);
      expect(d.statistic).toEqual(GROUPS.map(([category, parts]) => ({
        balance: mine.filter((p) => parts.includes(p.category)).reduce((s, p) => s + p.bal, 0n).toString(),
        tokenName: d.tokenName,
        category,
      })));
      expect(d.statistic.reduce((s: bigint, x: any) => s + BigInt(x.balance), 0n)).toBe(mine.reduce((s, p) => s + p.bal, 0n));
    }
  });

  it('format=csv: one row per contract, its statistic as JSON', async () => {
    const json = await get(URL);
    const csv = await get(`${URL}?format=csv`);
    expect(csv.status).toBe(200);
    const [header, ...rows] = parseCsv(csv.text);
    expect(header).toEqual(['tokenAddress', 'tokenName', 'decimal', 'statistic']);
    expect(rows.map((x) => [x[0], x[1], Number(x[2]), JSON.parse(x[3]!)])).toEqual(json.body.data.map((d: any) => [d.tokenAddress, d.tokenName, d.decimal, d.statistic]));
  });
});
