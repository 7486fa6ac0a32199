/**
 * The account-state derived datasets (issue 12) against plain SQL over the raw transactions and the snapshots.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { lakeDir, sql, testManifest } from '../helpers/lake.ts';

let d: (name: string) => string;
let head: number;
let headTs: number;

beforeAll(async () => {
  const m = await testManifest();
  head = m.head.number;
  headTs = m.head.timestamp;
  d = (name) => `read_parquet('${lakeDir()}/versions/${m.version}/derived/${name}/**/*.parquet', hive_partitioning = false)`;
});

describe('account-state derived datasets', () => {
  it('stake_events: one typed row per successful stake, unstake, withdrawal and delegation', async () => {
    const [want] = await sql(`SELECT count(*) AS n, sum(amount) AS amt FROM raw_transactions WHERE contract_type IN (11, 12, 13, 54, 55, 56, 57, 58, 59) AND contract_ret = 'SUCCESS'`);
    const [got] = await sql(`SELECT count(*) AS n, sum(amount) AS amt FROM ${d('stake_events')}`);
    expect(got).toEqual(want);
    const [locks] = await sql(`SELECT count(*) AS n FROM ${d('stake_events')} e JOIN raw_transactions t USING (tx_hash)
      WHERE e."lock" <> coalesce(json_extract(t.parameter_json, '$.lock')::BOOLEAN, false) OR e.operation <> CASE t.contract_type WHEN 57 THEN 'delegate' ELSE e.operation END`);
    expect(Number(locks!.n)).toBe(0);
  });

  it('vote_events: one row per vote of each VoteWitness set, with the set total', async () => {
    const votes = await sql(`SELECT tx_hash, parameter_json FROM raw_transactions WHERE contract_type = 4 AND contract_ret = 'SUCCESS'`);
    const rows = await sql(`SELECT tx_hash, candidate_address, votes, set_total, vote_index FROM ${d('vote_events')}`);
    const want = votes.flatMap((v) => {
      const set = JSON.parse(String(v.parameter_json)).votes as { vote_address: string; vote_count: number }[];
      const total = set.reduce((a, x) => a + x.vote_count, 0);
      return set.map((x, k) => `${v.tx_hash}:${k}:${x.vote_address}:${x.vote_count}:${total}`);
    });
    expect(rows.map((r) => `${r.tx_hash}:${r.vote_index}:${r.candidate_address}:${r.votes}:${r.set_total}`).sort()).toEqual(want.sort());
  });

  it('stake_positions: the newest snapshot of every account, unstakes split at the head time', async () => {
    const rows = await sql(`SELECT p.address, p.frozen_v2_energy, p.pending_unstake, p.withdrawable, p.votes_used, s.frozen_v2_energy AS e, s.unfrozen_v2_json, s.votes_json
      FROM ${d('stake_positions')} p JOIN snap_account_snapshots s ON s.address = p.address AND s.as_of_block = ${head}`);
    const [count] = await sql(`SELECT count(DISTINCT address) AS n FROM snap_account_snapshots`);
    expect(rows.length).toBe(Number(count!.n));
    for (const r of rows) {
      const pend = JSON.parse(String(r.unfrozen_v2_json)) as { amount: number; expire: number }[];
      expect(r.frozen_v2_energy).toBe(r.e);
      expect(r.pending_unstake).toBe(pend.filter((u) => u.expire > headTs).reduce((a, u) => a + u.amount, 0));
      expect(r.withdrawable).toBe(pend.filter((u) => u.expire <= headTs).reduce((a, u) => a + u.amount, 0));
      expect(r.votes_used).toBe((JSON.parse(String(r.votes_json)) as { count: number }[]).reduce((a, v) => a + v.count, 0));
    }
  });

  it('delegations_by_address: every current pair with a balance, once under each party', async () => {
    const [want] = await sql(`SELECT count(*) AS n, sum(balance) AS b FROM snap_resource_delegations WHERE as_of_block = ${head} AND balance > 0`);
    const sides = await sql(`SELECT side, count(*) AS n, sum(balance) AS b FROM ${d('delegations_by_address')} GROUP BY side ORDER BY side`);
    expect(sides).toEqual([{ side: 'given', n: want!.n, b: want!.b }, { side: 'received', n: want!.n, b: want!.b }]);
    const [expired] = await sql(`SELECT count(*) AS n FROM ${d('delegations_by_address')} WHERE lock_balance > 0 AND expire_time <= ${headTs}`);
    expect(Number(expired!.n)).toBe(0);
  });

  it('votes_by_voter and votes_by_candidate: the head votes of every voter', async () => {
    const heads = await sql(`SELECT address, votes_json FROM snap_account_snapshots WHERE as_of_block = ${head} AND votes_json <> '[]'`);
    const want = heads.flatMap((h) => (JSON.parse(String(h.votes_json)) as { address: string; count: number }[]).map((v) => `${h.address}>${v.address}=${v.count}`));
    for (const name of ['votes_by_voter', 'votes_by_candidate']) {
      const got = await sql(`SELECT voter_address || '>' || candidate_address || '=' || votes AS x FROM ${d(name)}`);
      expect(got.map((r) => String(r.x)).sort()).toEqual(want.sort());
    }
  });

  it('daily_stake_weights: the last day is the head snapshot; going back over the first day gives the opening snapshot', async () => {
    const days = await sql(`SELECT * FROM ${d('daily_stake_weights')} ORDER BY day`);
    const [open, last] = await sql(`SELECT * FROM snap_network_snapshots ORDER BY as_of_block`);
    expect(days.length).toBe(Number((await sql(`SELECT count(DISTINCT "date") AS n FROM raw_blocks`))[0]!.n));
    expect(days.at(-1)!.energy_weight).toBe(last!.total_energy_weight);
    expect(days.at(-1)!.net_weight).toBe(last!.total_net_weight);
    // The generator sums the opening stakes to whole TRX once; the reconstruction rounds the moves: within 1 TRX.
    const first = days[0]!;
    expect(Math.abs(Number(first.energy_weight) - Math.round(Number(first.energy_staked) / 1e6) - Number(open!.total_energy_weight))).toBeLessThanOrEqual(1);
    expect(Math.abs(Number(first.net_weight) - Math.round(Number(first.net_staked) / 1e6) - Number(open!.total_net_weight))).toBeLessThanOrEqual(1);
  });
});
