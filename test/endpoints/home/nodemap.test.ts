import { describe, expect, it } from 'vitest';
import { get, sql } from '../../helpers/lake.ts';

describe('GET /api/nodemap', () => {
  it('the located nodes of the newest node list, one per IP; nodes without a location left out', async () => {
    const want = await sql(`
      WITH newest AS (SELECT DISTINCT host FROM snap_network_nodes WHERE as_of_block = (SELECT max(as_of_block) FROM snap_network_nodes))
      SELECT n.host, g.country, g.province, g.city, g.lat, g.lng FROM newest n JOIN ref_node_geo g ON g.ip = n.host ORDER BY n.host`);
    const [listed] = (await sql(`SELECT count(DISTINCT host) AS n FROM snap_network_nodes WHERE as_of_block = (SELECT max(as_of_block) FROM snap_network_nodes)`)) as [Record<string, unknown>];
    const r = await get('/api/nodemap');
    expect(r.status).toBe(200);
    expect(r.body.code).toBe(0);
    expect(r.body.total).toBe(want.length);
    expect(r.body.total).toBeLessThanOrEqual(Number(listed.n));
    const got = [...r.body.data].sort((a: any, b: any) => (a.ip < b.ip ? -1 : 1));
    expect(got.map((d: any) => [d.ip, d.country, d.province, d.city, d.lat, d.lng])).toEqual(
      want.map((w) => [String(w.host), String(w.country), String(w.province), String(w.city), Number(w.lat), Number(w.lng)]),
    );
  });
});
