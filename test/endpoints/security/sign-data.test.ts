import { describe, expect, it } from 'vitest';
import { get, sql } from '../../helpers/lake.ts';

describe('GET /api/security/sign/data', () => {
  it('a multi-signature account: owner and active keys from its newest snapshot, ownerPermission present', async () => {
    const [a] = await sql(`SELECT address, owner_permission_json AS o, active_permissions_json AS act FROM snap_account_snapshots
      WHERE owner_permission_json IS NOT NULL QUALIFY row_number() OVER (PARTITION BY address ORDER BY as_of_block DESC) = 1 ORDER BY address LIMIT 1`);
    if (!a) return; // no snapshot with permissions in this lake
    const owner = JSON.parse(String(a.o));
    // NULL = the default active permission (threshold 1, the account's own key): the endpoint lists none.
    const actives = (a.act === null ? [] : JSON.parse(String(a.act))) as { keys: { address: string }[]; threshold: number }[];
    const r = await get(`/api/security/sign/data?address=${a.address}`);
    expect(r.status).toBe(200);
    expect(r.body.multiSign).toBe(owner.threshold > 1 || owner.keys.length > 1);
    expect(r.body.multiSignOwnerPermissionAddress).toEqual(owner.keys.map((k: { address: string }) => k.address));
    expect(r.body.ownerPermission).toEqual({ permission_name: owner.permission_name, threshold: owner.threshold, keys: owner.keys });
    expect(r.body.activePermissions.map((x: { threshold: number }) => x.threshold)).toEqual(actives.map((x) => x.threshold));
    expect(r.body.multiSignActivePermissionAddress.sort()).toEqual([...new Set(actives.flatMap((x) => x.keys.map((k) => k.address)))].sort());
  });

  it('an account with the default permissions (or no snapshot) is not multi-signature: empty lists, no ownerPermission', async () => {
    const [a] = await sql(`SELECT address FROM snap_account_snapshots WHERE owner_permission_json IS NULL ORDER BY address LIMIT 1`);
    for (const addr of [a?.address, 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb'].filter(Boolean)) {
      const r = await get(`/api/security/sign/data?address=${addr}`);
      expect(r.status).toBe(200);
      expect(r.body).toEqual({ multiSign: false, multiSignOwnerPermissionAddress: [], multiSignActivePermissionAddress: [], multiSignWitnessPermissionAddress: [], activePermissions: [] });
    }
    expect((await get('/api/security/sign/data')).status).toBe(400);
  });
});
