/**
 * Issue 34: defi_positions and /api/participate_project against expectations made here from the raw tables only: the
 * registry (project_contracts), the jToken and LP token balances from raw token_transfers anchored on trc20_snapshots,
 * the JustLend events decoded in this file from raw logs (Mint / Redeem for the exchange rate, Borrow / RepayBorrow for
 * the debt), and the prices (token_prices' latest day, else the chain's latest day close from the raw Swap logs,
 * test/helpers/chain-prices.ts; no test lake loads candles of these tokens). Values are compared as
 * exact fractions (the double within a few ulps of the exact value; the rounded fields exactly).
 */
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { hexToBase58 } from '../../../src/chain/address.ts';
import type { Manifest } from '../../../src/lake/manifest.ts';
import type { Row } from '../../../src/duckdb/duck.ts';
import { get, lakeDir, sql, testManifest } from '../../helpers/lake.ts';
import { exactOf } from '../../helpers/exact-double.ts';
import { budget } from '../../helpers/budget.ts';
import { add, frac, type Frac } from '../deep/defi-expected.ts';
import { chainDayCloses } from '../../helpers/chain-prices.ts';

const TOPIC = {
  Mint: '4c209b5fc8ad50758f13e2e1088ba56a560dff690a1c6fef26394f4c03821c4f',
  Redeem: 'e5b754fb1abb7f01b499791d0b820ae3b6af3424ac1c59768edb53f4ec31a929',
  Borrow: '2dd79f4fccfd18c360ce7f9132f3621bf05eee18f995224badb32d17f172df73',
  RepayBorrow: '6fadbf7329d21f278e724fa0d4511001a158f2a97ee35c5bc4cf8b64417399ef',
};
const ZERO_ADDRESS = 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb';
const word = (data: string, i: number): string => data.slice(i * 64, (i + 1) * 64);
const big = (w: string): bigint => BigInt('0x' + w);
const addr = (w: string): string => hexToBase58('41' + w.slice(-40));

const mul = (a: Frac, b: Frac): Frac => ({ n: a.n * b.n, d: a.d * b.d });
const ZERO: Frac = { n: 0n, d: 1n };
/** The double `got` is the exact value `want` to within 4 ulps (2^-50 relative). */
function near(got: number, want: Frac, what: string): void {
  const g = exactOf(got);
  const gf: Frac = { n: g.digits, d: 10n ** BigInt(g.scale) };
  const diff = gf.n * want.d - want.n * gf.d;
  const abs = diff < 0n ? -diff : diff;
  expect(abs * 2n ** 50n <= want.n * gf.d || (want.n === 0n && gf.n === 0n), `${what}: ${got} vs ${want.n}/${want.d}`).toBe(true);
}
/** Half up to 6 places, as a number. */
const round6 = (x: Frac): number => {
  const q = (2n * x.n * 1_000_000n + x.d) / (2n * x.d);
  return Number(`${q / 1_000_000n}.${(q % 1_000_000n).toString().padStart(6, '0')}`);
};

interface Position { holder: string; project: string; contract: string; venue: string; kind: 'supply' | 'borrow' | 'lp'; currency: string; raw: bigint; decimals: number }
interface Market { underlying: string; decimals: number }

/** A lake the expectations are read from: plain SQL over its Parquet (views raw_*, ref_*, snap_*, dim_*), its manifest. */
interface Lake { q: (query: string) => Promise<Row[]>; m: Manifest; dir: string; get: (url: string) => Promise<{ status: number; body: any }> }
interface Expected { positions: Position[]; rates: Map<string, { amount: bigint; tokens: bigint }>; prices: Map<string, { usd?: Frac; trx?: Frac }>; names: Map<string, string> }

async function load(lake: Lake): Promise<Expected> {
  const sql = lake.q;
  let positions: Position[];
  let rates: Expected['rates'];
  let prices: Expected['prices'];
  let names: Expected['names'];
  const reg = await sql(`SELECT contract_address, project, venue, role, tokens, token_decimals, lp_token FROM ref_project_contracts`);
  const markets = new Map<string, Market & { project: string }>();
  const pairs = new Map<string, { project: string }>();
  for (const r of reg) {
    if (r.venue === 'justlend' && r.role === 'market' && r.lp_token === r.contract_address) markets.set(String(r.contract_address), { project: String(r.project), underlying: String(r.tokens), decimals: Number(r.token_decimals) });
    if (r.venue === 'sunswap_v2' && r.role === 'pool' && r.lp_token === r.contract_address) pairs.set(String(r.contract_address), { project: String(r.project) });
  }
  names = new Map((await sql(`SELECT project, name FROM ref_projects`)).map((r) => [String(r.project), String(r.name)]));
  const tokens = [...markets.keys(), ...pairs.keys()];
  const list = tokens.map((t) => `'${t}'`).join(',') || "''";
  // Ledger: newest snapshot anchor + the transfers after its block (none: the transfers in minus out).
  const anchors = await sql(`SELECT contract_address, holder_address, max(as_of_block) AS blk, CAST(arg_max(balance_raw, as_of_block) AS VARCHAR) AS bal
    FROM snap_trc20_snapshots WHERE contract_address IN (${list}) GROUP BY ALL`);
  const flows = await sql(`SELECT contract_address, to_address AS h, block_number, amount_raw AS d, 1 AS s FROM raw_token_transfers WHERE token_standard = 'trc20' AND contract_address IN (${list})
    UNION ALL SELECT contract_address, from_address, block_number, amount_raw, -1 FROM raw_token_transfers WHERE token_standard = 'trc20' AND contract_address IN (${list})`);
  const bal = new Map<string, bigint>();
  const anchorBlk = new Map<string, number>();
  for (const a of anchors) {
    bal.set(`${a.contract_address}|${a.holder_address}`, BigInt(String(a.bal)));
    anchorBlk.set(`${a.contract_address}|${a.holder_address}`, Number(a.blk));
  }
  for (const f of flows) {
    const k = `${f.contract_address}|${f.h}`;
    if (Number(f.block_number) <= (anchorBlk.get(k) ?? -1)) continue;
    bal.set(k, (bal.get(k) ?? 0n) + BigInt(Number(f.s)) * BigInt(String(f.d)));
  }
  const lpDecimals = new Map((await sql(`SELECT token_id, decimals FROM dim_tokens WHERE token_id IN (${list})`)).map((r) => [String(r.token_id), Number(r.decimals)]));
  positions = [];
  for (const [k, v] of bal) {
    const [token, holder] = k.split('|') as [string, string];
    if (v <= 0n || holder === token || holder === ZERO_ADDRESS) continue;
    const m = markets.get(token);
    if (m) positions.push({ holder, project: m.project, contract: token, venue: 'justlend', kind: 'supply', currency: m.underlying, raw: v, decimals: m.decimals });
    else positions.push({ holder, project: pairs.get(token)!.project, contract: token, venue: 'sunswap_v2', kind: 'lp', currency: token, raw: v, decimals: lpDecimals.get(token) ?? 0 });
  }
  // JustLend events decoded here, successful transactions only, in chain order.
  const mlist = [...markets.keys()].map((t) => `'${t}'`).join(',') || "''";
  const logs = await sql(`SELECT l.contract_address, l.topic0, l.topic1, l.data FROM raw_logs l
    JOIN raw_transactions t ON t.tx_hash = l.tx_hash AND t.block_number = l.block_number
    WHERE l.contract_address IN (${mlist}) AND t.contract_ret = 'SUCCESS' ORDER BY l.block_number, t.tx_index, l.log_index`);
  rates = new Map();
  const debts = new Map<string, bigint>();
  for (const l of logs) {
    if (l.topic1 !== null && l.topic1 !== undefined) continue; // jToken events have one topic
    const t0 = String(l.topic0).toLowerCase();
    const d = String(l.data);
    const market = String(l.contract_address);
    if ((t0 === TOPIC.Mint || t0 === TOPIC.Redeem) && d.length === 3 * 64 && big(word(d, 2)) > 0n) rates.set(market, { amount: big(word(d, 1)), tokens: big(word(d, 2)) });
    if (t0 === TOPIC.Borrow && d.length === 5 * 64) debts.set(`${market}|${addr(word(d, 0))}`, big(word(d, 2)));
    if (t0 === TOPIC.RepayBorrow && d.length === 6 * 64) debts.set(`${market}|${addr(word(d, 1))}`, big(word(d, 3)));
  }
  for (const [k, v] of debts) {
    const [market, holder] = k.split('|') as [string, string];
    const m = markets.get(market)!;
    if (v > 0n) positions.push({ holder, project: m.project, contract: market, venue: 'justlend', kind: 'borrow', currency: m.underlying, raw: v, decimals: m.decimals });
  }
  // Latest prices: token_prices' latest day (TRX per token its own), else the chain's latest day close (most trades).
  prices = new Map();
  const currencies = [...new Set(positions.filter((p) => p.kind !== 'lp').map((p) => p.currency))];
  const chain = await chainDayCloses(sql, { logs: 'raw_logs', transactions: 'raw_transactions', dexPools: 'ref_dex_pools' });
  for (const c of currencies) {
    // TRX's own TRX price is 1, priced or not.
    const own = c === '_' ? { trx: { n: 1n, d: 1n } } : {};
    const [tp] = await sql(`SELECT CAST(price_usd AS VARCHAR) AS usd, CAST(price_trx AS VARCHAR) AS trx FROM dim_token_prices WHERE token_id = '${c}' ORDER BY day_ts DESC LIMIT 1`);
    if (tp && tp.usd !== null) {
      prices.set(c, { usd: frac(String(tp.usd)), trx: frac(String(tp.trx)), ...own });
      continue;
    }
    prices.set(c, own);
    // The chain's latest day close, decoded from the raw Swap logs (test/helpers/chain-prices.ts), read as doubles.
    const latest = [...chain].filter(([k]) => k.startsWith(`${c}|`)).sort(([a], [b]) => (a < b ? 1 : -1))[0]?.[1];
    if (latest) prices.set(c, { usd: frac(String(Number(latest.usd))), trx: frac(String(Number(latest.trx))), ...own });
  }
  return { positions, rates, prices, names };
}

/** The position in whole underlying tokens (supply: jTokens × the newest Mint / Redeem's amount ÷ tokens). */
function quantity(e: Expected, p: Position): Frac | null {
  if (p.kind === 'supply') {
    const r = e.rates.get(p.contract);
    return r ? { n: p.raw * r.amount, d: r.tokens * 10n ** BigInt(p.decimals) } : null;
  }
  return { n: p.raw, d: 10n ** BigInt(p.decimals) };
}
const TYPE = { supply: 'Supply', borrow: 'Borrow', lp: 'Liquidity' } as const;

async function check(lake: Lake, e: Expected, holder: string, filter: 0 | 1 | 2): Promise<void> {
  const { positions, prices, names } = e;
  const want = positions.filter((p) => p.holder === holder && (filter === 0 || (p.venue === 'justlend' && p.kind === (filter === 1 ? 'supply' : 'borrow'))));
  const { status, body } = await lake.get(`/api/participate_project?address=${holder}&justLendFilter=${filter}`);
  expect(status).toBe(200);
  const projects = [...new Set(want.map((p) => p.project))];
  expect(body.total).toBe(projects.length);
  expect(body.projects.map((x: { project_name: string }) => x.project_name).sort()).toEqual(projects.map((p) => names.get(p) ?? p).sort());
  let totalTrx = ZERO;
  let totalUsd = ZERO;
  for (const project of projects) {
    const got = body.projects.find((x: { project_name: string }) => x.project_name === (names.get(project) ?? project));
    const mine = want.filter((p) => p.project === project);
    expect(got.data.length).toBe(mine.length);
    let pTrx = ZERO;
    let pUsd = ZERO;
    for (const p of mine) {
      const item = got.data.find((d: { contract_address: string; type: string }) => d.contract_address === p.contract && d.type === TYPE[p.kind]);
      expect(item, `${holder} ${p.contract} ${p.kind}`).toBeDefined();
      expect(item.balance_raw).toBe(p.raw.toString());
      expect(item.currency).toBe(p.currency);
      const q = quantity(e, p);
      if (q) near(item.balance, q, 'balance');
      const price = p.kind === 'lp' ? undefined : prices.get(p.currency);
      if (q && price?.trx) {
        const trx = mul(q, price.trx);
        near(item.value_detail, trx, 'value_detail');
        expect(item.value).toBe(round6(trx));
        pTrx = add(pTrx, trx);
      } else expect(item.value).toBeUndefined();
      if (q && price?.usd) {
        const usd = mul(q, price.usd);
        near(item.value_in_usd_detail, usd, 'value_in_usd_detail');
        expect(item.value_in_usd).toBe(round6(usd));
        pUsd = add(pUsd, usd);
      } else expect(item.value_in_usd).toBeUndefined();
    }
    near(got.total_value_detail, pTrx, 'total_value_detail');
    near(got.total_value_in_usd_detail, pUsd, 'total_value_in_usd_detail');
    expect(got.total_value).toBe(round6(pTrx));
    totalTrx = add(totalTrx, pTrx);
    totalUsd = add(totalUsd, pUsd);
  }
  near(body.total_asset_in_trx, totalTrx, 'total_asset_in_trx');
  near(body.total_asset_in_usd, totalUsd, 'total_asset_in_usd');
  if (totalTrx.n > 0n) {
    const sum = body.projects.reduce((a: number, x: { percent: number }) => a + x.percent, 0);
    expect(Math.abs(sum - 1)).toBeLessThan(1e-12);
  }
}

const shared: Lake = { q: sql, m: undefined as unknown as Manifest, dir: '', get: (url) => get(url) };
let e: Expected;
beforeAll(async () => {
  shared.m = await testManifest();
  shared.dir = lakeDir();
  e = await load(shared);
}, budget(120));

describe('/api/participate_project', () => {
  it('holds a position for each jToken, LP token and debt of the raw tables (generated lake: some of each)', async () => {
    expect(shared.m.tables.defi_positions?.rows ?? 0).toBe(e.positions.length);
    // The generated lake (its synthetic price feed) has every kind; the shared ingested lake (the shipped reference
    // sample loaded: real JustLend markets and SunSwap pairs) the supply of the fake node's jTRX Mints.
    if ((shared.m.tables.token_prices?.rows ?? 0) > 0) {
      for (const kind of ['supply', 'borrow', 'lp']) expect(e.positions.some((p) => p.kind === kind), kind).toBe(true);
      expect(e.prices.size).toBeGreaterThan(0);
    } else {
      expect(shared.m.tables.project_contracts?.rows ?? 0).toBeGreaterThan(0);
      expect(e.positions.some((p) => p.kind === 'supply')).toBe(true);
    }
  });

  it('answers every holder with a position (up to 40), each justLendFilter, with exact values', async () => {
    const holders = [...new Set(e.positions.map((p) => p.holder))].sort().slice(0, 40);
    for (const h of holders) for (const f of [0, 1, 2] as const) await check(shared, e, h, f);
  }, budget(60));

  it('detail=0 leaves data out, with the same totals', async () => {
    const p = e.positions[0];
    if (!p) return;
    const a = (await get(`/api/participate_project?address=${p.holder}`)).body;
    const b = (await get(`/api/participate_project?address=${p.holder}&detail=0`)).body;
    expect(b.projects.every((x: object) => !('data' in x))).toBe(true);
    expect(a.projects.every((x: object) => 'data' in x)).toBe(true);
    expect(b.projects).toEqual(a.projects.map(({ data: _, ...rest }: { data: unknown }) => rest));
    expect(b.total_asset_in_trx).toBe(a.total_asset_in_trx);
  });

  it('an address with no position answers the empty shape', async () => {
    const none = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
    expect(e.positions.some((p) => p.holder === none)).toBe(false);
    const { status, body } = await get(`/api/participate_project?address=${none}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ total: 0, total_asset_in_trx: 0, total_asset_in_usd: 0, projects: [] });
    expect(body.refreshTimeInfo).toBeDefined();
  });

  it('400s: bad or missing address, justLendFilter outside 0-2, bad detail', async () => {
    for (const q of ['address=Tnot', '', 'address=TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7&justLendFilter=3', 'address=TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7&justLendFilter=x', 'address=TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7&detail=maybe']) {
      expect((await get(`/api/participate_project?${q}`)).status, q).toBe(400);
    }
  });
});
