import { describe, expect, it } from 'vitest';
import { get, sql, testManifest } from '../../helpers/lake.ts';

describe('GET /api/account/resource/unfreeze', () => {
  it('Stake 2.0 undelegated stakes of every resource plus Stake 1.0 stakes past their lock, from the newest snapshot', async () => {
    const m = await testManifest();
    const rows = await sql(`SELECT address, frozen_v2_bandwidth + frozen_v2_energy + frozen_v2_tron_power
        + CASE WHEN frozen_v1_bandwidth_expire <= ${m.head.timestamp} THEN frozen_v1_bandwidth ELSE 0 END
        + CASE WHEN frozen_v1_energy_expire <= ${m.head.timestamp} THEN frozen_v1_energy ELSE 0 END AS want
      FROM snap_account_snapshots QUALIFY row_number() OVER (PARTITION BY address ORDER BY as_of_block DESC) = 1
      ORDER BY frozen_v1_energy + frozen_v1_bandwidth DESC, want DESC, address LIMIT 4`);
    for (const r of rows) {
      const got = await get(`/api/account/resource/unfreeze?address=${r.address}`);
      expect(got.status).toBe(200);
      expect(got.body).toEqual({ balance: Number(r.want), message: 'SUCCESS' });
    }
  });

  it('an account without a snapshot has 0; a missing address is a 400', async () => {
    expect((await get('/api/account/resource/unfreeze?address=T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb')).body).toEqual({ balance: 0, message: 'SUCCESS' });
    const r = await get('/api/account/resource/unfreeze');
    expect(r.status).toBe(400);
    expect(r.text).toMatch(/address/);
  });
});
