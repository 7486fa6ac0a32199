/**
 * GET /api/stableCoin/overview against figures computed here from the raw tables (never the endpoint's templates):
 * supply from the events decoded from raw `logs` (stablecoin-supply-expected.ts), holders from the independent TRC20
 * ledger (stable-ledger.ts), the two 24 h windows' Transfers from raw `token_transfers`, prices from the raw
 * token_prices dimension, DEX pool balances from the positions categorized in TypeScript (stable-ledger.ts
 * `categorized`) walked back 24 h through raw transfers and the moves no Transfer shows. Per contract and aggregated;
 * every USD figure and change exact to its 6 places; the absent fields (no price, no previous figure); `data: {}`; the
 * 400s; the answers kept per version.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { TronlakeApp } from '../../../src/http/app.ts';
import { aggregateAnswer, contractAnswer, type Facts } from '../../../src/endpoints/deep/stablecoin-overview.ts';
import { STABLE_CONTRACTS } from '../../../src/endpoints/shapes/stablecoin-shape.ts';
import { get, privateApp, sql, testManifest } from '../../helpers/lake.ts';
import { ZERO } from '../token/ledgers.ts';
import { CONTRACTS, IN_LIST, POSITIONS, categorized } from './stable-ledger.ts';
import { supplyFacts, type SupplyFacts } from './stablecoin-supply-expected.ts';
import { exactOf } from '../../helpers/exact-double.ts';

const URL = '/api/stableCoin/overview';
const DAY = 86_400_000;

type Contract = (typeof CONTRACTS)[number];
interface Want {
  c: Contract;
  supply: bigint | null;
  price: number | null;
  holders: bigint;
  now: bigint;
  before: bigint;
  poolNow: bigint;
  poolBefore: bigint;
  has: boolean;
}

let head = 0;
let f: SupplyFacts;
let want: Want[] = [];


/** Exact USD of raw units at a price, as numerator over 10^40 (every product here is exact at that scale). */
const SCALE = 40;
function usd(raw: bigint, decimals: number, price: number): bigint {
  const p = exactOf(price);
  return raw * p.digits * 10n ** BigInt(SCALE - decimals - p.scale);
}

/** part / whole rounded half away from zero to 6 places, signed, exactly 6 decimals (no '-0'). */
function ratio6(part: bigint, whole: bigint): string {
  const neg = part < 0n !== whole < 0n && part !== 0n;
  const p = part < 0n ? -part : part;
  const w = whole < 0n ? -whole : whole;
  const q = (p * 1_000_000n * 2n + w) / (2n * w);
  const text = `${q / 1_000_000n}.${(q % 1_000_000n).toString().padStart(6, '0')}`;
  return neg && q !== 0n ? `-${text}` : text;
}
const usdText = (units: bigint) => ratio6(units, 10n ** BigInt(SCALE));

beforeAll(async () => {
  head = (await testManifest()).head.timestamp;
  f = await supplyFacts();
  const holders = new Map<string, bigint>();
  for (const r of await sql(`SELECT contract_address, count(*) AS n FROM (${POSITIONS}) GROUP BY 1`)) holders.set(String(r.contract_address), BigInt(String(r.n)));
  const counts = new Map<string, { now: bigint; before: bigint }>();
  for (const r of await sql(`SELECT contract_address, count(*) FILTER (WHERE "timestamp" >= ${head - DAY}) AS now, count(*) FILTER (WHERE "timestamp" < ${head - DAY}) AS before
      FROM raw_token_transfers WHERE token_standard = 'trc20' AND contract_address IN (${IN_LIST}) AND "timestamp" BETWEEN ${head - 2 * DAY} AND ${head} GROUP BY 1`)) {
    counts.set(String(r.contract_address), { now: BigInt(String(r.now)), before: BigInt(String(r.before)) });
  }
  const prices = new Map<string, number>();
  for (const r of await sql(`SELECT token_id, arg_max(price_usd, day) AS p FROM rule_day_prices WHERE token_id IN (${IN_LIST}) AND price_usd IS NOT NULL GROUP BY 1`)) {
    prices.set(String(r.token_id), Number(r.p));
  }
  // DEX pools: the SunSwap and SunCurve holders by the categories' rule (computed in the test), and each one's moves
  // since head - 24 h (raw transfers in and out, and the balance moves without a Transfer).
  const pools = (await categorized(sql)).filter((p) => p.category === 'SunSwap' || p.category === 'SunCurve');
  const moved = new Map<string, bigint>();
  if (pools.length > 0) {
    const list = [...new Set(pools.map((p) => `'${p.name}'`))].join(', ');
    for (const r of await sql(`SELECT contract_address, h, CAST(sum(d) AS VARCHAR) AS d FROM (
        SELECT contract_address, to_address AS h, CAST(amount_raw AS HUGEINT) AS d, "timestamp" FROM raw_token_transfers WHERE token_standard = 'trc20'
        UNION ALL SELECT contract_address, from_address, -CAST(amount_raw AS HUGEINT), "timestamp" FROM raw_token_transfers WHERE token_standard = 'trc20'
        UNION ALL SELECT contract_address, holder_address, delta, "timestamp" FROM raw_stablecoin_balance_moves
      ) WHERE contract_address IN (${IN_LIST}) AND h IN (${list}) AND h <> '${ZERO}' AND "timestamp" >= ${head - DAY} GROUP BY 1, 2`)) {
      moved.set(`${r.contract_address}|${r.h}`, BigInt(String(r.d)));
    }
  }
  want = CONTRACTS.map((c) => {
    const mine = pools.filter((p) => p.contract === c.address);
    const poolNow = mine.reduce((a, p) => a + p.bal, 0n);
    const poolBefore = mine.reduce((a, p) => a - (moved.get(`${c.address}|${p.name}`) ?? 0n), poolNow);
    const supply = f.contracts.includes(c.address) ? f.supplyAt(c.address, f.headDay) : null;
    const n = counts.get(c.address) ?? { now: 0n, before: 0n };
    const h = holders.get(c.address) ?? 0n;
    return {
      c, supply, price: prices.get(c.address) ?? null, holders: h, now: n.now, before: n.before, poolNow, poolBefore,
      has: supply !== null || h > 0n || n.now > 0n || n.before > 0n || poolNow > 0n,
    };
  });
});

/** The expected `data` of one contract. */
function oneContract(w: Want): Record<string, string> {
  if (!w.has) return {};
  const d = w.c.decimals;
  const out: Record<string, string> = {};
  if (w.supply !== null && w.price !== null) out.marketCap = usdText(usd(w.supply, d, w.price));
  out.holderCnt = w.holders.toString();
  if (w.supply !== null) out.supply = w.supply.toString();
  out.transferCntIn24h = w.now.toString();
  if (w.before > 0n) out.transferCntIn24hChange = ratio6(w.now - w.before, w.before);
  if (w.price !== null) out.liquidityIn24h = usdText(usd(w.poolNow, d, w.price));
  if (w.poolBefore !== null && w.poolBefore > 0n) out.liquidityIn24hChange = ratio6(w.poolNow - w.poolBefore, w.poolBefore);
  return out;
}

/** Σ USD of an amount over the contracts; undefined when one needs a price it lacks or its amount is unknown. */
function usdSum(all: Want[], amount: (w: Want) => bigint | null): bigint | undefined {
  let s = 0n;
  for (const w of all) {
    const raw = amount(w);
    if (raw === null) return undefined;
    if (raw === 0n) continue;
    if (w.price === null) return undefined;
    s += usd(raw, w.c.decimals, w.price);
  }
  return s;
}

function aggregated(): Record<string, string> {
  const all = want.filter((w) => w.has);
  if (all.length === 0) return {};
  const sum = (pick: (w: Want) => bigint) => all.reduce((a, w) => a + pick(w), 0n);
  const out: Record<string, string> = {};
  const cap = usdSum(all, (w) => w.supply);
  if (cap !== undefined) out.marketCap = usdText(cap);
  out.holderCnt = sum((w) => w.holders).toString();
  out.transferCntIn24h = sum((w) => w.now).toString();
  if (sum((w) => w.before) > 0n) out.transferCntIn24hChange = ratio6(sum((w) => w.now) - sum((w) => w.before), sum((w) => w.before));
  const liqNow = usdSum(all, (w) => w.poolNow);
  const liqBefore = usdSum(all, (w) => w.poolBefore);
  if (liqNow !== undefined) out.liquidityIn24h = usdText(liqNow);
  if (liqNow !== undefined && liqBefore !== undefined && liqBefore > 0n) out.liquidityIn24hChange = ratio6(liqNow - liqBefore, liqBefore);
  return out;
}

describe(`GET ${URL}`, () => {
  it('has figures to check: a contract with supply and transfers in both windows', () => {
    expect(want.some((w) => w.supply !== null && w.now > 0n && w.before > 0n)).toBe(true);
  });

  it.each(CONTRACTS.map((c) => [c.key, c] as const))('tokenAddress=%s: every figure against the raw tables', async (_k, c) => {
    const r = await get(`${URL}?tokenAddress=${c.address}`);
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual(oneContract(want.find((w) => w.c.address === c.address)!));
    expect(r.body.refreshTimeInfo).toEqual({ type: 'realtime', lastUpdateTime: Math.floor(head / 1000) });
  });

  it('without tokenAddress: the contracts aggregated (no supply)', async () => {
    const r = await get(URL);
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual(aggregated());
    expect(r.body.data.supply).toBeUndefined();
    // An empty parameter is an absent one (src/http/app.ts, ARCHITECTURE §5.3).
    expect((await get(`${URL}?tokenAddress=`)).body).toEqual(r.body);
  });

  it('supply is /api/stableCoin/totalSupply\'s figure for a one-contract coin; holderCnt holder/change\'s latest', async () => {
    const total = (await get('/api/stableCoin/totalSupply')).body.data as { address: string; totalSupply: string }[];
    const latest = (await get('/api/stableCoin/holder/change')).body.latest as { tokenAddress: string; holderNum: number }[];
    for (const c of CONTRACTS) {
      const o = (await get(`${URL}?tokenAddress=${c.address}`)).body.data;
      if (o.holderCnt !== undefined) expect(o.holderCnt, c.key).toBe(String(latest.find((l) => l.tokenAddress === c.address)!.holderNum));
      if (c.coin === 'USDD') continue; // totalSupply adds USDD's two contracts; the overview answers the asked one.
      expect(o.supply, c.key).toBe(total.find((t) => t.address === c.address)?.totalSupply);
    }
  });

  it('a coin without a price has no USD field; a change without a previous figure is left out', async () => {
    for (const w of want.filter((x) => x.has)) {
      const o = (await get(`${URL}?tokenAddress=${w.c.address}`)).body.data;
      if (w.price === null) {
        expect(o.marketCap, w.c.key).toBeUndefined();
        expect(o.liquidityIn24h, w.c.key).toBeUndefined();
      } else {
        expect(o.liquidityIn24h, w.c.key).toMatch(/^\d+\.\d{6}$/);
      }
      if (w.before === 0n) expect(o.transferCntIn24hChange, w.c.key).toBeUndefined();
      if (!w.poolBefore) expect(o.liquidityIn24hChange, w.c.key).toBeUndefined();
    }
  });

  it('DEX pool liquidity: a lake with a SunSwap or SunCurve holder gives its balance and change (else none)', async () => {
    const pooled = want.filter((w) => w.poolNow > 0n);
    for (const w of pooled) {
      const o = (await get(`${URL}?tokenAddress=${w.c.address}`)).body.data;
      if (w.price !== null) expect(o.liquidityIn24h, w.c.key).not.toBe('0.000000');
      if (w.poolBefore !== null && w.poolBefore > 0n) expect(o.liquidityIn24hChange, w.c.key).toBe(ratio6(w.poolNow - w.poolBefore, w.poolBefore));
    }
    // Without pools (the ingested lake has no labels nor contract names), every contract's pool balance is 0.
    if (pooled.length === 0) for (const w of want) expect(w.poolNow).toBe(0n);
  });

  it('data: {} for a contract the lake holds nothing of', async () => {
    const none = want.filter((w) => !w.has);
    for (const w of none) expect((await get(`${URL}?tokenAddress=${w.c.address}`)).body.data, w.c.key).toEqual({});
  });

  it('tokenAddress must be a stablecoin contract; format=csv is a 400 (one object, not a list)', async () => {
    for (const [q, param] of [
      ['tokenAddress=TNUC9Qb1rRpS5CbWLmNMxXBjyFoydXjWFR', 'tokenAddress'],
      ['tokenAddress=USDT', 'tokenAddress'],
      ['format=csv', 'format'],
      [`tokenAddress=${CONTRACTS[0].address}&format=csv`, 'format'],
    ]) {
      const r = await get(`${URL}?${q}`);
      expect(r.status, q).toBe(400);
      expect(r.body.param, q).toBe(param);
    }
  });
});

describe(`${URL}: kept per version`, () => {
  let app: TronlakeApp;
  beforeAll(async () => {
    app = await privateApp();
  });
  const ask = async (url: string) => {
    const r = await app.inject({ method: 'GET', url });
    expect(r.statusCode, url).toBe(200);
    return { body: r.body, deep: String(r.headers['server-timing'] ?? '').split(', ').filter((t) => t.startsWith('deep_')) };
  };

  it('the first answer reads the statements, every later one (any tokenAddress) reads none and answers the same bytes', async () => {
    const first = await ask(URL);
    expect(first.deep.map((t) => t.split(';')[0])).toEqual(expect.arrayContaining(['deep_stablecoin-overview', 'deep_stablecoin-overview.supply']));
    const again = await ask(URL);
    expect(again.deep).toEqual([]);
    expect(again.body).toBe(first.body);
    for (const c of CONTRACTS) expect((await ask(`${URL}?tokenAddress=${c.address}`)).deep, c.key).toEqual([]);
  });
});

describe(`${URL}: the rules the test lakes cannot reach (facts written here, answers worked by hand)`, () => {
  const usdt = STABLE_CONTRACTS[0]!;
  const usdd = STABLE_CONTRACTS[2]!;
  const usddOld = STABLE_CONTRACTS[3]!;
  const facts = (over: Partial<Facts> & Pick<Facts, 'contract'>): Facts => ({
    supply: null, price: null, holders: 0n, transfersNow: 0n, transfersBefore: 0n, poolNow: 0n, poolBefore: 0n, ...over,
  });

  it('one contract: a change without a previous figure and a figure without a price leave their fields out', () => {
    // 1,500,000 USDT units = 1.5 USDT at 0.5 USD = 0.75; pools 2 USDT at 0.5 = 1; transfers 3 vs 4: -0.25; pools 2 vs 4: -0.5.
    expect(contractAnswer(facts({ contract: usdt, supply: 1_500_000n, price: '0.5', holders: 7n, transfersNow: 3n, transfersBefore: 4n, poolNow: 2_000_000n, poolBefore: 4_000_000n }))).toEqual({
      marketCap: '0.750000', holderCnt: '7', supply: '1500000', transferCntIn24h: '3', transferCntIn24hChange: '-0.250000', liquidityIn24h: '1.000000', liquidityIn24hChange: '-0.500000',
    });
    expect(contractAnswer(facts({ contract: usdt, supply: 1n, holders: 1n, transfersNow: 5n, poolNow: 3n, poolBefore: 0n }))).toEqual({
      holderCnt: '1', supply: '1', transferCntIn24h: '5',
    });
    expect(contractAnswer(facts({ contract: usddOld }))).toEqual({});
  });

  it('aggregated: a USD sum needs the price of every contract with a non-zero amount, and every amount known', () => {
    const a = facts({ contract: usdt, supply: 2_000_000n, price: '1', holders: 2n, transfersNow: 1n, transfersBefore: 1n, poolNow: 1_000_000n, poolBefore: 500_000n });
    // USDD: 1 token (18 decimals), no price, no pool: the market cap is unknown, the liquidity is not.
    const b = facts({ contract: usdd, supply: 10n ** 18n, holders: 3n, transfersNow: 2n });
    expect(aggregateAnswer([a, b, facts({ contract: usddOld })])).toEqual({
      holderCnt: '5', transferCntIn24h: '3', transferCntIn24hChange: '2.000000', liquidityIn24h: '1.000000', liquidityIn24hChange: '1.000000',
    });
    // USDD priced: 2 + 1 × 0.25 = 2.25; pools now 1 + 4 × 0.25 = 2, a day ago 0.5 + 2 × 0.25 = 1 (today's prices): +1.
    expect(aggregateAnswer([a, { ...b, price: '0.25', poolNow: 4n * 10n ** 18n, poolBefore: 2n * 10n ** 18n }])).toEqual({
      marketCap: '2.250000', holderCnt: '5', transferCntIn24h: '3', transferCntIn24hChange: '2.000000', liquidityIn24h: '2.000000', liquidityIn24hChange: '1.000000',
    });
    // USDD unpriced with a pool: neither the market cap nor the liquidity (nor its change) can be summed.
    expect(aggregateAnswer([a, { ...b, poolNow: 4n * 10n ** 18n, poolBefore: 2n * 10n ** 18n }])).toEqual({
      holderCnt: '5', transferCntIn24h: '3', transferCntIn24hChange: '2.000000',
    });
    expect(aggregateAnswer([facts({ contract: usddOld })])).toEqual({});
  });
});
