/**
 * Pages of a version's stablecoin admin events in chain or amount order, from memory (keyEvents, blackList).
 *
 * Why not SQL per request: both endpoints filter, count and sort every event of the asked coins at each request
 * (count(*) OVER () and a sort by amount), so their cost grew with the events: 6 ms over the default lake's 3,049
 * events, 11 ms over the 12-day bench stand-in's 10,454 (ratio 1.77, issue 31), and ~100 ms in SQL over 104,540
 * (the stand-in ×10, a 120-day bench lake's count). The events are kept once per version, ordered both ways, and
 * grouped (keyEvents: coin and event name; blackList: contract): a page without other filters is a merge of the
 * asked groups' ordered lists that stops at its last row, its total the sum of the group sizes (flat with history);
 * time bounds narrow each group by binary search; any other filter is one pass over the ordered events, no sort.
 *
 * Orders are the templates' exactly: time = (block_number, tx_index, log_index); quantity = (length of the canonical
 * amount text, the text, then time), an event without an amount counting as '0'; descending is the reverse.
 */

/** What the index reads of an event row (the columns of sql/deep/stablecoin-events-all.sql). */
export interface EventRow {
  block_number: number | bigint | null;
  timestamp: number | bigint | null;
  tx_index: number | bigint | null;
  log_index: number | bigint | null;
  amount_raw: string | null;
}

export type EventOrder = 'time' | 'quantity';

export interface EventQuery<R> {
  /** Group keys asked; the events of other groups are left out. */
  groups: readonly string[];
  order: EventOrder;
  descending: boolean;
  /** Inclusive time bounds (ms), each optional. */
  startTs: number | null;
  endTs: number | null;
  /** Any further filter (operator, amount bounds, target), or null. */
  where: ((row: R) => boolean) | null;
  offset: number;
  limit: number;
}

/** An amount's canonical decimal text and its order key: length, then digits (exact for any uint256). */
export const amountText = (raw: string | null): string => raw ?? '0';
export function compareAmountText(a: string, b: string): number {
  return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
}

const num = (v: number | bigint | null): number => Number(v ?? 0);

export class EventPages<R extends EventRow> {
  /** Rows in chain order (the index of a row is its time rank). */
  private readonly rows: readonly R[];
  private readonly ts: Float64Array;
  /** Row indexes in amount order; amountRank[i] = position of row i in it. */
  private readonly byAmount: Int32Array;
  private readonly groupOf: Int32Array;
  private readonly groupIds = new Map<string, number>();
  /** Per group: its rows' time ranks, ascending, and their amount ranks, ascending. */
  private readonly groupTime: Int32Array[] = [];
  private readonly groupAmount: Int32Array[] = [];

  /** `rows` in any order; `keyOf` names each row's group. */
  constructor(rows: readonly R[], keyOf: (row: R) => string) {
    const chain = [...rows].sort((a, b) =>
      num(a.block_number) - num(b.block_number) || num(a.tx_index) - num(b.tx_index) || num(a.log_index) - num(b.log_index));
    this.rows = chain;
    const n = chain.length;
    this.ts = Float64Array.from(chain, (r) => num(r.timestamp));
    const texts = chain.map((r) => amountText(r.amount_raw));
    this.byAmount = Int32Array.from(chain.keys()).sort((a, b) => compareAmountText(texts[a]!, texts[b]!) || a - b);
    const amountRank = new Int32Array(n);
    this.byAmount.forEach((row, rank) => { amountRank[row] = rank; });
    this.groupOf = new Int32Array(n);
    const time: number[][] = [];
    chain.forEach((r, i) => {
      const key = keyOf(r);
      let g = this.groupIds.get(key);
      if (g === undefined) this.groupIds.set(key, (g = time.push([]) - 1));
      this.groupOf[i] = g;
      time[g]!.push(i);
    });
    for (const t of time) {
      this.groupTime.push(Int32Array.from(t));
      this.groupAmount.push(Int32Array.from(t, (i) => amountRank[i]!).sort());
    }
  }

  /** The group keys that have events. */
  get groups(): string[] {
    return [...this.groupIds.keys()];
  }

  /** The page and the count of every matching event, e.g. `pages.page({ groups: ['USDT|Issue'], order: 'time', … })`. */
  page(q: EventQuery<R>): { total: number; rows: R[] } {
    const gs = [...new Set(q.groups)].map((k) => this.groupIds.get(k)).filter((g): g is number => g !== undefined);
    if (q.where === null && (q.order === 'time' || (q.startTs === null && q.endTs === null))) return this.merged(gs, q);
    return this.scanned(gs, q);
  }

  /** No filter but time bounds (time order) or none: each group's ordered slice, merged up to the page's end. */
  private merged(gs: number[], q: EventQuery<R>): { total: number; rows: R[] } {
    const time = q.order === 'time';
    const lists = gs.map((g) => {
      const ranks = time ? this.groupTime[g]! : this.groupAmount[g]!;
      if (!time) return { ranks, lo: 0, hi: ranks.length };
      return { ranks, lo: this.firstAtOrAfter(ranks, q.startTs), hi: this.firstAfter(ranks, q.endTs) };
    }).filter((l) => l.hi > l.lo);
    const total = lists.reduce((s, l) => s + l.hi - l.lo, 0);
    const out: R[] = [];
    const end = Math.min(total, q.offset + q.limit);
    // Heads walk inward from the end the order starts at; the smallest (largest) head rank is next.
    const heads = lists.map((l) => (q.descending ? l.hi - 1 : l.lo));
    for (let k = 0; k < end; k++) {
      let best = -1;
      for (let j = 0; j < lists.length; j++) {
        const h = heads[j]!;
        if (h < lists[j]!.lo || h >= lists[j]!.hi) continue;
        if (best < 0 || (q.descending ? lists[j]!.ranks[h]! > lists[best]!.ranks[heads[best]!]! : lists[j]!.ranks[h]! < lists[best]!.ranks[heads[best]!]!)) best = j;
      }
      const rank = lists[best]!.ranks[heads[best]!]!;
      heads[best]! += q.descending ? -1 : 1;
      if (k >= q.offset) out.push(this.rows[time ? rank : this.byAmount[rank]!]!);
    }
    return { total, rows: out };
  }

  /** Any other filter: one pass over the events in the asked order (time order: only inside the time bounds). */
  private scanned(gs: number[], q: EventQuery<R>): { total: number; rows: R[] } {
    const asked = new Uint8Array(this.groupTime.length);
    for (const g of gs) asked[g] = 1;
    const time = q.order === 'time';
    const lo = time ? this.firstRowAtOrAfter(q.startTs) : 0;
    const hi = time ? this.firstRowAfter(q.endTs) : this.rows.length;
    let total = 0;
    const out: R[] = [];
    for (let k = 0; k < hi - lo; k++) {
      const at = q.descending ? hi - 1 - k : lo + k;
      const i = time ? at : this.byAmount[at]!;
      if (!asked[this.groupOf[i]!]) continue;
      const t = this.ts[i]!;
      if ((q.startTs !== null && t < q.startTs) || (q.endTs !== null && t > q.endTs)) continue;
      const row = this.rows[i]!;
      if (q.where !== null && !q.where(row)) continue;
      if (total >= q.offset && out.length < q.limit) out.push(row);
      total++;
    }
    return { total, rows: out };
  }

  /** First position in `ranks` (time ranks, ascending) whose event is at or after `ts` (0 without a bound). */
  private firstAtOrAfter(ranks: Int32Array, ts: number | null): number {
    return ts === null ? 0 : lowerBound(ranks.length, (i) => this.ts[ranks[i]!]! >= ts);
  }

  private firstAfter(ranks: Int32Array, ts: number | null): number {
    return ts === null ? ranks.length : lowerBound(ranks.length, (i) => this.ts[ranks[i]!]! > ts);
  }

  private firstRowAtOrAfter(ts: number | null): number {
    return ts === null ? 0 : lowerBound(this.rows.length, (i) => this.ts[i]! >= ts);
  }

  private firstRowAfter(ts: number | null): number {
    return ts === null ? this.rows.length : lowerBound(this.rows.length, (i) => this.ts[i]! > ts);
  }
}

/** The first i in [0, n) where `ok(i)` holds, given it holds from some point on (n when never). */
export function lowerBound(n: number, ok: (i: number) => boolean): number {
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (ok(mid)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}
