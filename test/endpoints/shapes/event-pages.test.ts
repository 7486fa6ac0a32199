/**
 * EventPages (keyEvents' and blackList's pages from memory) against a plain filter and sort of the same events: every
 * path (the merge of the asked groups, time bounds by binary search, the one-pass scan with a filter), both orders,
 * both directions, every offset and limit, over seeded random events with equal timestamps, equal amounts, amounts
 * past 2^64 and events without an amount. Amounts are compared as BigInt here, not as the index's text order.
 */
import { describe, expect, it } from 'vitest';
import { EventPages, type EventOrder, type EventRow } from '../../../src/endpoints/shapes/event-pages.ts';
import { seeded as rng } from '../../../src/bench/seeded.ts';

interface Ev extends EventRow { id: number; group: string; operator: string }


function events(n: number, seed: number): Ev[] {
  const r = rng(seed);
  const out: Ev[] = [];
  let block = 1000;
  for (let i = 0; i < n; i++) {
    if (r() < 0.4) block += 1 + Math.floor(r() * 3);
    const amount = r() < 0.15 ? null : r() < 0.2 ? '5000000' : r() < 0.1 ? (2n ** 70n + BigInt(Math.floor(r() * 1e6))).toString() : String(Math.floor(r() * 1e9));
    out.push({
      id: i, block_number: BigInt(block), timestamp: block * 3000, tx_index: Math.floor(r() * 4), log_index: i,
      amount_raw: amount, group: ['A|Issue', 'A|Redeem', 'B|Issue', 'C|Mint'][Math.floor(r() * 4)]!, operator: `op${Math.floor(r() * 5)}`,
    });
  }
  // shuffled: the index orders them itself
  return out.sort(() => r() - 0.5);
}

const chain = (a: Ev, b: Ev) => Number(a.block_number) - Number(b.block_number) || Number(a.tx_index) - Number(b.tx_index) || Number(a.log_index) - Number(b.log_index);
const big = (e: Ev) => BigInt(e.amount_raw ?? '0');
const byAmount = (a: Ev, b: Ev) => (big(a) < big(b) ? -1 : big(a) > big(b) ? 1 : chain(a, b));

function expected(all: Ev[], q: { groups: string[]; order: EventOrder; descending: boolean; startTs: number | null; endTs: number | null; where: ((e: Ev) => boolean) | null; offset: number; limit: number }) {
  const hit = all.filter((e) => q.groups.includes(e.group) && (q.startTs === null || Number(e.timestamp) >= q.startTs)
    && (q.endTs === null || Number(e.timestamp) <= q.endTs) && (q.where === null || q.where(e)));
  const sorted = hit.sort(q.order === 'time' ? chain : byAmount);
  if (q.descending) sorted.reverse();
  return { total: hit.length, ids: sorted.slice(q.offset, q.offset + q.limit).map((e) => e.id) };
}

describe('EventPages', () => {
  const all = events(600, 7);
  const pages = new EventPages(all, (e) => e.group);
  const ts = all.map((e) => Number(e.timestamp)).sort((a, b) => a - b);

  it('knows its groups', () => {
    expect(pages.groups.sort()).toEqual(['A|Issue', 'A|Redeem', 'B|Issue', 'C|Mint']);
  });

  it('answers every path as a plain filter and sort does', () => {
    const r = rng(11);
    const groupSets = [['A|Issue', 'A|Redeem', 'B|Issue', 'C|Mint'], ['A|Issue'], ['A|Redeem', 'C|Mint'], ['Z|None'], ['B|Issue', 'Z|None'], []];
    const wheres: (((e: Ev) => boolean) | null)[] = [null, (e) => e.operator === 'op2', (e) => big(e) >= 5000000n];
    let n = 0;
    for (const groups of groupSets) for (const order of ['time', 'quantity'] as const) for (const descending of [false, true]) {
      for (const where of wheres) for (let k = 0; k < 6; k++) {
        const startTs = k % 3 === 0 ? null : ts[Math.floor(r() * ts.length)]!;
        const endTs = k % 2 === 0 ? null : ts[Math.floor(r() * ts.length)]! + (k === 5 ? 1_000_000 : 0);
        const offset = [0, 1, 7, 150, 599, 700][k]!;
        const limit = [100, 1, 20, 0, 100, 3][k]!;
        const q = { groups, order, descending, startTs, endTs, where, offset, limit };
        const got = pages.page(q as Parameters<typeof pages.page>[0]);
        expect({ total: got.total, ids: got.rows.map((e) => e.id) }, JSON.stringify({ ...q, where: wheres.indexOf(where) })).toEqual(expected(all, q));
        n++;
      }
    }
    expect(n).toBe(6 * 2 * 2 * 3 * 6);
  });

  it('pages through every event of the asked groups once, in order, both ways', () => {
    for (const order of ['time', 'quantity'] as const) for (const descending of [false, true]) {
      const got: number[] = [];
      for (let offset = 0; offset < all.length; offset += 37) {
        got.push(...pages.page({ groups: ['A|Issue', 'C|Mint'], order, descending, startTs: null, endTs: null, where: null, offset, limit: 37 }).rows.map((e) => e.id));
      }
      expect(got).toEqual(expected(all, { groups: ['A|Issue', 'C|Mint'], order, descending, startTs: null, endTs: null, where: null, offset: 0, limit: all.length }).ids);
    }
  });

  it('an empty index answers nothing', () => {
    expect(new EventPages<Ev>([], (e) => e.group).page({ groups: ['A|Issue'], order: 'time', descending: true, startTs: null, endTs: null, where: null, offset: 0, limit: 10 }))
      .toEqual({ total: 0, rows: [] });
  });
});
