import { describe, expect, it } from 'vitest';
import { get, sql } from '../../helpers/lake.ts';

describe('GET /api/account/resource (Stake 1.0)', () => {
  it("an account's own Stake 1.0 positions from its newest snapshot, worth stake × limit / weight of the newest network snapshot", async () => {
    const [a] = await sql(`SELECT address, frozen_v1_bandwidth AS bw, frozen_v1_bandwidth_expire AS bwx, frozen_v1_energy AS en, frozen_v1_energy_expire AS enx
      FROM snap_account_snapshots QUALIFY row_number() OVER (PARTITION BY address ORDER BY as_of_block DESC) = 1
      ORDER BY (frozen_v1_bandwidth > 0)::INT + (frozen_v1_energy > 0)::INT DESC, address LIMIT 1`);
    if (!a || Number(a.bw) + Number(a.en) === 0) return; // no Stake 1.0 position in this lake
    const [net] = await sql(`SELECT * FROM snap_network_snapshots ORDER BY as_of_block DESC LIMIT 1`);
    const want = [
      ['BANDWIDTH', a.bw, a.bwx, net!.total_net_limit, net!.total_net_weight],
      ['ENERGY', a.en, a.enx, net!.total_energy_limit, net!.total_energy_weight],
    ]
      .filter(([, b]) => Number(b) > 0)
      .map(([res, b, x, limit, weight]) => ({
        ownerAddress: a.address, receiverAddress: a.address, resource: res, frozenBalance: Number(b), expireTime: Number(x),
        resourceValue: ((Number(b) / 1e6) * Number(limit) / Number(weight)).toFixed(6),
      }));
    const r = await get(`/api/account/resource?address=${a.address}`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ total: want.length, rangeTotal: want.length, data: want });
    // type 1 (own) keeps them, type 2 / 3 (delegations) has none; resourceType narrows to one resource.
    expect((await get(`/api/account/resource?address=${a.address}&type=1`)).body.total).toBe(want.length);
    expect((await get(`/api/account/resource?address=${a.address}&type=2`)).body.total).toBe(0);
    expect((await get(`/api/account/resource?address=${a.address}&resourceType=2`)).body.data).toEqual(want.filter((w) => w.resource === 'ENERGY'));
  });

  it('an account without Stake 1.0 has none; bad parameters are 400s naming them', async () => {
    expect((await get('/api/account/resource?address=T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb')).body).toEqual({ total: 0, rangeTotal: 0, data: [] });
    for (const [q, name] of [['', 'address'], ['address=T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb&type=7', 'type'], ['address=T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb&resourceType=x', 'resourceType']]) {
      const r = await get(`/api/account/resource?${q}`);
      expect(r.status).toBe(400);
      expect(r.text).toMatch(new RegExp(name!));
    }
  });
});
