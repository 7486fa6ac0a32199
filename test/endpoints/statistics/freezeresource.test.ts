/**
 * /api/freezeresource against the raw tables: the supply at the end of each day from test/helpers/supply.ts (null
 * without the anchors), the stake weights reconstructed here from the newest network snapshot and the raw stake
 * transactions after each day (as the acquisition-cost test does; the chain rounds per operation, so within a TRX per
 * stake move), and every ratio and 24 h change recomputed from those integers; CSV; both day bounds alone, the
 * defaults and every 400.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { get, sql, testManifest } from '../../helpers/lake.ts';
import { supplyByDay, supplyDays } from '../../helpers/supply.ts';

interface Weights { day: string; energy: number; net: number; tp: number; moves: number }
let weights: Weights[] = [];
let supply = new Map<string, bigint | null>();
let limits = { energy: 0, net: 0 };

beforeAll(async () => {
  supply = await supplyByDay();
  const [snap] = await sql(`SELECT * FROM snap_network_snapshots ORDER BY as_of_block DESC LIMIT 1`);
  if (!snap) return;
  limits = { energy: Number(snap.total_energy_limit), net: Number(snap.total_net_limit) };
  const moves = await sql(`
    SELECT CAST(CAST(epoch_ms("timestamp") AS DATE) AS VARCHAR) AS day, coalesce(resource, 'BANDWIDTH') AS res,
           sum(CASE WHEN contract_type IN (11, 54) THEN amount ELSE -amount END) AS d, count(*) AS n
    FROM raw_transactions WHERE contract_type IN (11, 12, 54, 55) AND contract_ret = 'SUCCESS' AND "timestamp" <= ${Number(snap.timestamp)} GROUP BY ALL
    UNION ALL
    SELECT CAST(CAST(epoch_ms("timestamp") AS DATE) AS VARCHAR), c.key, sum(c.value), count(*) FROM raw_transactions,
      LATERAL (SELECT unnest(map_entries(CAST(json_extract(parameter_json, '$.cancel_unfreezeV2_amount') AS MAP(VARCHAR, BIGINT))), recursive := true)) c
    WHERE contract_type = 59 AND contract_ret = 'SUCCESS' GROUP BY ALL`);
  const days = (await sql(`SELECT DISTINCT CAST(CAST(epoch_ms("timestamp") AS DATE) AS VARCHAR) AS day FROM raw_blocks ORDER BY 1`)).map((r) => String(r.day));
  weights = days.map((day) => {
    const later = moves.filter((m) => String(m.day) > day);
    const after = (res: string) => later.filter((m) => m.res === res).reduce((a, m) => a + Number(m.d), 0) / 1e6;
    return {
      day,
      net: Number(snap.total_net_weight) - after('BANDWIDTH'),
      energy: Number(snap.total_energy_weight) - after('ENERGY'),
      tp: Number(snap.total_tron_power_weight) - after('TRON_POWER'),
      moves: later.reduce((a, m) => a + Number(m.n), 0),
    };
  });
});

type Row = Record<string, number | string | null> & { day: string };

/** (a/b) / (c/d) − 1 from the integers, rounded half away from zero to `places`; null without a base. */
function change(a: bigint | null, b: bigint | null, c: bigint | null, d: bigint | null, places = 8): number | null {
  if (a === null || b === null || c === null || d === null || b === 0n || c === 0n || d === 0n) return null;
  const num = a * d - c * b;
  const den = c * b;
  const abs = (x: bigint) => (x < 0n ? -x : x);
  const q = (abs(num) * 10n ** BigInt(places) * 2n + abs(den)) / (2n * abs(den));
  return ((num < 0n) !== (den < 0n) && q !== 0n ? -1 : 1) * (Number(q) / 10 ** places);
}

/** part / whole rounded half up to `places` (both positive), from the integers. */
const half = (part: bigint, whole: bigint, places: number): number => Number((part * 10n ** BigInt(places) * 2n + whole) / (2n * whole)) / 10 ** places;

describe('GET /api/freezeresource', () => {
  it('defaults: every day with stake weights; supply, weights, ratios, costs and 24 h changes from the raw tables', async () => {
    const m = await testManifest();
    const r = await get('/api/freezeresource');
    expect(r.status).toBe(200);
    const data = r.body.data as Row[];
    // Stake weights exist on both test lakes (each has a network snapshot): a row for every day of the lake.
    expect(weights.length).toBeGreaterThan(1);
    expect(data.map((d) => d.day)).toEqual(weights.map((w) => w.day));
    expect(r.body.total).toBe(weights.length);
    data.forEach((d, i) => {
      const w = weights[i]!;
      const s = supply.get(d.day) ?? null;
      const prevS = i > 0 ? supply.get(data[i - 1]!.day) ?? null : null;
      // Whole TRX per stake move of slack: the chain (and the dataset) round each operation, this test the day's sum.
      const slack = w.moves + 1;
      expect(Math.abs(Number(d.total_energy_weight) - w.energy)).toBeLessThanOrEqual(slack);
      expect(Math.abs(Number(d.total_net_weight) - w.net)).toBeLessThanOrEqual(slack);
      expect(Math.abs(Number(d.total_freeze_weight) - (w.energy + w.net + w.tp))).toBeLessThanOrEqual(3 * slack);
      // From here, the answered weights: every ratio is recomputed from them and the independent supply.
      const [e, n, tot] = [BigInt(d.total_energy_weight!), BigInt(d.total_net_weight!), BigInt(d.total_freeze_weight!)];
      expect(d.total_turn_over).toBe(s === null ? null : `${s / 1_000_000n}${s % 1_000_000n ? `.${String(s % 1_000_000n).padStart(6, '0').replace(/0+$/, '')}` : ''}`);
      expect(d.freezing_rate).toBe(s === null ? null : half(tot * 1_000_000n, s, 6));
      expect(d.energy_rate).toBe(half(e, e + n, 4));
      expect(d.net_rate).toBe(half(n, e + n, 4));
      expect(d.total_energy_cost).toBe(half(e, BigInt(limits.energy), 8));
      expect(d.total_net_cost).toBe(half(n, BigInt(limits.net), 8));
      if (i === 0) {
        expect([d.total_turnover_change_24h, d.total_freeze_weight_change_24h, d.freezing_rate_change_24h, d.energy_cost_change_24h]).toEqual([null, null, null, null]);
        return;
      }
      const p = data[i - 1]!;
      const [pe, pn, ptot] = [BigInt(p.total_energy_weight!), BigInt(p.total_net_weight!), BigInt(p.total_freeze_weight!)];
      expect(d.total_turnover_change_24h).toBe(change(s, 1n, prevS, 1n));
      expect(d.total_freeze_weight_change_24h).toBe(change(tot, 1n, ptot, 1n));
      expect(d.freezing_rate_change_24h).toBe(change(tot * 1_000_000n, s, ptot * 1_000_000n, prevS));
      expect(d.energy_cost_change_24h).toBe(change(e, BigInt(limits.energy), pe, BigInt(limits.energy)));
      expect(d.net_cost_change_24h).toBe(change(n, BigInt(limits.net), pn, BigInt(limits.net)));
    });
    // The generator writes the supply anchors; the ingested lake has none: its supply and freezing rate are null,
    // though it knows every block's reward (no day of unknown rewards in the independent figures).
    expect((await supplyDays()).every((d) => d.unknown === 0n && d.blockPay > 0n)).toBe(true);
    expect(data.every((d) => d.total_turn_over !== null && d.freezing_rate !== null)).toBe(m.source.kind === 'generate');
    if (m.source.kind !== 'generate') expect(data.every((d) => d.total_turn_over === null && d.freezing_rate === null)).toBe(true);
  });

  it('each day bound alone and both; a range before the lake is empty', async () => {
    const days = weights.map((w) => w.day);
    const mid = days[Math.floor(days.length / 2)]!;
    const only = async (q: string) => ((await get(`/api/freezeresource?${q}`)).body.data as Row[]).map((d) => d.day);
    expect(await only(`start_day=${mid}`)).toEqual(days.filter((d) => d >= mid));
    expect(await only(`end_day=${mid}`)).toEqual(days.filter((d) => d <= mid));
    expect(await only(`start_day=${mid}&end_day=${mid}`)).toEqual([mid]);
    const r = await get('/api/freezeresource?start_day=2019-01-01&end_day=2019-01-31');
    expect(r.body).toEqual({ total: 0, data: [] });
    // The first day of a later range still has its 24 h changes (the day before is read).
    const later = (await get(`/api/freezeresource?start_day=${mid}`)).body.data as Row[];
    expect(later[0]!.total_freeze_weight_change_24h).not.toBeNull();
  });

  it('format=csv: the same rows', async () => {
    const json = (await get('/api/freezeresource')).body.data as Row[];
    const csv = await get('/api/freezeresource?format=csv');
    expect(csv.status).toBe(200);
    const lines = csv.text.trim().split(/\r?\n/);
    const cols = lines[0]!.split(',');
    expect(cols).toEqual(Object.keys(json[0]!));
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(json.map((d) => d.day));
    expect(lines[1]!.split(',')[1]).toBe(json[0]!.total_turn_over ?? '');
  });

  it('400 for a bad day string, an end before the start, a time in ms', async () => {
    for (const q of ['start_day=2026-13-01', 'end_day=yesterday', 'start_day=1790380800000', 'start_day=2026-10-05&end_day=2026-10-04', 'end_day=2026-02-30']) {
      const r = await get(`/api/freezeresource?${q}`);
      expect(r.status, q).toBe(400);
      expect(r.text).not.toMatch(/SELECT|\.sql|at .*\.ts/);
    }
  });
});
