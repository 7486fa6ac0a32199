import { describe, expect, it } from 'vitest';
import { get, listAll, sql, testManifest } from '../../helpers/lake.ts';

/** The head votes of every voter, from the newest snapshots: voter → candidate → votes. */
async function headVotes(): Promise<{ voter: string; candidate: string; votes: number }[]> {
  const m = await testManifest();
  const rows = await sql(`SELECT address, votes_json FROM snap_account_snapshots WHERE as_of_block = ${m.tables.account_snapshots?.asOfBlock ?? -1} AND votes_json <> '[]'`);
  return rows.flatMap((r) => (JSON.parse(String(r.votes_json)) as { address: string; count: number }[]).filter((v) => v.count > 0).map((v) => ({ voter: String(r.address), candidate: v.address, votes: v.count })));
}

describe('GET /api/vote', () => {
  it("a candidate's voters: every current vote for it, largest first, totals of the whole filter", async () => {
    const all = await headVotes();
    if (!all.length) return; // a lake without snapshots
    const byCandidate = new Map<string, typeof all>();
    for (const v of all) byCandidate.set(v.candidate, [...(byCandidate.get(v.candidate) ?? []), v]);
    const [candidate, mine] = [...byCandidate.entries()].sort((a, b) => b[1].length - a[1].length)[0]!;
    const [w] = await sql(`SELECT name, votes FROM dim_witnesses WHERE address = '${candidate}'`);
    const first = await get(`/api/vote?candidate=${candidate}&limit=5`);
    expect(first.status).toBe(200);
    expect(first.body.total).toBe(mine.length);
    expect(first.body.totalVotes).toBe(mine.reduce((a, v) => a + v.votes, 0));
    expect(first.body.contractInfo).toBeDefined();
    const items = await listAll(`/api/vote?candidate=${candidate}`);
    expect(items.map((i) => `${i.voterAddress}=${i.votes}`).sort()).toEqual(mine.map((v) => `${v.voter}=${v.votes}`).sort());
    for (let k = 1; k < items.length; k++) expect(items[k - 1].votes).toBeGreaterThanOrEqual(items[k].votes);
    for (const i of items) {
      expect(i.candidateAddress).toBe(candidate);
      expect(i.candidateName).toBe(w?.name ?? '');
      expect(i.candidateTotalVotes).toBe(Number(w?.votes ?? 0));
    }
    const asc = await get(`/api/vote?candidate=${candidate}&sort=votes&limit=50`);
    expect(asc.body.data[0].votes).toBe(Math.min(...mine.map((v) => v.votes)));
  });

  it("a voter's candidates, its unused TRON Power, and the time of its last VoteWitness in the lake", async () => {
    const [v] = await sql(`
      SELECT s.address, s.votes_json,
             s.frozen_v2_bandwidth + s.frozen_v2_energy + s.frozen_v2_tron_power + s.delegated_v2_bandwidth + s.delegated_v2_energy
             + s.frozen_v1_bandwidth + s.frozen_v1_energy + s.delegated_v1_bandwidth + s.delegated_v1_energy AS tp,
             (SELECT max("timestamp") FROM raw_transactions t WHERE t.owner_address = s.address AND t.contract_type = 4) AS ts
      FROM snap_account_snapshots s WHERE s.votes_json <> '[]'
      QUALIFY row_number() OVER (PARTITION BY s.address ORDER BY s.as_of_block DESC) = 1 ORDER BY ts NULLS LAST, s.address LIMIT 1`);
    if (!v) return;
    const votes = (JSON.parse(String(v.votes_json)) as { address: string; count: number }[]).filter((x) => x.count > 0);
    const r = await get(`/api/vote?voter=${v.address}&limit=50`);
    expect(r.body.total).toBe(votes.length);
    expect(r.body.contractInfo).toBeUndefined();
    const used = votes.reduce((a, x) => a + x.count, 0);
    for (const i of r.body.data) {
      expect(i.voterAddress).toBe(v.address);
      expect(i.voterAvailableVotes).toBe(Math.floor(Number(v.tp) / 1e6) - used);
      if (v.ts === null) expect(i.timestamp).toBeUndefined();
      else expect(i.timestamp).toBe(new Date(Number(v.ts)).toISOString());
    }
  });

  it('sort by vote time both ways (timestamp, -timestamp: the TronScan client default) in the order of raw SQL', async () => {
    // The candidate with the most voters; each voter's time = its last successful VoteWitness in the raw transactions
    // (none in the lake: older than every timed vote), votes from the newest snapshots.
    const all = await headVotes();
    const counts = new Map<string, number>();
    for (const v of all) counts.set(v.candidate, (counts.get(v.candidate) ?? 0) + 1);
    const candidate = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]?.[0];
    const mine = all.filter((v) => v.candidate === candidate);
    const ts = new Map(
      (await sql(`SELECT owner_address AS a, max("timestamp") AS ts FROM raw_transactions WHERE contract_type = 4 AND contract_ret = 'SUCCESS' GROUP BY 1`)).map((r) => [String(r.a), Number(r.ts)]),
    );
    const time = (voter: string) => ts.get(voter) ?? 0;
    for (const [sort, dir] of [['-timestamp', -1], ['timestamp', 1], ['-TIMESTAMP', -1]] as const) {
      const url = candidate ? `/api/vote?candidate=${candidate}&sort=${sort}` : `/api/vote?sort=${sort}`;
      const { status } = await get(url);
      expect(status, url).toBe(200);
      if (!candidate) continue; // a lake without snapshots: no votes to order
      const want = [...mine].sort((a, b) => dir * (time(a.voter) - time(b.voter)) || (a.voter < b.voter ? -1 : a.voter > b.voter ? 1 : 0)).map((v) => v.voter);
      const items = await listAll(url);
      expect(items.map((i) => i.voterAddress), sort).toEqual(want);
      for (const i of items) {
        if (ts.has(i.voterAddress)) expect(i.timestamp).toBe(new Date(ts.get(i.voterAddress)!).toISOString());
        else expect(i.timestamp).toBeUndefined();
      }
    }
  });

  it('an unknown sort key answers the documented default (-votes), not an error', async () => {
    const def = await get('/api/vote?limit=50');
    for (const sort of ['name', '-time', '']) {
      const r = await get(`/api/vote?limit=50&sort=${sort}`);
      expect(r.status, sort).toBe(200);
      expect(r.body.data, sort).toEqual(def.body.data);
    }
    const votes = (def.body.data as { votes: number }[]).map((d) => d.votes);
    expect(votes).toEqual([...votes].sort((a, b) => b - a));
  });

  it('malformed addresses are 400s naming them', async () => {
    for (const [q, name] of [['candidate=abc', 'candidate'], ['voter=0x00', 'voter']]) {
      const r = await get(`/api/vote?${q}`);
      expect(r.status).toBe(400);
      expect(r.text).toMatch(new RegExp(name!));
    }
  });
});
