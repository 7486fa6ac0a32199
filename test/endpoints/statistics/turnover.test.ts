/**
 * /api/turnover against the supply figures recomputed from the raw blocks, transactions, chain_parameters / proposals
 * snapshots and chain_anchors (test/helpers/supply.ts): every day's rewards, burn, net and end-of-day supply; month,
 * quarter and year rows as sums of their days with the supply at their last day; the rewards on both lakes (the
 * ingested one's parameters reach back from its head snapshot); null supply without the anchors (the ingested lake);
 * the `from=issuance` extras; CSV; both bounds alone, the defaults and every 400. Amounts are compared as the JSON
 * literals sent (exact beyond 2^53).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { get, sql, testManifest } from '../../helpers/lake.ts';
import { anchorBefore, supplyByDay, supplyDays, trxText, type SupplyDay } from '../../helpers/supply.ts';
import { arrayPart, field, objects } from '../../exact/json-text.ts';

const DAY = 86_400_000;
const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

let days: SupplyDay[] = [];
let supply = new Map<string, bigint | null>();
let headTs = 0;

beforeAll(async () => {
  [days, supply] = await Promise.all([supplyDays(), supplyByDay()]);
  headTs = (await testManifest()).head.timestamp;
});

interface Expected { day: string; blockPay: bigint | null; nodePay: bigint | null; burn: bigint; supply: bigint | null }

/** The expected rows of a granularity over the lake days in [from, to]. */
function expected(from: string, to: string, bucket: (day: string) => string): Expected[] {
  const out = new Map<string, Expected>();
  for (const d of days.filter((x) => x.day >= from && x.day <= to)) {
    const key = bucket(d.day);
    const known = d.unknown === 0n;
    const e = out.get(key) ?? { day: key, blockPay: 0n, nodePay: 0n, burn: 0n, supply: null };
    e.blockPay = e.blockPay === null || !known ? null : e.blockPay + d.blockPay;
    e.nodePay = e.nodePay === null || !known ? null : e.nodePay + d.nodePay;
    e.burn += d.burn;
    e.supply = supply.get(d.day) ?? null; // days ascend: the bucket's last day in the range
    out.set(key, e);
  }
  return [...out.values()];
}

/** The literal fields of the answer's data rows, as sent. */
function literalRows(text: string): Record<string, string | undefined>[] {
  return objects(arrayPart(text, 'data')).map((o) => Object.fromEntries(['day', 'total_turn_over', 'total_produce', 'total_block_pay', 'total_node_pay', 'total_burn', 'worth'].map((k) => [k, field(o, k)])));
}

function asLiterals(rows: Expected[]): Record<string, string>[] {
  return rows.map((e) => {
    const produce = e.blockPay === null || e.nodePay === null ? null : e.blockPay + e.nodePay;
    return {
      day: e.day,
      total_turn_over: trxText(e.supply),
      total_produce: trxText(produce),
      total_block_pay: trxText(e.blockPay),
      total_node_pay: trxText(e.nodePay),
      total_burn: trxText(e.burn),
      worth: trxText(produce === null ? null : produce - e.burn),
    };
  });
}

const month = (d: string) => `${d.slice(0, 7)}-01`;
const quarter = (d: string) => `${d.slice(0, 5)}${String(Math.floor((Number(d.slice(5, 7)) - 1) / 3) * 3 + 1).padStart(2, '0')}-01`;
const year = (d: string) => `${d.slice(0, 4)}-01-01`;

describe('GET /api/turnover', () => {
  it('defaults: every day of the lake, rewards at the parameters in force, fees burned, supply from the anchors', async () => {
    expect(days.length).toBeGreaterThan(1);
    const r = await get('/api/turnover');
    expect(r.status).toBe(200);
    expect(r.body.total).toBe(days.length);
    expect(literalRows(r.text)).toEqual(asLiterals(expected(days[0]!.day, days.at(-1)!.day, (d) => d)));
    expect(Object.keys(r.body).sort()).toEqual(['data', 'total']);
  });

  it("both lakes know their rewards (blocks × the parameters in force); the generated one has anchors, the ingested one none: null supply there", async () => {
    const m = await testManifest();
    const [issued, burned] = await Promise.all([anchorBefore('issued_sun'), anchorBefore('burned_sun')]);
    const r = await get('/api/turnover');
    const rows = r.body.data as { day: string; total_turn_over: unknown; total_block_pay: unknown; total_node_pay: unknown; total_burn: unknown }[];
    // Minted per day = the day's blocks (the genesis block pays none) × the newest snapshot's rewards: neither lake
    // changes them inside its window (the generator's proposals leave them alone; the fake node lists no such change).
    const pay = new Map((await sql(`SELECT key, value FROM snap_chain_parameters WHERE as_of_block = (SELECT max(as_of_block) FROM snap_chain_parameters)`)).map((x) => [String(x.key), BigInt(String(x.value))]));
    const perDay = new Map((await sql(`SELECT strftime(epoch_ms("timestamp"), '%Y-%m-%d') AS day, count(*) FILTER (WHERE block_number > 0) AS n FROM raw_blocks GROUP BY 1`)).map((x) => [String(x.day), BigInt(String(x.n))]));
    expect(pay.get('getWitnessPayPerBlock')).toBeGreaterThan(0n);
    const literal = literalRows(r.text);
    expect(literal.map((x) => [x.day, x.total_block_pay, x.total_node_pay])).toEqual(
      rows.map((x) => [x.day, trxText(perDay.get(x.day)! * pay.get('getWitnessPayPerBlock')!), trxText(perDay.get(x.day)! * pay.get('getWitness127PayPerBlock')!)]),
    );
    if (m.source.kind === 'generate') {
      expect(issued !== null && burned !== null).toBe(true);
      expect(rows.every((x) => x.total_turn_over !== null)).toBe(true);
    } else {
      expect(issued === null || burned === null).toBe(true);
      expect(rows.every((x) => x.total_turn_over === null)).toBe(true);
    }
    // The per-period burn answers on any lake.
    expect(rows.every((x) => x.total_burn !== null)).toBe(true);
  });

  it('month, quarter and year rows are sums of their days (the current period partial), supply at the last day', async () => {
    const all = [days[0]!.day, days.at(-1)!.day] as const;
    for (const [type, bucket] of [['1', month], ['2', quarter], ['3', year], ['month', month]] as const) {
      const r = await get(`/api/turnover?type=${type}`);
      expect(r.status).toBe(200);
      const want = expected(all[0], all[1], bucket);
      expect(literalRows(r.text)).toEqual(asLiterals(want));
      expect(r.body.total).toBe(want.length);
    }
    // A range starting mid-month: the first month sums only the days from the start.
    const start = days[Math.min(3, days.length - 1)]!.day;
    const r = await get(`/api/turnover?type=1&start_timestamp=${Date.parse(`${start}T10:00:00Z`)}`);
    expect(literalRows(r.text)).toEqual(asLiterals(expected(start, all[1], month)));
  });

  it('each bound alone, both, and size keeping the last rows', async () => {
    const mid = days[Math.floor(days.length / 2)]!.day;
    const lastDay = days.at(-1)!.day;
    const onlyStart = await get(`/api/turnover?start_timestamp=${Date.parse(`${mid}T23:59:59Z`)}`);
    expect(literalRows(onlyStart.text)).toEqual(asLiterals(expected(mid, lastDay, (d) => d)));
    const onlyEnd = await get(`/api/turnover?end_timestamp=${Date.parse(`${mid}T00:00:00Z`)}`);
    expect(literalRows(onlyEnd.text)).toEqual(asLiterals(expected(days[0]!.day, mid, (d) => d)));
    const both = await get(`/api/turnover?start_timestamp=${Date.parse(`${mid}T00:00:00Z`)}&end_timestamp=${Date.parse(`${mid}T12:00:00Z`)}`);
    expect(literalRows(both.text)).toEqual(asLiterals(expected(mid, mid, (d) => d)));
    const sized = await get('/api/turnover?size=2');
    expect(sized.body.total).toBe(days.length);
    expect(literalRows(sized.text)).toEqual(asLiterals(expected(days[0]!.day, lastDay, (d) => d)).slice(-2));
    const max = await get('/api/turnover?size=10000');
    expect(max.status).toBe(200);
    expect(max.body.data).toHaveLength(days.length);
    // Before the lake: no rows.
    const before = await get(`/api/turnover?end_timestamp=${Date.parse(`${days[0]!.day}T00:00:00Z`) - DAY}`);
    expect(before.body).toEqual({ total: 0, data: [] });
  });

  it('from=issuance: yesterday and the whole-day windows ending yesterday; null where the lake does not cover them', async () => {
    const m = await testManifest();
    const r = await get('/api/turnover?from=issuance');
    expect(r.status).toBe(200);
    const yesterday = dayOf(headTs - DAY);
    const firstWhole = m.first.timestamp % DAY === 0 ? dayOf(m.first.timestamp) : dayOf(m.first.timestamp + DAY);
    const y = days.find((d) => d.day === yesterday);
    const text = r.text;
    const lit = (k: string) => field(text.slice(text.lastIndexOf(']')), k);
    const net = (n: number): string => {
      const from = dayOf(Date.parse(`${yesterday}T00:00:00Z`) - (n - 1) * DAY);
      const inWin = days.filter((d) => d.day >= from && d.day <= yesterday);
      if (from < firstWhole || inWin.length !== n || inWin.some((d) => d.unknown > 0n)) return 'null';
      return trxText(inWin.reduce((a, d) => a + d.blockPay + d.nodePay - d.burn, 0n));
    };
    expect(lit('last_14_days')).toBe(net(14));
    expect(lit('last_30_days')).toBe(net(30));
    expect(lit('last_180_days')).toBe(net(180));
    expect(lit('year_worth_percent')).toBe('null'); // neither test lake holds a year
    expect(y).toBeDefined();
    const known = y!.unknown === 0n;
    expect(lit('yesterday_burn')).toBe(trxText(y!.burn));
    expect(lit('yesterday_block_pay')).toBe(known ? trxText(y!.blockPay) : 'null');
    expect(lit('yesterday_node_pay')).toBe(known ? trxText(y!.nodePay) : 'null');
    expect(lit('yesterday_produce')).toBe(known ? trxText(y!.blockPay + y!.nodePay) : 'null');
    expect(lit('yesterday_worth')).toBe(known ? trxText(y!.blockPay + y!.nodePay - y!.burn) : 'null');
    expect(lit('yesterday_turn_over')).toBe(trxText(supply.get(yesterday) ?? null));
    // The generated lake (36 days from a mid-day start) holds 14 and 30 whole days: those two answer there.
    if (m.source.kind === 'generate') expect(lit('last_30_days')).not.toBe('null');
    expect(r.body.data).toHaveLength(days.length);
  });

  it('format=csv: the same rows', async () => {
    const json = await get('/api/turnover?type=1');
    const csv = await get('/api/turnover?type=1&format=csv');
    expect(csv.status).toBe(200);
    const lines = csv.text.trim().split(/\r?\n/);
    expect(lines[0]).toBe('day,total_turn_over,total_produce,total_block_pay,total_node_pay,total_burn,worth');
    expect(lines.slice(1)).toEqual(literalRows(json.text).map((r) => Object.values(r).map((v) => (v === 'null' ? '' : v)).join(',')));
  });

  it('400 for a bad type, size 0 or 10001, from other than issuance, a bad time and an end before the start', async () => {
    for (const q of ['type=4', 'type=week', 'size=0', 'size=10001', 'size=x', 'from=other', 'start_timestamp=abc', 'end_timestamp=-1x', `start_timestamp=${headTs}&end_timestamp=${headTs - 2 * DAY}`]) {
      const r = await get(`/api/turnover?${q}`);
      expect(r.status, q).toBe(400);
      expect(r.text).not.toMatch(/SELECT|\.sql|at .*\.ts/);
    }
  });
});
