import { describe, expect, it } from 'vitest';
import { get, sql, testManifest } from '../../helpers/lake.ts';
import { EXPECTED_ACCOUNTS_SQL, num, numOrNull } from './expected-accounts.ts';
import { expectedRewards } from './expected-rewards.ts';
import { usageAt } from '../../../src/endpoints/account/accountv2.ts';

/** Sample accounts: the busiest, the largest balance, the largest Stake 2.0 staker, a named one, a labelled one. */
async function samples() {
  return sql(`WITH e AS (${EXPECTED_ACCOUNTS_SQL}),
      s AS (SELECT * FROM snap_account_snapshots QUALIFY row_number() OVER (PARTITION BY address ORDER BY as_of_block DESC) = 1),
      picks AS (
        (SELECT address FROM e ORDER BY tx_total DESC, address LIMIT 2)
        UNION (SELECT address FROM e WHERE lifetime ORDER BY tx_total DESC, address LIMIT 1)
        UNION (SELECT address FROM e ORDER BY balance DESC, address LIMIT 1)
        UNION (SELECT address FROM s ORDER BY frozen_v2_bandwidth + frozen_v2_energy + delegated_v2_energy DESC, address LIMIT 1)
        UNION (SELECT address FROM s WHERE account_name <> '' ORDER BY address LIMIT 1)
        UNION (SELECT address FROM s WHERE address IN (SELECT address FROM ref_address_labels) ORDER BY address LIMIT 1))
    SELECT e.*, s.*, (SELECT public_tag FROM ref_address_labels l WHERE l.address = e.address) AS public_tag
    FROM picks JOIN e USING (address) JOIN s USING (address) ORDER BY address`);
}

describe('GET /api/accountv2', () => {
  it('an activated account: the newest snapshot, its transactions in the lake and its label', async () => {
    const rows = await samples();
    // Neither test lake starts at genesis: accounts older than it are sampled, so the null side is checked.
    expect(rows.some((w) => !w.lifetime)).toBe(true);
    for (const w of rows) {
      const r = await get(`/api/accountv2?address=${w.address}`);
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({
        address: w.address, activated: true, name: w.account_name, date_created: num(w.create_time),
        balance: num(w.balance), balanceStr: String(w.balance),
        // Lifetime counts: the lake's only for an account created inside it, else null (issue 27 defect 2).
        transactions_in: numOrNull(w.lt_in), transactions_out: numOrNull(w.lt_out),
        transactions: w.lifetime ? num(w.tx_in) + num(w.tx_out) : null,
        totalTransactionCount: numOrNull(w.lt_total), latest_operation_time: num(w.latest_operation_time),
        frozenForBandWidthV2: num(w.frozen_v2_bandwidth), frozenForEnergyV2: num(w.frozen_v2_energy),
        delegatedFrozenV2BalanceForEnergy: num(w.delegated_v2_energy), acquiredDelegatedFrozenV2BalanceForEnergy: num(w.acquired_v2_energy),
        frozenForBandWidth: num(w.frozen_v1_bandwidth), frozenForEnergy: num(w.frozen_v1_energy),
        publicTag: w.public_tag ?? '', witness: w.is_witness ? 1 : 0,
      });
      expect(r.body.withPriceTokens[0]).toMatchObject({ tokenId: '_', balance: String(w.balance) });
    }
  });

  it('accountType 2 exactly for an address of the contracts dimension; representative.url from the witnesses dimension', async () => {
    // A witness with a URL, a contract, and an account that is neither: each checked against the dimensions in plain SQL.
    const picks = await sql(`(SELECT address FROM dim_witnesses WHERE coalesce(url, '') <> '' ORDER BY address LIMIT 2)
      UNION ALL (SELECT address FROM dim_contracts ORDER BY address LIMIT 2)
      UNION ALL (SELECT address FROM snap_account_snapshots WHERE address NOT IN (SELECT address FROM dim_contracts)
        AND address NOT IN (SELECT address FROM dim_witnesses) ORDER BY address LIMIT 1)`);
    expect(picks.length).toBe(5);
    for (const { address } of picks) {
      const [d] = await sql(`SELECT (SELECT count(*) FROM dim_contracts WHERE address = '${address}') AS contracts,
        (SELECT coalesce(max(url), '') FROM dim_witnesses WHERE address = '${address}') AS url`);
      const r = await get(`/api/accountv2?address=${address}`);
      expect(r.status).toBe(200);
      expect(r.body.accountType, String(address)).toBe(Number(d!.contracts) > 0 ? 2 : 0);
      expect(r.body.representative.url, String(address)).toBe(String(d!.url));
    }
  });

  it('agrees with /api/account/list?address= on every shared figure', async () => {
    for (const w of await samples()) {
      const [v2, list] = await Promise.all([get(`/api/accountv2?address=${w.address}`), get(`/api/account/list?address=${w.address}`)]);
      const item = list.body.data[0];
      expect(item.address).toBe(v2.body.address);
      expect(item.balance).toBe(v2.body.balance);
      expect(item.totalTransactionCount).toBe(v2.body.totalTransactionCount);
      expect(item.latestOperationTime).toBe(v2.body.latest_operation_time);
    }
  });

  it('an address never activated (a token recipient without an account) answers the zeroed object; a bad address is a 400', async () => {
    const [none] = await sql(`SELECT a FROM (SELECT to_address AS a FROM raw_token_transfers UNION SELECT '${'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb'}')
      WHERE a NOT IN (SELECT address FROM snap_account_snapshots) ORDER BY a LIMIT 1`);
    const r = await get(`/api/accountv2?address=${none!.a}`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ activated: false, date_created: 0, balance: 0, balanceStr: '0', reward: 0, rewardNum: 0, bandwidth: { assets: {} } });
    expect(r.body.withPriceTokens).toHaveLength(1);
    const bad = await get('/api/accountv2?address=TXYZ');
    expect(bad.status).toBe(400);
    expect(bad.text).toMatch(/address/);
  });
});

describe('GET /api/accountv2 reward / rewardNum (issue 27)', () => {
  it('the unclaimed voting reward: every newest snapshot holds the independent figure, and the endpoint answers it', async () => {
    const want = await expectedRewards(sql, await testManifest());
    const newest = await sql(`SELECT address, arg_max(reward, as_of_block) AS reward FROM snap_account_snapshots GROUP BY address`);
    expect(newest.length).toBe(want.size);
    const got = new Map(newest.map((r) => [String(r.address), BigInt(String(r.reward))]));
    expect(got).toEqual(want);
    // Samples: the three largest rewards and an account without one.
    const ranked = [...want].sort((x, y) => (y[1] > x[1] ? 1 : y[1] < x[1] ? -1 : x[0] < y[0] ? -1 : 1));
    const picks = [...ranked.slice(0, 3), ranked.find(([, v]) => v === 0n)!];
    expect(picks[0]![1]).toBeGreaterThan(0n);
    for (const [address, reward] of picks) {
      const r = await get(`/api/accountv2?address=${address}`);
      expect(r.status).toBe(200);
      expect({ reward: r.body.reward, rewardNum: BigInt(r.body.rewardNum) }).toEqual({ reward: reward > 0n ? 1 : 0, rewardNum: reward });
    }
  });
});

/**
 * Bandwidth and energy used at the head (issue 27), computed here from the newest snapshot's raw columns: a snapshot's
 * usage is as of its block (the node recovered it to then) and falls linearly to 0 at the end of its recovery window
 * (the window the snapshot gives, ms from its block; else 24 h after the consume time), so at the head it is
 * usage × (end − head) / (end − snapshot time), floored; 0 once the end is past.
 */
const DAY = 86_400_000n;
function usedAtHead(usage: bigint, consumed: bigint, window: bigint | null, snapTs: bigint, head: bigint): bigint {
  const end = window === null ? consumed + DAY : snapTs + window;
  if (usage === 0n || end <= head) return 0n;
  if (head <= snapTs) return usage;
  return (usage * (end - head)) / (end - snapTs);
}
/** part / whole to 4 places, half up, as a number (independent of src/params/amounts.ts). */
function fraction4(part: bigint, whole: bigint): number {
  const q = (part * 20_000n + whole) / (2n * whole);
  return Number(q) / 10_000;
}
const big = (v: unknown): bigint => BigInt(String(v ?? 0));
const bigOrNull = (v: unknown): bigint | null => (v === null || v === undefined ? null : BigInt(String(v)));

describe('GET /api/accountv2 bandwidth and energy used / remaining / percentage (issue 27)', () => {
  async function usageSamples() {
    return sql(`WITH s AS (SELECT * FROM snap_account_snapshots QUALIFY row_number() OVER (PARTITION BY address ORDER BY as_of_block DESC) = 1),
        picks AS (
          (SELECT address FROM s ORDER BY net_usage DESC, address LIMIT 2)
          UNION (SELECT address FROM s ORDER BY free_net_usage DESC, address LIMIT 2)
          UNION (SELECT address FROM s ORDER BY energy_usage DESC, address LIMIT 2)
          -- the oldest consume still held: the one most recovered at the head
          UNION (SELECT address FROM s WHERE free_net_usage > 0 ORDER BY latest_consume_free_time, address LIMIT 1)
          UNION (SELECT address FROM s WHERE energy_usage > 0 ORDER BY latest_consume_time_for_energy, address LIMIT 1)
          -- an account whose newest snapshot is older than the lake's newest (recovered over more time)
          UNION (SELECT address FROM s WHERE as_of_block < (SELECT max(as_of_block) FROM s) AND free_net_usage + energy_usage > 0 ORDER BY address LIMIT 1)
          UNION (SELECT address FROM s WHERE net_usage + free_net_usage + energy_usage = 0 AND (create_time > 0 OR balance > 0) ORDER BY address LIMIT 1)),
        n AS (SELECT * FROM snap_network_snapshots ORDER BY as_of_block DESC LIMIT 1)
      SELECT s.*, (SELECT "timestamp" FROM snap_network_snapshots x WHERE x.as_of_block = s.as_of_block) AS snap_ts,
             n.total_net_limit, n.total_net_weight, n.total_energy_limit, n.total_energy_weight,
             (SELECT arg_max(value, as_of_block) FROM snap_chain_parameters WHERE key = 'getFreeNetLimit') AS free_net_limit
      FROM picks JOIN s USING (address) CROSS JOIN n ORDER BY address`);
  }

  it('used = the snapshot usage recovered to the head; remaining = limit − used; percentage = used / limit, 4 places', async () => {
    const head = BigInt((await testManifest()).head.timestamp);
    const rows = await usageSamples();
    let recovered = 0;
    let nonZero = 0;
    for (const w of rows) {
      const snapTs = big(w.snap_ts);
      const netUsed = usedAtHead(big(w.net_usage), big(w.latest_consume_time), bigOrNull(w.net_window_size), snapTs, head);
      const freeUsed = usedAtHead(big(w.free_net_usage), big(w.latest_consume_free_time), null, snapTs, head);
      const energyUsed = usedAtHead(big(w.energy_usage), big(w.latest_consume_time_for_energy), bigOrNull(w.energy_window_size), snapTs, head);
      if (netUsed + freeUsed + energyUsed > 0n) nonZero++;
      if (freeUsed < big(w.free_net_usage) || energyUsed < big(w.energy_usage)) recovered++;
      // Stake limits as exact fractions: sun staked × total limit / (10^6 × total weight).
      const netSun = big(w.frozen_v1_bandwidth) + big(w.acquired_v1_bandwidth) + big(w.frozen_v2_bandwidth) + big(w.acquired_v2_bandwidth);
      const energySun = big(w.frozen_v1_energy) + big(w.acquired_v1_energy) + big(w.frozen_v2_energy) + big(w.acquired_v2_energy);
      const share = (used: bigint, sun: bigint, limit: unknown, weight: unknown) => {
        const num = sun * big(limit);
        const den = 1_000_000n * big(weight);
        const left = num - used * den;
        return { remaining: Number(left > 0n ? left / den : 0n), percentage: num > 0n ? fraction4(used * den, num) : used === 0n ? 0 : null };
      };
      const net = share(netUsed, netSun, w.total_net_limit, w.total_net_weight);
      const energy = share(energyUsed, energySun, w.total_energy_limit, w.total_energy_weight);
      const freeLimit = big(w.free_net_limit);
      const freeRemaining = freeLimit > freeUsed ? Number(freeLimit - freeUsed) : 0;
      const r = await get(`/api/accountv2?address=${w.address}`);
      expect(r.status).toBe(200);
      expect({ address: w.address, ...r.body.bandwidth, totalNetRemaining: r.body.totalNetRemaining, totalEnergyRemaining: r.body.totalEnergyRemaining }).toMatchObject({
        address: w.address,
        netUsed: Number(netUsed), netRemaining: net.remaining, netPercentage: net.percentage,
        freeNetLimit: Number(freeLimit), freeNetUsed: Number(freeUsed), freeNetRemaining: freeRemaining, freeNetPercentage: fraction4(freeUsed, freeLimit),
        energyUsed: Number(energyUsed), energyRemaining: energy.remaining, energyPercentage: energy.percentage,
        totalNetRemaining: net.remaining + freeRemaining, totalEnergyRemaining: energy.remaining,
      });
    }
    // The samples are not all trivial: some usage is left at the head, and some has recovered since its snapshot
    // (the generated lake's snapshots are at the head, so recovery shows on the ingested lake only).
    expect(nonZero).toBeGreaterThan(0);
    if ((await testManifest()).source.kind !== 'generate') expect(recovered).toBeGreaterThan(0);
    expect(rows.length).toBeGreaterThanOrEqual(3);
  });

  it('a never-activated address answers every resource figure 0 (the zeroed object)', async () => {
    const [none] = await sql(`SELECT a FROM (SELECT to_address AS a FROM raw_token_transfers UNION SELECT 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb')
      WHERE a NOT IN (SELECT address FROM snap_account_snapshots) ORDER BY a LIMIT 1`);
    const r = await get(`/api/accountv2?address=${none!.a}`);
    expect(r.body.bandwidth).toMatchObject({ netUsed: 0, netRemaining: 0, netPercentage: 0, freeNetLimit: 0, freeNetUsed: 0, freeNetRemaining: 0, freeNetPercentage: 0, energyUsed: 0, energyRemaining: 0, energyPercentage: 0 });
    expect([r.body.totalNetRemaining, r.body.totalEnergyRemaining]).toEqual([0, 0]);
  });
});

describe('usage recovery bounds (usageAt)', () => {
  const T = 1_700_000_000_000n;
  const H = 3_600_000n;
  it('just consumed, read at the snapshot: the whole usage; fully recovered (24 h after the consume): 0', () => {
    expect(usageAt(1000n, T, null, T, T)).toBe(1000n);
    expect(usageAt(1000n, T, null, T, T + 24n * H)).toBe(0n);
    expect(usageAt(1000n, T, null, T + 24n * H, T + 25n * H)).toBe(0n);
  });
  it('linear in between, from the snapshot value over what is left of the window; a recorded window wins', () => {
    // Consumed at T, snapshot at T + 12 h (the node already halved it, say to 500), head 6 h later: half of it left.
    expect(usageAt(500n, T, null, T + 12n * H, T + 18n * H)).toBe(250n);
    // The same with a recorded window of 8 h left at the snapshot: 2 h left at the head.
    expect(usageAt(500n, T, 8n * H, T + 12n * H, T + 18n * H)).toBe(125n);
    expect(usageAt(500n, T, 8n * H, T + 12n * H, T + 20n * H)).toBe(0n);
    // Floored once: 1000 × 1/3 = 333.
    expect(usageAt(1000n, T, 3n * H, T, T + 2n * H)).toBe(333n);
  });
  it('not recorded (a snapshot made before the columns, or no snapshot time): null, not 0', () => {
    expect(usageAt(null, null, null, T, T)).toBeNull();
    expect(usageAt(1000n, T, null, null, T)).toBeNull();
  });
});
