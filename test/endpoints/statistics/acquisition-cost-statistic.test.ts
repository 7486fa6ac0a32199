/**
 * /api/acquisition_cost_statistic against weights reconstructed here from the raw transactions: the newest network
 * snapshot's weight minus the stake moved after each day (freezes add, unstakes take, CancelAllUnfreezeV2 re-stakes),
 * divided by the limit; burn costs from the resource price table in force at the end of each day.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { get, sql, testManifest } from '../../helpers/lake.ts';

const DAY = 86_400_000;
const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

interface Want { day: string; energy: number; net: number; burnEnergy: number | null; burnNet: number | null }
let want: Want[] = [];
let headTs: number;

beforeAll(async () => {
  const m = await testManifest();
  headTs = m.head.timestamp;
  const [snap] = await sql(`SELECT * FROM snap_network_snapshots ORDER BY as_of_block DESC LIMIT 1`);
  if (!snap) return;
  const moves = await sql(`
    SELECT CAST(CAST(epoch_ms("timestamp") AS DATE) AS VARCHAR) AS day, coalesce(resource, 'BANDWIDTH') AS res,
           sum(CASE WHEN contract_type IN (11, 54) THEN amount ELSE -amount END) AS d
    FROM raw_transactions WHERE contract_type IN (11, 12, 54, 55) AND contract_ret = 'SUCCESS' AND "timestamp" <= ${Number(snap.timestamp)} GROUP BY ALL
    UNION ALL
    SELECT CAST(CAST(epoch_ms("timestamp") AS DATE) AS VARCHAR), c.key, sum(c.value) FROM raw_transactions,
      LATERAL (SELECT unnest(map_entries(CAST(json_extract(parameter_json, '$.cancel_unfreezeV2_amount') AS MAP(VARCHAR, BIGINT))), recursive := true)) c
    WHERE contract_type = 59 AND contract_ret = 'SUCCESS' GROUP BY ALL`);
  const days = (await sql(`SELECT DISTINCT CAST(CAST(epoch_ms("timestamp") AS DATE) AS VARCHAR) AS day FROM raw_blocks ORDER BY 1`)).map((r) => String(r.day));
  const prices = await sql(`SELECT resource, from_ts, price_sun FROM dim_resource_prices ORDER BY from_ts`).catch(() => []);
  const price = (res: string, at: number): number | null => {
    let p: number | null = null;
    for (const r of prices) if (r.resource === res && Number(r.from_ts) <= at) p = Number(r.price_sun);
    return p === null ? null : p / 1e6;
  };
  want = days.map((day) => {
    const after = (res: string) => moves.filter((m) => String(m.day) > day && m.res === res).reduce((a, m) => a + Number(m.d), 0);
    const netW = Number(snap.total_net_weight) - Math.round(after('BANDWIDTH') / 1e6);
    const energyW = Number(snap.total_energy_weight) - Math.round(after('ENERGY') / 1e6);
    const end = Date.parse(`${day}T00:00:00Z`) + DAY - 1;
    return { day, energy: energyW / Number(snap.total_energy_limit), net: netW / Number(snap.total_net_limit), burnEnergy: price('energy', end), burnNet: price('bandwidth', end) };
  });
});

describe('GET /api/acquisition_cost_statistic', () => {
  it('every day of the lake: stake cost = weight / limit, day-over-day rates, burn cost at the price in force', async () => {
    expect(want.length).toBeGreaterThan(0);
    const first = Date.parse(`${want[0]!.day}T00:00:00Z`);
    const r = await get(`/api/acquisition_cost_statistic?start_timestamp=${first}&end_timestamp=${headTs}&limit=10000`);
    expect(r.status).toBe(200);
    const data = r.body.data as { day: string; total_energy_cost: number; energy_cost_rate: number | null; total_net_cost: number; burn_energy_cost: number | null; burn_net_cost: number | null }[];
    expect(data.map((d) => d.day)).toEqual(want.map((w) => w.day));
    expect(r.body.total).toBe(want.length);
    data.forEach((d, i) => {
      const w = want[i]!;
      expect(d.total_energy_cost).toBeCloseTo(w.energy, 7);
      expect(d.total_net_cost).toBeCloseTo(w.net, 7);
      expect([d.burn_energy_cost, d.burn_net_cost]).toEqual([w.burnEnergy, w.burnNet]);
      if (i > 0) expect(d.energy_cost_rate).toBeCloseTo((w.energy - want[i - 1]!.energy) / want[i - 1]!.energy, 3);
    });
    const max = Math.max(...data.map((d) => d.total_energy_cost));
    expect(r.body.energy_cost_max.total_energy_cost).toBe(max);
    expect(r.body.net_cost_min.total_net_cost).toBe(Math.min(...data.map((d) => d.total_net_cost)));
  });

  it('only a start: every day from it through yesterday, total counting them all, data the last 14 (issue 27)', async () => {
    // Lake days from the raw blocks; the start is the lake's second day, at noon.
    const days = (await sql(`SELECT DISTINCT strftime(epoch_ms("timestamp"), '%Y-%m-%d') AS d FROM raw_blocks ORDER BY d`)).map((r) => String(r.d));
    const start = days[1] ?? days[0]!;
    const want = days.filter((d) => d >= start && d <= dayOf(headTs - DAY));
    const r = await get(`/api/acquisition_cost_statistic?start_timestamp=${Date.parse(`${start}T12:00:00Z`)}`);
    expect(r.body.total).toBe(want.length);
    expect((r.body.data as { day: string }[]).map((d) => d.day)).toEqual(want.slice(-14));
    const whole = await get(`/api/acquisition_cost_statistic?start_timestamp=${Date.parse(`${start}T12:00:00Z`)}&limit=10000`);
    expect((whole.body.data as { day: string }[]).map((d) => d.day)).toEqual(want);
    // Only an end: from the lake's first day.
    const end = await get(`/api/acquisition_cost_statistic?end_timestamp=${Date.parse(`${start}T12:00:00Z`)}&limit=10000`);
    expect((end.body.data as { day: string }[]).map((d) => d.day)).toEqual(days.filter((d) => d <= start));
  });

  it('defaults: the 14 days ending yesterday; limit keeps the last days; an empty range is 200 with data []', async () => {
    const r = await get('/api/acquisition_cost_statistic');
    expect(r.status).toBe(200);
    const days = (r.body.data as { day: string }[]).map((d) => d.day);
    expect(days.length).toBeLessThanOrEqual(14);
    expect(days.at(-1)).toBe(dayOf(headTs - DAY));
    const three = await get('/api/acquisition_cost_statistic?limit=3');
    expect((three.body.data as { day: string }[]).map((d) => d.day)).toEqual(days.slice(-3));
    const empty = await get('/api/acquisition_cost_statistic?start_timestamp=1000&end_timestamp=2000');
    expect(empty.status).toBe(200);
    expect(empty.body.data).toEqual([]);
    expect((await get('/api/acquisition_cost_statistic?limit=x')).status).toBe(400);
  });
});
