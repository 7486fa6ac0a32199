/**
 * GET /api/deep/stableCoin/liquidity/transaction: the stablecoin pools' liquidity and exchange events against plain
 * SQL over raw dex_pool_events, the project_contracts reference and token_prices (the events assembled and valued
 * here, by the rule of docs/compat.md "DeFi flows (issue 34)"): defaults, the 60-day window rules, every filter's
 * bounds alone, the sorts, paging, 400s naming the parameter.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { get, sql, testManifest } from '../../helpers/lake.ts';
import { round6 } from './counterparty-expected.ts';
import { CONTRACTS, IN_LIST } from './stable-ledger.ts';
import { exactOf } from '../../helpers/exact-double.ts';
import { KEPT_BOUND } from '../../../src/endpoints/deep/liquidity-transaction.ts';

const URL = '/api/deep/stableCoin/liquidity/transaction';
const DAY = 86_400_000;
const STABLE = new Set(CONTRACTS.map((c) => c.address));
const TYPE: Record<string, string> = { add_liquidity: 'AddLiquidity', remove_liquidity: 'RemoveLiquidity', swap: 'TokenExchange' };

interface Ev {
  hash: string; block: number; order: number[]; timestamp: number; project: string; pool: string; type: string; operator: string;
  tokens: string[]; influence: '+' | '-'; value: number | null; tokenValue: number;
}
let head = 0;
let events: Ev[] = [];

const S = 80;

beforeAll(async () => {
  head = (await testManifest()).head.timestamp;
  const legs = await sql(`SELECT e.block_number, e.tx_index, e.log_index, e.leg, e."timestamp", e.tx_hash, e.project, e.pool_address,
      e.action, e.operator_address, e.token_address, e.direction, e.amount_raw,
      CASE WHEN e.token_address = '_' THEN 6 ELSE d.decimals END AS decimals, p.price_usd
    FROM raw_dex_pool_events e
    JOIN ref_project_contracts c ON c.contract_address = e.pool_address AND c.role = 'pool'
      AND list_has_any(string_split(c.tokens, ','), [${IN_LIST}])
    LEFT JOIN dim_tokens d ON d.token_id = e.token_address
    LEFT JOIN rule_day_prices p ON p.token_id = e.token_address AND p.day = e."date"
    WHERE e.action IN ('add_liquidity', 'remove_liquidity', 'swap')
    ORDER BY e.block_number, e.tx_index, e.log_index, e.leg`);
  const by = new Map<string, any[]>();
  for (const l of legs) by.set(`${l.block_number}:${l.tx_index}:${l.log_index}`, [...(by.get(`${l.block_number}:${l.tx_index}:${l.log_index}`) ?? []), l]);
  events = [...by.values()].map((ls) => {
    const r = ls[0];
    const type = TYPE[r.action]!;
    const side = type === 'AddLiquidity' ? 'in' : type === 'RemoveLiquidity' ? 'out'
      : ls.some((l) => l.direction === 'in' && STABLE.has(l.token_address)) ? 'in' : 'out';
    const moved = ls.filter((l) => l.direction === side);
    let usd: bigint | null = 0n;
    for (const l of moved) {
      if (l.price_usd === null || l.decimals === null) { usd = null; break; }
      const p = exactOf(Number(l.price_usd));
      usd += BigInt(l.amount_raw) * p.digits * 10n ** BigInt(S - Number(l.decimals) - p.scale);
    }
    const stable = moved.filter((l) => STABLE.has(l.token_address) && l.decimals !== null)
      .reduce((a, l) => a + BigInt(l.amount_raw) * 10n ** BigInt(S - Number(l.decimals)), 0n);
    return {
      hash: r.tx_hash, block: Number(r.block_number), order: [Number(r.block_number), Number(r.tx_index), Number(r.log_index)],
      timestamp: Number(r.timestamp), project: r.project, pool: r.pool_address, type, operator: r.operator_address,
      tokens: ls.map((l) => l.token_address), influence: side === 'in' ? '+' : '-',
      value: usd === null ? null : round6({ num: usd, scale: S }), tokenValue: round6({ num: stable, scale: S }),
    };
  });
});

const chain = (a: Ev, b: Ev) => a.order[0]! - b.order[0]! || a.order[1]! - b.order[1]! || a.order[2]! - b.order[2]!;
const newest = (a: Ev, b: Ev) => b.timestamp - a.timestamp || chain(b, a);
const inWindow = (s: number, e: number) => events.filter((x) => x.timestamp >= s && x.timestamp <= e);
const over = (min: number) => (x: Ev) => x.value !== null && x.value >= min;
const view = (x: any) => ({ hash: x.hash, block: x.block, type: x.type, pool: x.pool, influence: x.influence, value: x.value, tokenValue: x.tokenValue });

async function page(q: string): Promise<any> {
  const r = await get(`${URL}?${q}`);
  expect(r.status, q).toBe(200);
  return r.body;
}

describe(`GET ${URL}`, () => {
  it('the stablecoin pools have events (the tests below are not vacuous on either lake)', async () => {
    // Both lakes hold registered pools' events: the generator's, and on the ingested lake (the shipped reference
    // sample loaded) the fake node's USDD 2pool exchanges, of one type only.
    expect(events.length).toBeGreaterThan(0);
    const generated = (await testManifest()).source.kind === 'generate';
    expect(new Set(events.map((e) => e.type)).size).toBeGreaterThan(generated ? 1 : 0);
  });

  it('defaults: 60 days ending now, minValue 1000, newest first, 20 a page, refreshTimeInfo', async () => {
    const want = inWindow(head - 60 * DAY, head).filter(over(1000)).sort(newest);
    const b = await page('');
    expect(b.total).toBe(want.length);
    expect(b.data.map(view)).toEqual(want.slice(0, 20).map(view));
    expect(b.refreshTimeInfo.type).toBe('realtime');
    expect(b.refreshTimeInfo.lastUpdateTime).toBe(Math.floor(head / 1000));
  });

  it('minValue=0: every event, unpriced included; items carry their legs; start and limit page (limit cut at 100)', async () => {
    const want = inWindow(head - 60 * DAY, head).sort(newest);
    const b = await page('minValue=0&limit=100');
    expect(b.total).toBe(want.length);
    expect(b.data.map(view)).toEqual(want.slice(0, 100).map(view));
    for (const [i, x] of b.data.entries()) expect(x.tokens.map((t: any) => t.tokenAddress)).toEqual(want[i]!.tokens);
    const p2 = await page('minValue=0&start=5&limit=1000');
    expect(p2.data.map(view)).toEqual(want.slice(5, 105).map(view));
  });

  it('sorts: timestamp ascending, value and tokenValue both ways', async () => {
    const all = inWindow(head - 60 * DAY, head).filter(over(0));
    const cases: [string, (a: Ev, b: Ev) => number][] = [
      ['timestamp', (a, b) => a.timestamp - b.timestamp || chain(a, b)],
      ['-value', (a, b) => b.value! - a.value! || chain(b, a)], ['value', (a, b) => a.value! - b.value! || chain(a, b)],
      ['-tokenValue', (a, b) => b.tokenValue - a.tokenValue || chain(b, a)], ['tokenValue', (a, b) => a.tokenValue - b.tokenValue || chain(a, b)],
    ];
    for (const [sort, cmp] of cases) {
      const b = await page(`minValue=0.000001&sort=${sort}&limit=50`);
      const want = all.filter(over(0.000001)).sort(cmp);
      expect(b.total, sort).toBe(want.length);
      expect(b.data.map(view), sort).toEqual(want.slice(0, 50).map(view));
    }
  });

  it('value and tokenValue bounds, each alone', async () => {
    const all = inWindow(head - 60 * DAY, head);
    expect((await page('minValue=5000')).total).toBe(all.filter(over(5000)).length);
    expect((await page('minValue=0&maxValue=5000')).total).toBe(all.filter((x) => x.value !== null && x.value <= 5000).length);
    expect((await page('minValue=0&minTokenValue=2000')).total).toBe(all.filter((x) => x.tokenValue >= 2000).length);
    expect((await page('minValue=0&maxTokenValue=2000')).total).toBe(all.filter((x) => x.tokenValue <= 2000).length);
  });

  it('type (one, a list), influence (%2B, -; a bare + is blank), operator, pool, project, token', async () => {
    const all = inWindow(head - 60 * DAY, head);
    for (const t of ['AddLiquidity', 'RemoveLiquidity', 'TokenExchange']) {
      expect((await page(`minValue=0&type=${t}`)).total, t).toBe(all.filter((x) => x.type === t).length);
    }
    expect((await page('minValue=0&type=AddLiquidity,RemoveLiquidity')).total).toBe(all.filter((x) => x.type !== 'TokenExchange').length);
    expect((await page('minValue=0&influence=%2B')).total).toBe(all.filter((x) => x.influence === '+').length);
    // a bare '+' decodes to a blank, which the kit reads as not given (docs/compat.md): both ways
    expect((await page('minValue=0&influence=+')).total).toBe(all.length);
    expect((await page('minValue=0&influence=-')).total).toBe(all.filter((x) => x.influence === '-').length);
    const sample = [...all].sort(newest)[0];
    if (!sample) return;
    expect((await page(`minValue=0&operator=${sample.operator}`)).total).toBe(all.filter((x) => x.operator === sample.operator).length);
    expect((await page(`minValue=0&pool=${sample.pool}`)).total).toBe(all.filter((x) => x.pool === sample.pool).length);
    expect((await page(`minValue=0&project=${sample.project}`)).total).toBe(all.filter((x) => x.project === sample.project).length);
    const tok = sample.tokens[0]!;
    expect((await page(`minValue=0&token=${tok}`)).total).toBe(all.filter((x) => x.tokens.includes(tok)).length);
  });

  it('window: startTimestamp alone, endTimestamp alone, both; exactly 60 days served', async () => {
    const cases: [string, number, number][] = [
      [`startTimestamp=${head - 10 * DAY}`, head - 10 * DAY, head],
      [`endTimestamp=${head - 5 * DAY}`, head - 65 * DAY, head - 5 * DAY],
      [`startTimestamp=${head - 20 * DAY}&endTimestamp=${head - 3 * DAY}`, head - 20 * DAY, head - 3 * DAY],
      [`startTimestamp=${head - 60 * DAY}&endTimestamp=${head}`, head - 60 * DAY, head],
    ];
    for (const [q, s, e] of cases) expect((await page(`minValue=0&${q}`)).total, q).toBe(inWindow(s, e).length);
  });

  it('an endTimestamp in the future sets startTimestamp to 60 days before it (a given one ignored)', async () => {
    const end = head + 30 * DAY;
    for (const q of [`endTimestamp=${end}`, `endTimestamp=${end}&startTimestamp=${head - 50 * DAY}`]) {
      expect((await page(`minValue=0&${q}`)).total, q).toBe(inWindow(end - 60 * DAY, end).length);
    }
  });

  it('a window inside the lake with filters, every sort, deep pages: the events kept per version and the legs read per request answer alike', async () => {
    const s = head - 20 * DAY;
    const e = head - 3 * DAY;
    const sorts: [string, (a: Ev, b: Ev) => number][] = [
      ['-timestamp', newest], ['timestamp', (a, b) => a.timestamp - b.timestamp || chain(a, b)],
      ['-value', (a, b) => (b.value ?? -1) - (a.value ?? -1) || chain(b, a)], ['value', (a, b) => (a.value ?? -1) - (b.value ?? -1) || chain(a, b)],
      ['-tokenValue', (a, b) => b.tokenValue - a.tokenValue || chain(b, a)], ['tokenValue', (a, b) => a.tokenValue - b.tokenValue || chain(a, b)],
    ];
    const filters: [string, (x: Ev) => boolean][] = [
      ['minValue=0', () => true],
      ['minValue=10&type=TokenExchange&influence=-', (x) => over(10)(x) && x.type === 'TokenExchange' && x.influence === '-'],
      ['minValue=0&maxValue=3000&minTokenValue=1', (x) => x.value !== null && x.value <= 3000 && x.tokenValue >= 1],
    ];
    const asked: string[] = [];
    for (const [sort, cmp] of sorts) {
      for (const [q, keep] of filters) {
        const want = inWindow(s, e).filter(keep).sort(cmp);
        const url = `${q}&sort=${sort}&startTimestamp=${s}&endTimestamp=${e}&start=3&limit=7`;
        const b = await page(url);
        expect(b.total, url).toBe(want.length);
        expect(b.data.map(view), url).toEqual(want.slice(3, 10).map(view));
        asked.push(url);
      }
    }
    const kept = await Promise.all(asked.map(async (q) => (await get(`${URL}?${q}`)).text));
    const before = KEPT_BOUND.legs;
    KEPT_BOUND.legs = 0;
    try {
      for (const [i, q] of asked.entries()) expect((await get(`${URL}?${q}`)).text, q).toBe(kept[i]);
    } finally {
      KEPT_BOUND.legs = before;
    }
  });

  it('400 naming the parameter', async () => {
    for (const [q, param] of [
      [`startTimestamp=${head - 61 * DAY}&endTimestamp=${head}`, 'startTimestamp'], [`startTimestamp=${head}&endTimestamp=${head - 1}`, 'startTimestamp'],
      ['sort=size', 'sort'], ['type=Swap', 'type'], ['influence=x', 'influence'], ['operator=x', 'operator'], ['pool=Tx', 'pool'],
      ['token=abc', 'token'], ['minValue=-1', 'minValue'], ['maxValue=x', 'maxValue'], ['minTokenValue=x', 'minTokenValue'],
      ['maxTokenValue=-2', 'maxTokenValue'], ['startTimestamp=x', 'startTimestamp'], ['endTimestamp=-5', 'endTimestamp'], ['limit=-1', 'limit'],
    ]) {
      const r = await get(`${URL}?${q}`);
      expect(r.status, q).toBe(400);
      expect(r.body.param, q).toBe(param);
    }
  });
});
