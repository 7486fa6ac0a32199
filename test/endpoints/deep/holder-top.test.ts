import { beforeAll, describe, expect, it } from 'vitest';
import { get, sql } from '../../helpers/lake.ts';
import { parseCsv } from '../../helpers/csv.ts';
import { arrayPart, field, objects } from '../../exact/json-text.ts';
import { CONTRACTS, POSITIONS, scaled } from './stable-ledger.ts';

const URL = '/api/stableCoin/holder/top';
const KEY: Record<string, string> = { USDT: 'usdtAmount', USDC: 'usdcoldAmount', USDD: 'usddAmount', USDJ: 'usdjAmount', TUSD: 'tusdAmount' };
const COINS = ['USDT', 'USDC', 'USDD', 'USDJ', 'TUSD'];

/** Per holder and coin the positive balance (a coin's contracts added), from the independent ledger. */
let holdings = new Map<string, Map<string, bigint>>();
let contracts = new Set<string>();
let tags = new Map<string, string>();

beforeAll(async () => {
  holdings = new Map();
  for (const r of await sql(`SELECT contract_address, holder_address, CAST(bal AS VARCHAR) AS bal FROM (${POSITIONS})`)) {
    const coin = CONTRACTS.find((c) => c.address === r.contract_address)!.coin;
    const m = holdings.get(String(r.holder_address)) ?? new Map<string, bigint>();
    m.set(coin, (m.get(coin) ?? 0n) + BigInt(String(r.bal)));
    holdings.set(String(r.holder_address), m);
  }
  contracts = new Set((await sql('SELECT address FROM dim_contracts')).map((r) => String(r.address)));
  tags = new Map((await sql('SELECT address, min(public_tag) AS t FROM ref_address_labels GROUP BY address')).map((r) => [String(r.address), String(r.t)]));
});

/** The expected top 50 of a coin: by balance (descending unless asc), ties by address ascending. */
function expectedTop(coin: string, asc: boolean, noContracts: boolean): string[] {
  const rows = [...holdings].filter(([a, m]) => (m.get(coin) ?? 0n) > 0n && !(noContracts && contracts.has(a)));
  rows.sort(([a, x], [b, y]) => {
    const d = x.get(coin)! - y.get(coin)!;
    if (d !== 0n) return (asc ? d < 0n : d > 0n) ? -1 : 1;
    return a < b ? -1 : a > b ? 1 : 0;
  });
  return rows.slice(0, 50).map(([a]) => a);
}

describe('GET /api/stableCoin/holder/top', () => {
  it('default: USDT holders largest first (50 or all there are), exact amounts of every coin, type and tag', async () => {
    const r = await get(URL);
    expect(r.status).toBe(200);
    const want = expectedTop('USDT', false, false);
    expect(want.length).toBeGreaterThan(0);
    expect(r.body.data.map((d: any) => d.address)).toEqual(want);
    expect(r.body.total).toBe(want.length);
    expect(r.body.refreshTimeInfo.type).toBe('realtime');
    const texts = objects(arrayPart(r.text, 'data'));
    texts.forEach((t, i) => {
      const a = want[i]!;
      const m = holdings.get(a)!;
      for (const coin of COINS) {
        const raw = m.get(coin) ?? 0n;
        const dec = CONTRACTS.find((c) => c.coin === coin)!.decimals;
        // USDT always, the others only when held.
        expect(field(t, KEY[coin]!), `${a} ${coin}`).toBe(raw > 0n || coin === 'USDT' ? scaled(raw, dec) : undefined);
      }
      expect(r.body.data[i].addressType).toBe(contracts.has(a) ? 1 : 0);
      expect(r.body.data[i].accountTag).toBe(tags.get(a) ?? '');
      expect(r.body.contractMap[a]).toBe(contracts.has(a));
    });
  });

  it.each(COINS)('sort=%s: both directions; viewContract=2 leaves contracts out', async (coin) => {
    for (const [direction, asc] of [['1', true], ['2', false]] as const) {
      for (const view of ['1', '2']) {
        const r = await get(`${URL}?sort=${coin.toLowerCase()}&direction=${direction}&viewContract=${view}`);
        expect(r.status).toBe(200);
        const want = expectedTop(coin, asc, view === '2');
        expect(r.body.data.map((d: any) => d.address), `${coin} ${direction} ${view}`).toEqual(want);
        if (view === '2') expect(r.body.data.every((d: any) => d.addressType === 0)).toBe(true);
      }
    }
  });

  it('ties: holders with equal balances are ordered by address', async () => {
    // A tie among all holders of any coin (the generator and real data both have round amounts); none: nothing to check.
    const [t] = await sql(`SELECT contract_address FROM (${POSITIONS}) GROUP BY contract_address, bal HAVING count(*) > 1 LIMIT 1`);
    if (!t) return;
    const coin = CONTRACTS.find((c) => c.address === t.contract_address)!.coin;
    for (const d of ['1', '2']) {
      const r = await get(`${URL}?sort=${coin}&direction=${d}`);
      expect(r.body.data.map((x: any) => x.address)).toEqual(expectedTop(coin, d === '1', false));
    }
  });

  it('every bad parameter is a 400 naming it', async () => {
    for (const [q, param] of [['sort=BTC', 'sort'], ['direction=3', 'direction'], ['direction=x', 'direction'], ['viewContract=0', 'viewContract'], ['viewContract=3', 'viewContract']]) {
      const r = await get(`${URL}?${q}`);
      expect(r.status, q).toBe(400);
      expect(r.body.param, q).toBe(param);
    }
  });

  it('format=csv: the rows of the JSON answer, in order, amounts exact', async () => {
    const json = await get(`${URL}?sort=USDD`);
    const csv = await get(`${URL}?sort=USDD&format=csv`);
    expect(csv.status).toBe(200);
    expect(String(csv.headers['content-type'])).toMatch(/^text\/csv/);
    const [header, ...rows] = parseCsv(csv.text);
    expect(header).toEqual(['address', 'addressType', 'accountTag', 'usdtAmount', 'usdcoldAmount', 'usddAmount', 'usdjAmount', 'tusdAmount']);
    expect(rows.map((r) => r[0])).toEqual(json.body.data.map((d: any) => d.address));
    const texts = objects(arrayPart(json.text, 'data'));
    rows.forEach((r, i) => expect(r[5]).toBe(field(texts[i]!, 'usddAmount') ?? ''));
  });
});
