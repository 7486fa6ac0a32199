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

  it('stake_events keeps each CancelAllUnfreezeV2 (59) with what it withdrew and cancelled; permission_updates each AccountPermissionUpdate (46)', async () => {
    const parse = (v: unknown): unknown => (v === null || v === undefined ? null : JSON.parse(String(v)));
    const cancels = await sql(`SELECT tx_hash, withdraw_amount, parameter_json FROM raw_transactions WHERE contract_type = 59 AND contract_ret = 'SUCCESS' ORDER BY tx_hash`);
    const events = await sql(`SELECT tx_hash, withdraw_amount, cancel_json FROM ${d('stake_events')} WHERE operation = 'cancel_all_unfreeze' ORDER BY tx_hash`);
    expect(events.map((e) => [e.tx_hash, e.withdraw_amount, parse(e.cancel_json)])).toEqual(
      cancels.map((t) => [t.tx_hash, t.withdraw_amount, (parse(t.parameter_json) as { cancel_unfreezeV2_amount?: unknown } | null)?.cancel_unfreezeV2_amount ?? null]),
    );
    const updates = await sql(`SELECT tx_hash, owner_address, parameter_json FROM raw_transactions WHERE contract_type = 46 AND contract_ret = 'SUCCESS' ORDER BY tx_hash`);
    const perms = await sql(`SELECT tx_hash, owner_address, owner_permission_json, active_permissions_json FROM ${d('permission_updates')} ORDER BY tx_hash`);
    expect(perms.map((r) => [r.tx_hash, r.owner_address, parse(r.owner_permission_json), parse(r.active_permissions_json)])).toEqual(
      updates.map((t) => {
        const p = parse(t.parameter_json) as { owner?: unknown; actives?: unknown };
        return [t.tx_hash, t.owner_address, p.owner ?? null, p.actives ?? null];
      }),
    );
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

  it('account_resources: every row of both resource endpoints, per version and type, from the head snapshots', async () => {
    // Expected counts and sums from the snapshot rows at the head, read directly (the test lakes' snapshots all end there).
    const acc = `(SELECT * FROM snap_account_snapshots WHERE as_of_block = ${head})`;
    const pairs = `(SELECT * FROM snap_resource_delegations WHERE as_of_block = ${head} AND balance > 0)`;
    const unstakes = `(SELECT unnest(from_json(unfrozen_v2_json, '[{"amount":"BIGINT","expire":"BIGINT"}]')) AS u FROM ${acc})`;
    const want = await sql(`
      SELECT 1 AS version, 1 AS type, count(*) AS n, sum(b) AS b FROM (SELECT unnest([frozen_v1_bandwidth, frozen_v1_energy]) AS b FROM ${acc}) WHERE b > 0
      UNION ALL SELECT 1, 2, count(*), sum(balance) FROM ${pairs} WHERE version = 1
      UNION ALL SELECT 1, 3, count(*), sum(balance) FROM ${pairs} WHERE version = 1
      UNION ALL SELECT 2, 0, count(*), sum(b) FROM (SELECT unnest([frozen_v2_bandwidth, frozen_v2_energy, frozen_v2_tron_power]) AS b FROM ${acc}) WHERE b > 0
      UNION ALL SELECT 2, 1, count(*), sum(balance) FROM ${pairs} WHERE version = 2
      UNION ALL SELECT 2, 2, count(*), sum(balance) FROM ${pairs} WHERE version = 2
      UNION ALL SELECT 2, 3, count(*), sum(u.amount) FROM ${unstakes} WHERE u.expire > ${headTs}
      UNION ALL SELECT 2, 4, count(*), sum(u.amount) FROM ${unstakes} WHERE u.expire <= ${headTs}`);
    const got = await sql(`SELECT version, type, count(*) AS n, sum(balance) AS b FROM ${d('account_resources')} GROUP BY ALL`);
    const key = (r: Record<string, unknown>) => `${r.version}/${r.type}: ${Number(r.n)} rows, ${Number(r.b ?? 0)} sun`;
    expect(got.map(key).sort()).toEqual(want.filter((r) => Number(r.n) > 0).map(key).sort());
    // A delegation is filed under its giver as type 2 and under its receiver as type 1 (Stake 2.0), 2 and 3 (Stake 1.0).
    const [misfiled] = await sql(`SELECT count(*) AS n FROM ${d('account_resources')}
      WHERE address <> CASE WHEN (version = 2 AND type = 1) OR (version = 1 AND type = 3) THEN receiver_address ELSE owner_address END`);
    expect(Number(misfiled!.n)).toBe(0);
  });

  it("votes_by_voter carries the voter's TRON Power and votes used from its head snapshot", async () => {
    const bad = await sql(`SELECT v.voter_address FROM ${d('votes_by_voter')} v JOIN snap_account_snapshots s ON s.address = v.voter_address AND s.as_of_block = ${head}
      WHERE v.voter_tron_power <> s.frozen_v1_bandwidth + s.frozen_v1_energy + s.delegated_v1_bandwidth + s.delegated_v1_energy
              + s.frozen_v2_bandwidth + s.frozen_v2_energy + s.frozen_v2_tron_power + s.delegated_v2_bandwidth + s.delegated_v2_energy
         OR v.voter_votes_used <> (SELECT sum(x.count) FROM (SELECT unnest(from_json(s.votes_json, '[{"count":"BIGINT"}]')) AS x))`);
    expect(bad).toEqual([]);
    const [n] = await sql(`SELECT count(*) AS n FROM ${d('votes_by_voter')} WHERE voter_tron_power IS NULL`);
    expect(Number(n!.n)).toBe(0);
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
