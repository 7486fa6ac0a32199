/**
 * Account snapshots of an ingested lake (issue 12): the ingester reads node state as of the published solid head
 * (datasets/ingest/snapshots.ts) from the fake node, whose state is its opening plus the blocks it serves
 * (fake-node-state.ts). Reconciliation (acceptance 1, design map R7): the snapshot as of block A + every flow the
 * lake holds in (A, B] = the snapshot as of B, for every address, stake, pending unstake, delegation, vote and TRC10
 * balance; the ledgers are plain SQL over the lake's raw rows written here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runIngest } from '../../../datasets/ingest/index.ts';
import { accountRow, delegationRows, windowMs } from '../../../datasets/ingest/snapshots.ts';
import { base58ToHex, hexToBase58 } from '../../../src/chain/address.ts';
import { openLake, tempLake, type LakeView } from './lake-read.ts';
import { REAL_BLOCK, startFakeNode, type FakeNode } from './fake-node.ts';
import { STAKERS } from './fake-node-state.ts';
import { budget } from '../../helpers/budget.ts';

const LOW = REAL_BLOCK - 10;
const A = REAL_BLOCK + 5;
const B = REAL_BLOCK + 24;
const quiet = { progress: false as const, log: () => undefined };

let node: FakeNode;
let lake: LakeView;
const tmp = tempLake();

beforeAll(async () => {
  // Two ingests: up to A while A is the node's solid head, then up to B once the node has solidified it.
  node = await startFakeNode({ low: LOW, head: B, solid: A, slotMs: 2 * 3_600_000, rich: true, staking: true, record: false });
  await runIngest({ node: node.url, out: tmp.dir, from: LOW, to: A, ...quiet });
  node.state.solid = B;
  await runIngest({ node: node.url, out: tmp.dir, ...quiet });
  lake = await openLake(tmp.dir);
}, budget(40));

afterAll(async () => {
  lake?.close();
  await node?.close();
  tmp.cleanup();
});

const n = (v: unknown): bigint => BigInt(String(v ?? 0));

describe('account snapshots read by the ingester', () => {
  it('holds a snapshot as of each published solid head, for every address the final blocks touched', async () => {
    const blocks = await lake.q(`SELECT as_of_block, count(*) AS n FROM account_snapshots GROUP BY 1 ORDER BY 1`);
    expect(blocks.map((r) => Number(r.as_of_block))).toEqual([A, B]);
    expect(lake.manifest.tables.account_snapshots!.asOfBlock).toBe(B);
    const net = await lake.q(`SELECT as_of_block FROM network_snapshots ORDER BY 1`);
    expect(net.map((r) => Number(r.as_of_block))).toEqual([A, B]);
    const [missing] = await lake.q(`
      WITH touched AS (
        SELECT owner_address AS a, block_number AS b FROM transactions UNION ALL
        SELECT to_address, block_number FROM transactions WHERE to_address IS NOT NULL AND contract_type <> 4
      )
      SELECT count(*) AS n FROM touched t WHERE NOT EXISTS (
        SELECT 1 FROM account_snapshots s WHERE s.address = t.a AND s.as_of_block = CASE WHEN t.b <= ${A} THEN ${A} ELSE ${B} END)`);
    expect(Number(missing!.n)).toBe(0);
    const [stakers] = await lake.q(`SELECT count(DISTINCT address) AS n FROM account_snapshots WHERE address IN (${STAKERS.map((s) => `'${hexToBase58(s)}'`).join(', ')})`);
    expect(Number(stakers!.n)).toBe(4);
  });

  it('TRX: balance at A + every sun moved in (A, B] = balance at B, for every address', async () => {
    const [r] = await lake.q(`
      WITH t AS (SELECT * FROM transactions WHERE block_number > ${A} AND block_number <= ${B}),
      moves AS (
        SELECT owner_address AS a, -fee AS d FROM t
        UNION ALL SELECT owner_address, -amount FROM t WHERE contract_ret = 'SUCCESS' AND (contract_type IN (1, 54) OR (contract_type = 31 AND token_id IS NULL))
        UNION ALL SELECT to_address, amount FROM t WHERE contract_ret = 'SUCCESS' AND (contract_type = 1 OR (contract_type = 31 AND token_id IS NULL))
        UNION ALL SELECT owner_address, amount FROM t WHERE contract_type IN (12, 56)
        UNION ALL SELECT owner_address, coalesce(withdraw_amount, 0) FROM t WHERE contract_type IN (55, 59)
        UNION ALL SELECT caller_address, -call_value FROM internal_transactions WHERE block_number > ${A} AND block_number <= ${B} AND token_id = '_' AND NOT rejected
        UNION ALL SELECT to_address, call_value FROM internal_transactions WHERE block_number > ${A} AND block_number <= ${B} AND token_id = '_' AND NOT rejected
      ), f AS (SELECT a, sum(d) AS d FROM moves GROUP BY a)
      SELECT count(*) AS n, sum((h.balance <> o.balance + coalesce(f.d, 0))::INT) AS bad
      FROM account_snapshots o JOIN account_snapshots h ON h.address = o.address AND h.as_of_block = ${B}
      LEFT JOIN f ON f.a = o.address WHERE o.as_of_block = ${A}`);
    expect(Number(r!.n)).toBeGreaterThan(100);
    expect(Number(r!.bad)).toBe(0);
  });

  it('TRC10: balances at A + transfers in (A, B] = balances at B', async () => {
    const [r] = await lake.q(`
      WITH assets AS (
        SELECT address, as_of_block, a.key AS token, CAST(a.value AS HUGEINT) AS v
        FROM account_snapshots, LATERAL (SELECT unnest(from_json(assets_json, '[{"key":"VARCHAR","value":"VARCHAR"}]'), recursive := true)) a
      ), t AS (SELECT * FROM transactions WHERE contract_type = 2 AND contract_ret = 'SUCCESS' AND block_number > ${A} AND block_number <= ${B}),
      f AS (SELECT a, token, sum(d) AS d FROM (SELECT owner_address AS a, token_id AS token, -amount AS d FROM t UNION ALL SELECT to_address, token_id, amount FROM t) GROUP BY ALL),
      keys AS (SELECT DISTINCT o.address, k.token FROM account_snapshots o JOIN account_snapshots h ON h.address = o.address AND h.as_of_block = ${B},
               (SELECT DISTINCT token FROM assets) k WHERE o.as_of_block = ${A})
      SELECT count(*) AS n, sum((coalesce(bh.v, 0) <> coalesce(bo.v, 0) + coalesce(f.d, 0))::INT) AS bad, sum((f.d IS NOT NULL)::INT) AS moved
      FROM keys k LEFT JOIN assets bo ON bo.address = k.address AND bo.token = k.token AND bo.as_of_block = ${A}
      LEFT JOIN assets bh ON bh.address = k.address AND bh.token = k.token AND bh.as_of_block = ${B}
      LEFT JOIN f ON f.a = k.address AND f.token = k.token`);
    expect(Number(r!.moved)).toBeGreaterThan(10);
    expect(Number(r!.bad)).toBe(0);
  });

  it('Stake 2.0: own stake per resource, pending unstakes and delegations per pair reconcile, CancelAllUnfreezeV2 included', async () => {
    const t = `SELECT * FROM transactions WHERE block_number > ${A} AND block_number <= ${B} AND contract_ret = 'SUCCESS'`;
    const [own] = await lake.q(`
      WITH t AS (${t}), f AS (
        SELECT owner_address AS a, resource AS res, sum(CASE WHEN contract_type IN (54, 58) THEN amount ELSE -amount END) AS d
        FROM t WHERE contract_type IN (54, 55, 57, 58) GROUP BY ALL
        UNION ALL
        SELECT owner_address, c.key, sum(CAST(c.value AS BIGINT)) FROM t,
          LATERAL (SELECT unnest(map_entries(CAST(json_extract(parameter_json, '$.cancel_unfreezeV2_amount') AS MAP(VARCHAR, BIGINT))), recursive := true)) c
        WHERE contract_type = 59 GROUP BY ALL
      ), g AS (SELECT a, res, sum(d) AS d FROM f GROUP BY ALL),
      s AS (SELECT address, as_of_block, unnest(['BANDWIDTH', 'ENERGY', 'TRON_POWER']) AS res,
                   unnest([frozen_v2_bandwidth, frozen_v2_energy, frozen_v2_tron_power]) AS v FROM account_snapshots)
      SELECT count(*) AS n, sum((h.v <> o.v + coalesce(g.d, 0))::INT) AS bad, sum((g.d IS NOT NULL)::INT) AS moved
      FROM s o JOIN s h ON h.address = o.address AND h.res = o.res AND h.as_of_block = ${B}
      LEFT JOIN g ON g.a = o.address AND g.res = o.res WHERE o.as_of_block = ${A}`);
    expect(Number(own!.moved)).toBeGreaterThanOrEqual(4);
    expect(Number(own!.bad)).toBe(0);
    const pend = await lake.q(`
      WITH p AS (
        SELECT address, as_of_block, coalesce(sum(CAST(u.amount AS BIGINT)), 0) AS amt
        FROM account_snapshots, LATERAL (SELECT unnest(from_json(unfrozen_v2_json, '[{"amount":"BIGINT"}]'), recursive := true)) u GROUP BY ALL
      ), t AS (${t}), moves AS (
        SELECT owner_address AS a, amount - coalesce(withdraw_amount, 0) AS d FROM t WHERE contract_type = 55
        UNION ALL SELECT owner_address, -amount FROM t WHERE contract_type = 56
        UNION ALL SELECT owner_address, -coalesce(withdraw_amount, 0) FROM t WHERE contract_type = 59
        UNION ALL SELECT owner_address, -c.value FROM t,
          LATERAL (SELECT unnest(map_entries(CAST(json_extract(parameter_json, '$.cancel_unfreezeV2_amount') AS MAP(VARCHAR, BIGINT))), recursive := true)) c
        WHERE contract_type = 59
      ), f AS (SELECT a, sum(d) AS d FROM moves GROUP BY a)
      SELECT f.a, coalesce(o.amt, 0) AS o, coalesce(h.amt, 0) AS h, f.d FROM f
      JOIN account_snapshots sa ON sa.address = f.a AND sa.as_of_block = ${A} -- accounts read at A (the others' opening is the node's)
      LEFT JOIN p o ON o.address = f.a AND o.as_of_block = ${A} LEFT JOIN p h ON h.address = f.a AND h.as_of_block = ${B}`);
    expect(pend.length).toBeGreaterThanOrEqual(1);
    for (const r of pend) expect({ a: r.a, sum: n(r.o) + n(r.d) }).toEqual({ a: r.a, sum: n(r.h) });
    const [pairs] = await lake.q(`
      WITH t AS (${t}), f AS (SELECT owner_address AS a, to_address AS r, resource AS res, sum(CASE contract_type WHEN 57 THEN amount ELSE -amount END) AS d
                               FROM t WHERE contract_type IN (57, 58) GROUP BY ALL),
      d AS (SELECT * FROM resource_delegations WHERE version = 2)
      SELECT count(*) AS n, sum((coalesce(h.balance, 0) <> coalesce(o.balance, 0) + f.d)::INT) AS bad, sum((h.balance IS NULL)::INT) AS missing
      FROM f JOIN account_snapshots sa ON sa.address = f.a AND sa.as_of_block = ${A} -- delegators read at A: all their pairs were read
      LEFT JOIN d o ON o.from_address = f.a AND o.to_address = f.r AND o.resource = f.res AND o.as_of_block = ${A}
      LEFT JOIN d h ON h.from_address = f.a AND h.to_address = f.r AND h.resource = f.res AND h.as_of_block = ${B}`);
    expect(Number(pairs!.n)).toBeGreaterThanOrEqual(2);
    expect(Number(pairs!.bad)).toBe(0);
    expect(Number(pairs!.missing)).toBe(0);
    // The accounts' delegated / acquired totals are the sums of their pairs.
    const [sides] = await lake.q(`
      WITH d AS (SELECT * FROM resource_delegations WHERE version = 2 AND as_of_block = ${B})
      SELECT count(*) AS n,
             sum((a.delegated_v2_energy <> coalesce((SELECT sum(balance) FROM d WHERE d.from_address = a.address AND d.resource = 'ENERGY'), 0))::INT) AS bad_out,
             sum((a.acquired_v2_energy <> coalesce((SELECT sum(balance) FROM d WHERE d.to_address = a.address AND d.resource = 'ENERGY'), 0))::INT) AS bad_in
      FROM account_snapshots a WHERE a.as_of_block = ${B} AND a.delegated_v2_energy + a.acquired_v2_energy > 0`);
    expect(Number(sides!.n)).toBeGreaterThanOrEqual(3);
    expect(Number(sides!.bad_out)).toBe(0);
    expect(Number(sides!.bad_in)).toBe(0);
    // A locked delegation: its lock balance and expiry as of B (lock_period blocks of 3 s after the transaction).
    const [lock] = await lake.q(`SELECT count(*) AS n FROM resource_delegations WHERE as_of_block = ${B} AND lock_balance > 0 AND expire_time > 0`);
    expect(Number(lock!.n)).toBeGreaterThan(0);
  });

  it('votes: the last VoteWitness replaces the set, a Stake 1.0 unfreeze cancels it; otherwise the votes at A stay', async () => {
    const rows = await lake.q(`
      WITH t AS (SELECT * FROM transactions WHERE block_number > ${A} AND block_number <= ${B}),
      lv AS (SELECT owner_address AS a, arg_max(parameter_json, block_number * 100000 + tx_index) AS p, max(block_number * 100000 + tx_index) AS pos FROM t WHERE contract_type = 4 GROUP BY 1),
      u1 AS (SELECT owner_address AS a, max(block_number * 100000 + tx_index) AS pos FROM t WHERE contract_type = 12 GROUP BY 1)
      SELECT o.address, o.votes_json AS at_a, h.votes_json AS at_b, lv.p, lv.pos AS vpos, u1.pos AS upos
      FROM account_snapshots o JOIN account_snapshots h ON h.address = o.address AND h.as_of_block = ${B}
      LEFT JOIN lv ON lv.a = o.address LEFT JOIN u1 ON u1.a = o.address
      WHERE o.as_of_block = ${A} AND (o.votes_json <> '[]' OR h.votes_json <> '[]' OR lv.p IS NOT NULL)`);
    expect(rows.length).toBeGreaterThanOrEqual(3);
    let replaced = 0;
    let cancelled = 0;
    for (const r of rows) {
      const sort = (x: { address: string; count: number }[]) => x.sort((p, q) => p.address.localeCompare(q.address));
      let want = JSON.parse(String(r.at_a)) as { address: string; count: number }[];
      if (r.p !== null && (r.upos === null || Number(r.vpos) > Number(r.upos))) {
        want = (JSON.parse(String(r.p)).votes as { vote_address: string; vote_count: number }[]).map((v) => ({ address: v.vote_address, count: v.vote_count }));
        replaced++;
      } else if (r.upos !== null) {
        want = [];
        cancelled++;
      }
      expect(sort(JSON.parse(String(r.at_b)))).toEqual(sort(want));
    }
    expect(replaced).toBeGreaterThan(0);
    expect(cancelled).toBe(1);
  });

  it('Stake 1.0: an unfreeze with a receiver ends the v1 delegation (written as 0); a position no transaction touches stays', async () => {
    const v1 = await lake.q(`SELECT as_of_block, balance FROM resource_delegations WHERE version = 1 AND resource = 'ENERGY' ORDER BY as_of_block`);
    expect(v1.map((r) => [Number(r.as_of_block), Number(r.balance)])).toEqual([[A, 7_000_000], [B, 0]]);
    const [u] = await lake.q(`SELECT amount FROM transactions WHERE contract_type = 12`);
    expect(Number(u!.amount)).toBe(7_000_000);
    const [still] = await lake.q(`SELECT frozen_v1_bandwidth FROM account_snapshots WHERE address = '${hexToBase58(STAKERS[0]!)}' AND as_of_block = ${B}`);
    expect(Number(still!.frozen_v1_bandwidth)).toBe(9_000_000);
    const [multi] = await lake.q(`SELECT json_extract(owner_permission_json, '$.threshold')::INT AS t, json_array_length(json_extract(owner_permission_json, '$.keys')) AS k
                                  FROM account_snapshots WHERE address = '${hexToBase58(STAKERS[2]!)}' AND as_of_block = ${B}`);
    expect([multi!.t, Number(multi!.k)]).toEqual([2, 3]);
    const [defaults] = await lake.q(`SELECT count(*) AS n FROM account_snapshots WHERE owner_permission_json IS NOT NULL`);
    expect(Number(defaults!.n)).toBe(2); // staker 2 at A and at B; every other account has the default permission
  });

  it('network totals as of each snapshot', async () => {
    const rows = await lake.q(`SELECT * FROM network_snapshots ORDER BY as_of_block`);
    const ts = await lake.q(`SELECT block_number, "timestamp" FROM blocks WHERE block_number IN (${A}, ${B}) ORDER BY 1`);
    expect(rows.map((r) => Number(r.timestamp))).toEqual(ts.map((r) => Number(r.timestamp)));
    for (const r of rows) expect([Number(r.total_net_limit), Number(r.total_energy_limit)]).toEqual([43_200_000_000, 180_000_000_000]);
  });
});

describe('snapshot reading: node faults and the moving head', () => {
  it('a node without the state APIs stops the ingest with an error naming the API and --no-snapshots; --no-snapshots ingests', async () => {
    const t = tempLake();
    const bad = await startFakeNode({ low: REAL_BLOCK, head: REAL_BLOCK + 1, solid: REAL_BLOCK + 1, noStateApis: true, record: false });
    try {
      await expect(runIngest({ node: bad.url, out: t.dir, from: REAL_BLOCK, ...quiet })).rejects.toThrow(/getaccount.*--no-snapshots/);
      const s = await runIngest({ node: bad.url, out: t.dir, from: REAL_BLOCK, snapshots: false, ...quiet });
      expect(s.manifest!.tables.account_snapshots).toBeUndefined();
      expect(s.manifest!.head.number).toBe(REAL_BLOCK + 1);
    } finally {
      await bad.close();
      t.cleanup();
    }
  });

  it('the solid head moving during the reads: the new blocks are ingested, what they touched is read again, the snapshot is as of the new head', async () => {
    const t = tempLake();
    const moving = await startFakeNode({ low: REAL_BLOCK - 2, head: REAL_BLOCK + 6, solid: REAL_BLOCK + 1, staking: true, moveSolidAfter: 5, moveSolidBy: 3 });
    try {
      const s = await runIngest({ node: moving.url, out: t.dir, from: REAL_BLOCK - 2, ...quiet });
      expect(s.manifest!.solidBlock).toBe(REAL_BLOCK + 4);
      const v = await openLake(t.dir);
      try {
        const rows = await v.q(`SELECT DISTINCT as_of_block FROM account_snapshots UNION SELECT as_of_block FROM network_snapshots`);
        expect(rows.map((r) => Number(r.as_of_block))).toEqual([REAL_BLOCK + 4]);
        // Every address's state is its state as of the new head (the node's answer now), though most were read before it moved.
        const { handle } = await import('./fake-node.ts');
        const rows2 = await v.q(`SELECT * FROM account_snapshots`);
        expect(rows2.length).toBeGreaterThan(100);
        for (const row of rows2) {
          const ask = (api: string) => JSON.parse(handle(moving.state, `/walletsolidity/${api}`, { address: base58ToHex(String(row.address)) }).text);
          const want = accountRow(String(row.address), REAL_BLOCK + 4, ask('getaccount'), ask('getReward'));
          expect({ a: row.address, balance: n(row.balance), energy: n(row.frozen_v2_energy), pending: row.unfrozen_v2_json, votes: row.votes_json, reward: n(row.reward) })
            .toEqual({ a: row.address, balance: want.balance, energy: want.frozen_v2_energy, pending: want.unfrozen_v2_json, votes: want.votes_json, reward: want.reward });
          // Resource usage (issue 27): the node's fields as it prints them, a window in thousandths of a 3 s slot → ms.
          const acct = ask('getaccount');
          const r = acct.account_resource ?? {};
          const win = (size: unknown): bigint | null => (size === undefined ? null : (n(size) * 3n));
          expect({ a: row.address, net: n(row.net_usage), netT: n(row.latest_consume_time), netW: row.net_window_size === null ? null : n(row.net_window_size),
            free: n(row.free_net_usage), freeT: n(row.latest_consume_free_time), energy: n(row.energy_usage), energyT: n(row.latest_consume_time_for_energy),
            energyW: row.energy_window_size === null ? null : n(row.energy_window_size) })
            .toEqual({ a: row.address, net: n(acct.net_usage), netT: n(acct.latest_consume_time), netW: win(acct.net_window_size), free: n(acct.free_net_usage),
              freeT: n(acct.latest_consume_free_time), energy: n(r.energy_usage), energyT: n(r.latest_consume_time_for_energy), energyW: win(r.energy_window_size) });
        }
        // The sample is not all zeros: the rich block's transactions consumed free bandwidth and energy.
        expect(rows2.some((x) => n(x.free_net_usage) > 0n)).toBe(true);
        expect(rows2.some((x) => n(x.energy_usage) > 0n)).toBe(true);
      } finally {
        v.close();
      }
    } finally {
      await moving.close();
      t.cleanup();
    }
  });
});

describe('node JSON → snapshot rows', () => {
  it('reads getaccount fields with default values omitted', () => {
    const a = accountRow('T1', 7, {});
    expect([a.balance, a.frozen_v2_energy, a.votes_json, a.owner_permission_json, a.reward]).toEqual([0n, 0n, '[]', null, 0n]);
    expect(accountRow('T1', 7, {}, { reward: 12 }).reward).toBe(12n);
    // No usage printed: 0, and no window (the default one from the consume time).
    expect([a.net_usage, a.free_net_usage, a.energy_usage, a.latest_consume_time, a.net_window_size, a.energy_window_size]).toEqual([0n, 0n, 0n, 0n, null, null]);
    const u = accountRow('T1', 7, { net_usage: 300, latest_consume_time: 1_700_000_000_000, net_window_size: 14_400_000, net_window_optimized: true, free_net_usage: 270,
      latest_consume_free_time: 1_700_000_003_000, account_resource: { energy_usage: 9_000, latest_consume_time_for_energy: 1_700_000_006_000, energy_window_size: 14_400 } });
    // 14,400,000 thousandths of a slot = 14,400 slots = 12 h; a window not optimized is in slots.
    expect([u.net_usage, u.latest_consume_time, u.net_window_size, u.free_net_usage, u.latest_consume_free_time, u.energy_usage, u.latest_consume_time_for_energy, u.energy_window_size])
      .toEqual([300n, 1_700_000_000_000n, 43_200_000n, 270n, 1_700_000_003_000n, 9_000n, 1_700_000_006_000n, 43_200_000n]);
    // java-tron reads 0, and an optimized size under one slot, as the default window.
    expect([windowMs(0, true), windowMs(999, true), windowMs(undefined, false), windowMs(1000, true)]).toEqual([null, null, null, 3000n]);
    const b = accountRow('T1', 7, { balance: 5, frozenV2: [{ amount: 3 }, { type: 'ENERGY', amount: 4 }, { type: 'TRON_POWER' }], unfrozenV2: [{ unfreeze_amount: 2, unfreeze_expire_time: 9 }] });
    expect([b.balance, b.frozen_v2_bandwidth, b.frozen_v2_energy, b.frozen_v2_tron_power]).toEqual([5n, 3n, 4n, 0n]);
    expect(JSON.parse(b.unfrozen_v2_json)).toEqual([{ type: 'BANDWIDTH', amount: 2, expire: 9 }]);
  });

  it('a v2 pair: the entry whose expiry is after the as-of time is the locked part', () => {
    const rows = delegationRows('Ta', 'Tb', 2, 10, 1_000, [{ frozen_balance_for_energy: 5 }, { frozen_balance_for_energy: 3, expire_time_for_energy: 2_000 }]);
    expect(rows.find((r) => r.resource === 'ENERGY')).toMatchObject({ balance: 8n, lock_balance: 3n, expire_time: 2_000n });
    const expired = delegationRows('Ta', 'Tb', 2, 10, 5_000, [{ frozen_balance_for_energy: 3, expire_time_for_energy: 2_000 }]);
    expect(expired.find((r) => r.resource === 'ENERGY')).toMatchObject({ balance: 3n, lock_balance: 0n, expire_time: 0n });
  });
});
