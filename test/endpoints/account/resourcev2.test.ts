/**
 * /api/account/resourcev2 against the newest snapshot rows read with plain SQL (the account's newest
 * account_snapshots row, each pair's newest resource_delegations row), the newest network snapshot for
 * resourceValue, and the receivers' own transactions for the usage / burnTrx sorts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { get, sql, testManifest } from '../../helpers/lake.ts';

let headTs: number;
let net: { el: number; ew: number; nl: number; nw: number } | null;

beforeAll(async () => {
  headTs = (await testManifest()).head.timestamp;
  const [r] = await sql(`SELECT total_energy_limit AS el, total_energy_weight AS ew, total_net_limit AS nl, total_net_weight AS nw FROM snap_network_snapshots ORDER BY as_of_block DESC LIMIT 1`);
  net = r ? { el: Number(r.el), ew: Number(r.ew), nl: Number(r.nl), nw: Number(r.nw) } : null;
});

const value = (balance: number, resource: number): number | undefined =>
  resource === 2 ? balance / 1e6 : net ? (balance / 1e6) * (resource === 1 ? net.el / net.ew : net.nl / net.nw) : undefined;

const PAIRS = `SELECT * FROM snap_resource_delegations WHERE version = 2
  QUALIFY row_number() OVER (PARTITION BY from_address, to_address, resource ORDER BY as_of_block DESC) = 1`;
const NEWEST = `SELECT * FROM snap_account_snapshots QUALIFY row_number() OVER (PARTITION BY address ORDER BY as_of_block DESC) = 1`;

describe('GET /api/account/resourcev2', () => {
  it('type 0: own stakes per resource (0 bandwidth, 1 energy, 2 TRON Power) with the resource they are worth', async () => {
    const [a] = await sql(`SELECT address, frozen_v2_bandwidth AS b, frozen_v2_energy AS e, frozen_v2_tron_power AS t FROM (${NEWEST})
      WHERE frozen_v2_bandwidth > 0 AND frozen_v2_energy > 0 ORDER BY address LIMIT 1`);
    expect(a).toBeDefined();
    const want = [[0, Number(a!.b)], [1, Number(a!.e)], [2, Number(a!.t)]].filter(([, b]) => b! > 0);
    const r = await get(`/api/account/resourcev2?address=${a!.address}&limit=50`);
    expect(r.status).toBe(200);
    expect(r.body.total).toBe(want.length);
    expect(r.body.unfreezeData).toEqual([]);
    const got = (r.body.data as { resource: number; balance: number; resourceValue?: number; ownerAddress: string; receiverAddress: string }[]).sort((x, y) => x.resource - y.resource);
    expect(got.map((d) => [d.resource, d.balance])).toEqual(want);
    for (const d of got) {
      expect([d.ownerAddress, d.receiverAddress]).toEqual([a!.address, a!.address]);
      const v = value(d.balance, d.resource);
      if (v === undefined) expect(d.resourceValue).toBeUndefined();
      else expect(d.resourceValue).toBeCloseTo(v, 6);
    }
    // resourceType 2 = energy only
    const e = await get(`/api/account/resourcev2?address=${a!.address}&resourceType=2`);
    expect(e.body.data.map((d: { resource: number }) => d.resource)).toEqual([1]);
  });

  it('type 2 / type 1: delegations given and received, balances, locks, paging, toAddress and the balance sort', async () => {
    const [top] = await sql(`SELECT from_address AS a, count(*) AS n FROM (${PAIRS}) WHERE balance > 0 GROUP BY 1 ORDER BY n DESC, a LIMIT 1`);
    expect(top).toBeDefined();
    const pairs = await sql(`SELECT to_address, resource, balance, CASE WHEN expire_time > ${headTs} THEN lock_balance ELSE 0 END AS lock
      FROM (${PAIRS}) WHERE from_address = '${top!.a}' AND balance > 0`);
    const key = (to: string, res: number, bal: number, lock: number) => `${to}|${res}|${bal}|${lock}`;
    const want = pairs.map((p) => key(String(p.to_address), p.resource === 'ENERGY' ? 1 : 0, Number(p.balance), Number(p.lock))).sort();
    const all: { receiverAddress: string; resource: number; balance: number; lockBalance: number; ownerAddress: string }[] = [];
    for (let start = 0; ; start += 3) {
      const r = await get(`/api/account/resourcev2?address=${top!.a}&type=2&sort=balance&order=asc&start=${start}&limit=3`);
      expect(r.status).toBe(200);
      expect(r.body.total).toBe(want.length);
      all.push(...r.body.data);
      if (r.body.data.length < 3) break;
    }
    expect(all.map((d) => key(d.receiverAddress, d.resource, d.balance, d.lockBalance)).sort()).toEqual(want);
    expect(all.every((d) => d.ownerAddress === top!.a)).toBe(true);
    const balances = all.map((d) => d.balance);
    expect(balances).toEqual([...balances].sort((x, y) => x - y));
    // toAddress narrows to one receiver
    const one = String(pairs[0]!.to_address);
    const r1 = await get(`/api/account/resourcev2?address=${top!.a}&type=2&toAddress=${one}&limit=50`);
    expect(r1.body.data.every((d: { receiverAddress: string }) => d.receiverAddress === one)).toBe(true);
    expect(r1.body.total).toBe(pairs.filter((p) => p.to_address === one).length);
    // type 1 of that receiver lists this delegator among its delegators
    const [recv] = await sql(`SELECT count(*) AS n FROM (${PAIRS}) WHERE to_address = '${one}' AND balance > 0`);
    const r2 = await get(`/api/account/resourcev2?address=${one}&type=1&limit=50`);
    expect(r2.body.total).toBe(Number(recv!.n));
    expect(r2.body.data.some((d: { ownerAddress: string; receiverAddress: string }) => d.ownerAddress === top!.a && d.receiverAddress === one)).toBe(true);
  });

  it('type 2 sorted by usage: receivers ordered by the resource they used from stakes over the last 24 h', async () => {
    const [top] = await sql(`SELECT from_address AS a, count(DISTINCT to_address) AS n FROM (${PAIRS}) WHERE balance > 0 GROUP BY 1 ORDER BY n DESC, a LIMIT 1`);
    const used = await sql(`SELECT owner_address AS a, sum(energy_usage + net_usage) AS u, sum(fee) AS f FROM raw_transactions
      WHERE "timestamp" > ${headTs - 86_400_000} AND "timestamp" <= ${headTs}
        AND owner_address IN (SELECT to_address FROM (${PAIRS}) WHERE from_address = '${top!.a}' AND balance > 0) GROUP BY 1`);
    const usage = new Map(used.map((x) => [String(x.a), Number(x.u)]));
    const burn = new Map(used.map((x) => [String(x.a), Number(x.f)]));
    for (const [sort, m] of [['usage', usage], ['burnTrx', burn]] as const) {
      const r = await get(`/api/account/resourcev2?address=${top!.a}&type=2&sort=${sort}&limit=1000`);
      expect(r.status).toBe(200);
      const seq = (r.body.data as { receiverAddress: string }[]).map((d) => m.get(d.receiverAddress) ?? 0);
      expect(seq).toEqual([...seq].sort((x, y) => y - x));
    }
  });

  it('types 3 and 4: pending and matured unstakes of the newest snapshot, split at the head time; also in unfreezeData', async () => {
    const [a] = await sql(`SELECT address, unfrozen_v2_json AS j FROM (${NEWEST}) WHERE unfrozen_v2_json <> '[]' ORDER BY length(unfrozen_v2_json) DESC, address LIMIT 1`);
    if (!a) return; // no pending unstake in this lake (the ingested one may have had them all cancelled); the generated one has many
    const list = JSON.parse(String(a!.j)) as { type: string; amount: number; expire: number }[];
    const code = (t: string) => (t === 'ENERGY' ? 1 : t === 'TRON_POWER' ? 2 : 0);
    for (const [type, keep] of [[3, (e: number) => e > headTs], [4, (e: number) => e <= headTs]] as const) {
      const r = await get(`/api/account/resourcev2?address=${a!.address}&type=${type}&limit=100`);
      expect(r.status).toBe(200);
      const want = list.filter((u) => keep(u.expire)).map((u) => `${code(u.type)}|${u.amount}|${u.expire}`).sort();
      expect(r.body.data.map((d: { resource: number; balance: number; expireTime: number }) => `${d.resource}|${d.balance}|${d.expireTime}`).sort()).toEqual(want);
      expect(r.body.unfreezeData).toEqual(r.body.data);
      const times = r.body.data.map((d: { expireTime: number }) => d.expireTime);
      expect(times).toEqual([...times].sort((x: number, y: number) => y - x)); // time, newest first
    }
  });

  it('an account without state answers empty; bad parameters are 400 naming the parameter', async () => {
    const r = await get('/api/account/resourcev2?address=T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ total: 0, rangeTotal: 0, data: [], unfreezeData: [] });
    for (const [q, name] of [['type=5', 'type'], ['sort=usage', 'sort'], ['sort=price&type=2', 'sort'], ['order=up', 'order'], ['resourceType=3', 'resourceType'], ['start=10000', 'start']] as const) {
      const b = await get(`/api/account/resourcev2?address=T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb&${q}`);
      expect({ q, status: b.status }).toEqual({ q, status: 400 });
      expect(b.text).toContain(name);
    }
    expect((await get('/api/account/resourcev2')).status).toBe(400);
  });
});
