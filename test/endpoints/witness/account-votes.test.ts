import { describe, expect, it } from 'vitest';
import { get, sql, testManifest } from '../../helpers/lake.ts';

describe('GET /api/account/votes', () => {
  it("an account's votes are its newest snapshot's (the generated head holds the last VoteWitness unless revoked)", async () => {
    const m = await testManifest();
    const voters = await sql(`SELECT address, votes_json FROM snap_account_snapshots WHERE as_of_block = ${m.tables.account_snapshots?.asOfBlock ?? -1} AND votes_json <> '[]' ORDER BY address LIMIT 5`);
    for (const v of voters) {
      const want = Object.fromEntries((JSON.parse(String(v.votes_json)) as { address: string; count: number }[]).filter((x) => x.count > 0).map((x) => [x.address, x.count]));
      const r = await get(`/api/account/votes?address=${v.address}`);
      expect(r.status).toBe(200);
      expect(r.body).toEqual({ votes: want });
    }
  });

  it('for a voter whose last VoteWitness is not followed by a Stake 1.0 unfreeze, the votes are that transaction\'s', async () => {
    const [v] = await sql(`
      WITH last AS (SELECT owner_address AS a, arg_max(parameter_json, block_number * 100000 + tx_index) AS p, max(block_number * 100000 + tx_index) AS pos
                    FROM raw_transactions WHERE contract_type = 4 AND contract_ret = 'SUCCESS' GROUP BY 1)
      SELECT a, p FROM last WHERE NOT EXISTS (SELECT 1 FROM raw_transactions u WHERE u.owner_address = last.a AND u.contract_type IN (12, 55)
        AND u.block_number * 100000 + u.tx_index > last.pos) AND a IN (SELECT address FROM snap_account_snapshots) ORDER BY a LIMIT 1`);
    if (!v) return; // a lake without snapshots (the ingested test lake) has no current votes to compare
    const want = Object.fromEntries((JSON.parse(String(v.p)).votes as { vote_address: string; vote_count: number }[]).map((x) => [x.vote_address, x.vote_count]));
    expect((await get(`/api/account/votes?address=${v.a}`)).body).toEqual({ votes: want });
  });

  it('an account without votes answers {votes: {}}; a missing or malformed address is a 400 naming it', async () => {
    expect((await get('/api/account/votes?address=T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb')).body).toEqual({ votes: {} });
    for (const q of ['', '?address=0xdead']) {
      const r = await get(`/api/account/votes${q}`);
      expect(r.status).toBe(400);
      expect(r.text).toMatch(/address/);
    }
  });
});
