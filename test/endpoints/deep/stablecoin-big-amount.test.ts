/**
 * GET /api/deep/stableCoin/bigAmount against plain SQL over raw token_transfers and logs (big-amount-expected.ts: the
 * protocol events' topic0 decoded here, USD by the price rule): every row's type and USD, each type code, address and
 * related filters, sorts both ways, each range bound alone, defaults, the 6-month window at both bounds, every 400.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, testManifest } from '../../helpers/lake.ts';
import { STABLECOIN_CONTRACTS } from '../../../src/chain/stablecoins.ts';
import {
  type Move, amountAtLeast, amountAtMost, exactUsdText, itemOf, nudge, moves, selected, sorter, typeOf, usdAtLeast, usdAtMost, usdBoundCases, usdBoundWitnesses,
} from './big-amount-expected.ts';
import { keyedLimits } from '../../../src/endpoints/shapes/big-amount-keyed.ts';
import { KEPT_BOUND } from '../../../src/endpoints/shapes/big-amount-stable-index.ts';

const URL = '/api/deep/stableCoin/bigAmount';
const DAY = 86_400_000;
const SPAN = 184 * DAY;
const DECIMALS = new Map(STABLECOIN_CONTRACTS.map((c) => [c.address, c.decimals]));
const IN = STABLECOIN_CONTRACTS.map((c) => `'${c.address}'`).join(', ');

let head = 0;
let all: Move[] = [];

beforeAll(async () => {
  head = (await testManifest()).head.timestamp;
  all = await moves(`t.contract_address IN (${IN})`, async (t) => DECIMALS.get(t)!);
});

async function page(q: string): Promise<any> {
  const r = await get(`${URL}?${q}`);
  expect(r.status, q).toBe(200);
  expect(r.body.code, q).toBe(0);
  return r.body;
}

/** The expected page and total of a request, over `rows` already filtered by everything but types and window. */
function expected(rows: Move[], o: { types: number[]; address?: string; start?: number; end?: number; sortBy?: 'time' | 'amount' | 'usd'; asc?: boolean; limit?: number }) {
  const end = o.end ?? head;
  const start = o.start ?? end - SPAN;
  const kept = rows.filter((m) => m.time >= start && m.time <= end && selected(m, o.address ?? null, o.types))
    .sort(sorter(o.sortBy ?? 'time', o.asc ?? false));
  return { total: kept.length, data: kept.slice(0, Math.min(o.limit ?? 100, 100)).map((m) => itemOf(m, o.address ?? null)) };
}

async function check(q: string, rows: Move[], o: Parameters<typeof expected>[1]) {
  const b = await page(q);
  const want = expected(rows, o);
  expect(b.total, q).toBe(want.total);
  expect(b.data, q).toEqual(want.data);
  return b;
}

// Without an address, two paths answer: the kept index with classified_transfers' key file (the default), and the
// statement (a lake with more rows than the index keeps, or no key file): every case runs on both.
/** The key-file reads of classified_transfers a response's Server-Timing names: one a page row on the index path. */
const keyReads = (timing: string): number => (timing.match(/keys\.classified_transfers/g) ?? []).length;
const PATHS: [string, number][] = [['kept index', KEPT_BOUND.rows], ['statement', 0]];

describe.each(PATHS)(`GET ${URL} (%s)`, (_path, bound) => {
  let saved = 0;
  beforeAll(async () => {
    saved = KEPT_BOUND.rows;
    KEPT_BOUND.rows = bound;
    // the index is built in the background (the statement answers meanwhile): wait until it answers
    for (let i = 0; bound > 0 && i < 600; i++) {
      if (keyReads(String((await get(`${URL}?types=0`)).headers['server-timing'] ?? '')) > 1) break;
      await new Promise((r) => setTimeout(r, 100));
    }
  });
  afterAll(() => { KEPT_BOUND.rows = saved; });

  it('the lake has stablecoin transfers of the protocol types (the generated one: every type 3-9)', async () => {
    expect(all.length).toBeGreaterThan(0);
    const kinds = new Set(all.map((x) => x.protocol));
    // the generator's DeFi kinds move stablecoins in every way; the ingested chain holds swaps (USDT/WTRX, a 2pool exchange)
    if ((await testManifest()).source.kind === 'generate') expect(kinds).toEqual(new Set([0, 3, 4, 5, 6, 7, 8, 9]));
    else expect(kinds.has(3)).toBe(true);
  });

  it('defaults: types=0 over the 6 months (184 days) ending at the head, newest first, 100 rows, tokenInfos', async () => {
    const b = await check('types=0', all, { types: [0] });
    // tokenInfos is the tokens dimension's (an ingested lake has what the node answered); amounts use the registry's decimals
    for (const t of new Set(b.data.map((x: any) => x.token))) expect(b.tokenInfos[t as string].tokenId).toBe(t);
    expect(Object.keys(b.tokenInfos).sort()).toEqual([...new Set(b.data.map((x: any) => x.token))].sort());
    // the path asked answered: the kept index reads its page's rows from the key file (Server-Timing names it)
    const timing = String((await get(`${URL}?types=0&sortBy=usd`)).headers['server-timing'] ?? '');
    expect(keyReads(timing) > 1).toBe(bound > 0);
  });

  it('each type code alone, and a list; without an address types 1 and 2 both select the plain transfers', async () => {
    for (let t = 1; t <= 9; t++) await check(`types=${t}`, all, { types: [t] });
    await check('types=3,6,9', all, { types: [3, 6, 9] });
    await check('types=4,%205', all, { types: [4, 5] });
    const plain = all.filter((m) => m.protocol === 0).length;
    expect((await page('types=1')).total).toBe(plain);
    expect((await page('types=2')).total).toBe(plain);
  });

  it('address: 1 in, 2 out relative to it, protocol types kept; relatedAddress with and without it; relatedToken', async () => {
    // the busiest sender that also receives, in plain transfers (a pool's are all protocol-typed)
    const counts = new Map<string, { out: number; in: number }>();
    for (const m of all.filter((x) => x.protocol === 0)) {
      const f = counts.get(m.from) ?? { out: 0, in: 0 }; f.out++; counts.set(m.from, f);
      const t = counts.get(m.to) ?? { out: 0, in: 0 }; t.in++; counts.set(m.to, t);
    }
    const busiest = (list: [string, { out: number; in: number }][]) =>
      list.sort((a, b) => b[1].out + b[1].in - a[1].out - a[1].in || (a[0] < b[0] ? -1 : 1))[0];
    // (the ingested chain's plain senders may receive none: then the busiest sender)
    const [address] = (busiest([...counts].filter(([, c]) => c.in > 0 && c.out > 0)) ?? busiest([...counts].filter(([, c]) => c.out > 0)))!;
    const mine = all.filter((m) => m.from === address || m.to === address);
    for (const types of [[0], [1], [2], [1, 2], [3, 4, 5, 6, 7, 8, 9]]) {
      await check(`types=${types.join(',')}&address=${address}`, mine, { types, address });
    }
    expect(mine.some((m) => typeOf(m, address) === 2)).toBe(true);
    const other = mine.find((m) => m.from !== m.to)!;
    const related = other.from === address ? other.to : other.from;
    await check(`types=0&address=${address}&relatedAddress=${related}`,
      mine.filter((m) => (m.from === related && m.to === address) || (m.to === related && m.from === address)), { types: [0], address });
    await check(`types=0&relatedAddress=${related}`, all.filter((m) => m.from === related || m.to === related), { types: [0] });
    for (const c of STABLECOIN_CONTRACTS) await check(`types=0&relatedToken=${c.address}`, all.filter((m) => m.token === c.address), { types: [0] });
  });

  it('with an address, the statement path (an address with more rows than key files serve) answers as the key-file path', async () => {
    const counts = new Map<string, number>();
    for (const m of all) for (const a of new Set([m.from, m.to])) counts.set(a, (counts.get(a) ?? 0) + 1);
    const [address] = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).find(([, n]) => n >= 2)!;
    const mine = all.filter((m) => m.from === address || m.to === address);
    const saved = keyedLimits.rowsMax;
    try {
      for (const rowsMax of [saved, 0]) {
        keyedLimits.rowsMax = rowsMax;
        for (const types of [[0], [1], [2], [3, 4, 5, 6, 7, 8, 9]]) await check(`types=${types.join(',')}&address=${address}`, mine, { types, address });
        for (const sortBy of ['amount', 'usd'] as const) {
          for (const asc of [true, false]) await check(`types=0&address=${address}&sortBy=${sortBy}&asc=${asc}`, mine, { types: [0], address, sortBy, asc });
        }
        const other = mine.find((m) => m.from !== m.to)!;
        const related = other.from === address ? other.to : other.from;
        await check(`types=0&address=${address}&relatedAddress=${related}`,
          mine.filter((m) => (m.from === related && m.to === address) || (m.to === related && m.from === address)), { types: [0], address });
        const mid = itemOf([...mine].sort(sorter('amount', true))[Math.floor(mine.length / 2)]!, null).amount;
        await check(`types=0&address=${address}&txAmount=${mid},`, mine.filter((m) => amountAtLeast(m, mid)), { types: [0], address });
        for (const w of usdBoundWitnesses(mine)) {
          const x = exactUsdText(w);
          await check(`types=0&address=${address}&txUsd=${x},${x}`, mine.filter((m) => usdAtLeast(m, x) && usdAtMost(m, x)), { types: [0], address });
          await check(`types=0&address=${address}&txUsd=,${nudge(x, -1)}`, mine.filter((m) => usdAtMost(m, nudge(x, -1))), { types: [0], address });
        }
      }
    } finally {
      keyedLimits.rowsMax = saved;
    }
  });

  it('sorts: time, amount and usd, both ways (unpriced rows last both ways); an unknown sortBy is time', async () => {
    for (const sortBy of ['time', 'amount', 'usd'] as const) {
      for (const asc of [true, false]) await check(`types=0&sortBy=${sortBy}&asc=${asc}`, all, { types: [0], sortBy, asc });
    }
    await check('types=0&sortBy=size&asc=true', all, { types: [0], asc: true });
  });

  it('txAmount (exact, whole tokens, bounds inclusive) and txUsd, each bound alone and both', async () => {
    const byAmount = [...all].sort(sorter('amount', true));
    const mid = itemOf(byAmount[Math.floor(byAmount.length / 2)]!, null).amount;
    const high = itemOf(byAmount[Math.floor(byAmount.length * 0.9)]!, null).amount;
    const cases: [string, (m: Move) => boolean][] = [
      [`txAmount=${mid},`, (m) => amountAtLeast(m, mid)],
      [`txAmount=,${mid}`, (m) => amountAtMost(m, mid)],
      [`txAmount=${mid},${high}`, (m) => amountAtLeast(m, mid) && amountAtMost(m, high)],
      ['txUsd=1000,', (m) => usdAtLeast(m, 1000)],
      ['txUsd=,1000', (m) => usdAtMost(m, 1000)],
      ['txUsd=100,50000.5', (m) => usdAtLeast(m, 100) && usdAtMost(m, 50000.5)],
      [`txAmount=${mid},&txUsd=,100000`, (m) => amountAtLeast(m, mid) && usdAtMost(m, 100000)],
    ];
    for (const [q, keep] of cases) {
      await check(`types=0&${q}`, all.filter(keep), { types: [0] });
      // sorted by a value, a bound is where the kept index starts its walk
      for (const sortBy of ['amount', 'usd'] as const) {
        for (const asc of [true, false]) await check(`types=0&${q}&sortBy=${sortBy}&asc=${asc}`, all.filter(keep), { types: [0], sortBy, asc });
      }
      // a part of the window and of the types: the count walks the window's rows
      const first = Math.min(...all.map((m) => m.time));
      const mid = Math.floor((first + head) / 2000) * 1000;
      await check(`types=1,3,9&${q}&endTime=${mid / 1000}&sortBy=usd`, all.filter(keep), { types: [1, 3, 9], end: mid, sortBy: 'usd' });
    }
    // an amount bound with more decimals than a token has: exact, not rounded to the token's unit
    const fine = `${mid.includes('.') ? mid : `${mid}.`}0000000000000000001`;
    await check(`types=0&txAmount=${fine},`, all.filter((m) => amountAtLeast(m, fine)), { types: [0] });
    await check(`types=0&txAmount=,${fine}`, all.filter((m) => amountAtMost(m, fine)), { types: [0] });
  });

  it("txUsd is exact: a bound equal to a row's exact USD keeps it (min and max), one 1e-20 beyond cuts it", async () => {
    const witnesses = usdBoundWitnesses(all);
    if ((await testManifest()).source.kind === 'generate') expect(witnesses.length).toBeGreaterThan(0);
    for (const w of witnesses) {
      for (const { q, keep, keepsWitness } of usdBoundCases(w)) {
        const expected = all.filter(keep);
        expect(expected.includes(w), q).toBe(keepsWitness);
        await check(`types=0&relatedToken=${w.token}&${q}`, expected.filter((m) => m.token === w.token), { types: [0] });
        await check(`types=0&relatedToken=${w.token}&${q}&sortBy=amount&asc=true`, expected.filter((m) => m.token === w.token), { types: [0], sortBy: 'amount', asc: true });
      }
    }
  });

  it('window: startTime alone, endTime alone, both; exactly 6 months (184 days) served; limit cut at 100, 0 allowed', async () => {
    const first = Math.min(...all.map((m) => m.time));
    const mid = Math.floor((first + head) / 2000) * 1000;
    await check(`types=0&startTime=${mid / 1000}`, all, { types: [0], start: mid });
    await check(`types=0&endTime=${mid / 1000}`, all, { types: [0], end: mid });
    await check(`types=0&startTime=${(mid - 2 * DAY) / 1000}&endTime=${mid / 1000}`, all, { types: [0], start: mid - 2 * DAY, end: mid });
    const end = Math.floor(head / 1000) * 1000;
    await check(`types=0&startTime=${(end - SPAN) / 1000}&endTime=${end / 1000}`, all, { types: [0], start: end - SPAN, end });
    await check('types=0&limit=500', all, { types: [0], limit: 100 });
    const z = await page('types=0&limit=0');
    expect(z.data).toEqual([]);
    expect(z.total).toBe(expected(all, { types: [0] }).total);
  });

  it('400 naming the parameter', async () => {
    const end = Math.floor(head / 1000);
    for (const [q, param] of [
      ['', 'types'], ['types=', 'types'], ['types=x', 'types'], ['types=10', 'types'], ['types=1,-1', 'types'],
      [`types=0&startTime=${end - SPAN / 1000 - 1}&endTime=${end}`, 'startTime'], [`types=0&startTime=${end}&endTime=${end - 1}`, 'startTime'],
      [`types=0&startTime=${end - SPAN / 1000 - 1}`, 'startTime'],
      ['types=0&startTime=x', 'startTime'], ['types=0&endTime=-5', 'endTime'], ['types=0&address=x', 'address'],
      ['types=0&relatedAddress=Tx', 'relatedAddress'], ['types=0&relatedToken=TNUC9Qb1rRpS5CbWLmNMxXBjyFoydXjWFR', 'relatedToken'],
      ['types=0&txUsd=x', 'txUsd'], ['types=0&txUsd=5', 'txUsd'], ['types=0&txUsd=5,1', 'txUsd'], ['types=0&txAmount=1,x', 'txAmount'],
      ['types=0&txAmount=-1,', 'txAmount'], ['types=0&txAmount=9,2', 'txAmount'], ['types=0&asc=maybe', 'asc'], ['types=0&limit=-1', 'limit'],
    ]) {
      const r = await get(`${URL}?${q}`);
      expect(r.status, q).toBe(400);
      expect(r.body.param, q).toBe(param);
    }
  });
});
