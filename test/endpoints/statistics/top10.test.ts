/**
 * /api/top10 against plain SQL over the raw Parquet of the test lake (helpers/lake.ts `sql`): each ranking is counted
 * straight from raw_transactions / raw_token_transfers over the window (whole UTC hours ending with the head block's
 * hour, docs/compat.md "Top 10"), never from hourly_address_activity or the serving tables under test; state
 * rankings from the newest account snapshot of each address.
 */
import { describe, expect, it } from 'vitest';
import { get, sql, testManifest } from '../../helpers/lake.ts';
import { realtimeVotes } from '../witness/expected.ts';

const HOUR = 3_600_000;
const WINDOW_HOURS: Record<number, number> = { 1: 1, 2: 24, 3: 168, 4: 72 };
const share = (part: number, whole: number): number | null => (whole === 0 ? null : Math.round((part / whole) * 10_000) / 10_000);

async function window(time: number): Promise<{ start: number; end: number }> {
  const head = (await testManifest()).head.timestamp;
  return { start: (Math.floor(head / HOUR) - (WINDOW_HOURS[time]! - 1)) * HOUR, end: head };
}

/** A ranking from raw SQL: `select` yields k (the key) and v (the ranked value) over the rows of `from`, ties by key. */
async function ranking(select: string, from: string): Promise<{ top: { k: string; v: bigint; e1?: bigint; e2?: bigint }[]; whole: bigint }> {
  const all = await sql(`SELECT k, v, e1, e2 FROM (SELECT ${select} FROM ${from} GROUP BY k) WHERE v > 0 ORDER BY v DESC, k`);
  const whole = all.reduce((a, r) => a + BigInt(r.v as bigint), 0n);
  return {
    top: all.slice(0, 10).map((r) => ({ k: String(r.k), v: BigInt(r.v as bigint), e1: r.e1 == null ? undefined : BigInt(r.e1 as bigint), e2: r.e2 == null ? undefined : BigInt(r.e2 as bigint) })),
    whole,
  };
}

const trx = (sun: bigint): number => Number(sun) / 1e6;

/** The address rankings of a window: type → [select, from] over raw_transactions of the window. */
function addressRankings(start: number): Record<number, [string, string]> {
  const tx = `raw_transactions WHERE "timestamp" >= ${start}`;
  const transfers = `${tx} AND contract_type = 1 AND contract_ret = 'SUCCESS'`;
  const calls = `${tx} AND contract_type = 31 AND contract_address IS NOT NULL`;
  return {
    1: ['owner_address AS k, sum(amount) AS v, NULL AS e1, NULL AS e2', transfers],
    2: ['owner_address AS k, count(*) AS v, NULL AS e1, NULL AS e2', transfers],
    3: ['to_address AS k, sum(amount) AS v, NULL AS e1, NULL AS e2', transfers],
    4: ['to_address AS k, count(*) AS v, NULL AS e1, NULL AS e2', transfers],
    12: ['contract_address AS k, count(DISTINCT owner_address) AS v, NULL AS e1, NULL AS e2', calls],
    13: ['contract_address AS k, count(*) AS v, NULL AS e1, NULL AS e2', calls],
    14: ['owner_address AS k, sum(energy_usage_total) AS v, sum(energy_usage) AS e1, sum(energy_usage_total) - sum(energy_usage) - sum(origin_energy_usage) AS e2', tx],
    16: ['contract_address AS k, sum(energy_usage_total) AS v, sum(energy_usage) + sum(origin_energy_usage) AS e1, sum(energy_usage_total) - sum(energy_usage) - sum(origin_energy_usage) AS e2', calls],
    17: ['contract_address AS k, sum(fee) AS v, NULL AS e1, NULL AS e2', calls],
    20: ['owner_address AS k, sum(fee) AS v, NULL AS e1, NULL AS e2', tx],
  };
}

/** A response row as [key, value, split…] for comparison with `ranking`. */
function responseRow(type: number, r: Record<string, number | string | null>): unknown[] {
  switch (type) {
    case 1:
    case 3:
      return [r.address, r.amount];
    case 2:
    case 4:
      return [r.address, r.transaction_number];
    case 12:
      return [r.contract, r.active_address];
    case 13:
      return [r.contract, r.triggers];
    case 14:
    case 16:
      return [r.address, r.whole_energy_use, r.energy_use, r.energy_burn];
    default:
      return [r.address, r.fee];
  }
}

function expectedRow(type: number, x: { k: string; v: bigint; e1?: bigint; e2?: bigint }): unknown[] {
  if ([1, 3, 17, 20].includes(type)) return [x.k, trx(x.v)];
  if (type === 14 || type === 16) return [x.k, Number(x.v), Number(x.e1), Number(x.e2)];
  return [x.k, Number(x.v)];
}

describe('GET /api/top10', () => {
  it('ranks accounts and contracts over every window exactly as a plain SQL ranking of the raw transactions', async () => {
    let rows = 0;
    for (const time of [1, 2, 3, 4]) {
      const w = await window(time);
      const types = addressRankings(w.start);
      const { status, body } = await get(`/api/top10?time=${time}&type=${Object.keys(types).join(',')}`);
      expect(status).toBe(200);
      expect(body.map((b: { type: number }) => b.type)).toEqual(Object.keys(types).map(Number));
      for (const b of body) {
        const [select, from] = types[b.type]!;
        const want = await ranking(select, from);
        expect([b.start_time, b.end_time]).toEqual([w.start, w.end]);
        expect(b.data.map((r: Record<string, number | string | null>) => responseRow(b.type, r)), `type ${b.type} time ${time}`).toEqual(want.top.map((x) => expectedRow(b.type, x)));
        expect(b.data.map((r: { percentage: number }) => r.percentage)).toEqual(want.top.map((x) => share(Number(x.v), Number(want.whole))));
        rows += b.data.length;
      }
    }
    // Not vacuous: the week of either test lake holds transfers, calls and fees.
    expect(rows).toBeGreaterThan(40);
  });

  it('ranks bandwidth as stake or free bytes plus burned bytes (net_fee / the price in force)', async () => {
    const w = await window(3);
    const price = `(SELECT p.price_sun FROM dim_resource_prices p WHERE p.resource = 'bandwidth' AND p.from_ts <= t."timestamp" ORDER BY p.from_ts DESC LIMIT 1)`;
    const all = await sql(`
      SELECT owner_address AS k, sum(net_usage) AS used, sum(CASE WHEN net_fee > 0 THEN net_fee // ${price} ELSE 0 END) AS burned,
             count(*) FILTER (WHERE net_fee > 0 AND ${price} IS NULL) AS unpriced
      FROM raw_transactions t WHERE "timestamp" >= ${w.start} GROUP BY 1`);
    const ranked = all
      .map((r) => ({ k: String(r.k), used: Number(r.used), burned: Number(r.burned ?? 0), unpriced: Number(r.unpriced) }))
      .filter((r) => r.used + r.burned > 0 || r.unpriced > 0)
      .sort((a, b) => b.used + b.burned - (a.used + a.burned) || (a.k < b.k ? -1 : 1));
    const whole = ranked.reduce((a, r) => a + r.used + r.burned, 0);
    const [b] = (await get('/api/top10?time=3&type=15')).body;
    expect(b.data).toEqual(
      ranked.slice(0, 10).map((r) => ({
        address: r.k,
        net_use: r.used,
        net_burn: r.unpriced > 0 ? null : r.burned,
        whole_net_use: r.unpriced > 0 ? null : r.used + r.burned,
        percentage: share(r.used + r.burned, whole),
      })),
    );
  });

  it('ranks tokens by transacting accounts, transfers, USD moved and their rise against the window before', async () => {
    const w = await window(2);
    const prevStart = w.start - 24 * HOUR;
    const moves = `(SELECT "timestamp", contract_address AS token, from_address AS a, to_address AS b, CAST(amount_raw AS HUGEINT) AS amount FROM raw_token_transfers WHERE token_standard = 'trc20'
                    UNION ALL SELECT "timestamp", token_id, owner_address, to_address, amount FROM raw_transactions WHERE contract_type = 2 AND contract_ret = 'SUCCESS' AND to_address IS NOT NULL)`;
    const counts = await sql(`SELECT token AS k, count(*) FILTER (WHERE "timestamp" >= ${w.start}) AS n, count(*) FILTER (WHERE "timestamp" < ${w.start}) AS prev
                              FROM ${moves} WHERE "timestamp" >= ${prevStart} GROUP BY 1`);
    const accounts = await sql(`SELECT token AS k, count(DISTINCT x) AS v FROM (SELECT token, unnest([a, b]) AS x FROM ${moves} WHERE "timestamp" >= ${w.start})
                                WHERE x <> 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb' GROUP BY 1 ORDER BY v DESC, k`);
    const byCount = counts.map((r) => ({ k: String(r.k), n: Number(r.n), prev: Number(r.prev) })).filter((r) => r.n > 0).sort((a, b) => b.n - a.n || (a.k < b.k ? -1 : 1));
    const total = byCount.reduce((a, r) => a + r.n, 0);
    const hot = counts.map((r) => ({ k: String(r.k), n: Number(r.n), rise: Number(r.n) - Number(r.prev) })).filter((r) => r.n > 0).sort((a, b) => b.rise - a.rise || (a.k < b.k ? -1 : 1));
    const accTotal = accounts.reduce((a, r) => a + Number(r.v), 0);
    const { body } = await get('/api/top10?type=8,9,18');
    const [t8, t9, t18] = body;
    expect(t8.data.map((r: { token_id: string; address_number: number; percentage: number }) => [r.token_id, r.address_number, r.percentage]))
      .toEqual(accounts.slice(0, 10).map((r) => [String(r.k), Number(r.v), share(Number(r.v), accTotal)]));
    expect(t9.data.map((r: { token_id: string; transaction_number: number; percentage: number }) => [r.token_id, r.transaction_number, r.percentage]))
      .toEqual(byCount.slice(0, 10).map((r) => [r.k, r.n, share(r.n, total)]));
    expect(t18.data.map((r: { token_id: string; transaction_number: number; increase: number }) => [r.token_id, r.transaction_number, r.increase]))
      .toEqual(hot.slice(0, 10).map((r) => [r.k, r.n, r.rise]));
    // Hot contracts: the same rise of their calls (TriggerSmartContract, any result).
    const calls = await sql(`SELECT contract_address AS k, count(*) FILTER (WHERE "timestamp" >= ${w.start}) AS n, count(*) FILTER (WHERE "timestamp" < ${w.start}) AS prev
                             FROM raw_transactions WHERE contract_type = 31 AND contract_address IS NOT NULL AND "timestamp" >= ${prevStart} GROUP BY 1`);
    const hotCalls = calls.map((r) => ({ k: String(r.k), n: Number(r.n), rise: Number(r.n) - Number(r.prev) })).filter((r) => r.n > 0).sort((a, b) => b.rise - a.rise || (a.k < b.k ? -1 : 1));
    const allCalls = hotCalls.reduce((a, r) => a + r.n, 0);
    const [t19] = (await get('/api/top10?type=19')).body;
    expect(t19.data).toEqual(hotCalls.slice(0, 10).map((r) => ({ contract: r.k, triggers: r.n, increase: r.rise, percentage: share(r.n, allCalls) })));
    expect(t18.data.length).toBe(Math.min(10, byCount.length));
    // Token identity: TRC10 ids are numbers (type 10), TRC20 tokens their contracts (type 20); names from the dimension.
    const dims = new Map((await sql('SELECT token_id, symbol FROM dim_tokens')).map((r) => [String(r.token_id), String(r.symbol)]));
    for (const r of t9.data) {
      expect(r.type).toBe(/^\d+$/.test(r.token_id) ? 10 : 20);
      expect(r.abbr).toBe(dims.get(r.token_id) ?? '');
    }
    // USD moved: the amount at the token's latest price, priced tokens with decimals only (none without prices).
    const usd = await sql(`
      SELECT m.token AS k, sum(CAST(m.amount AS DOUBLE) / power(10, d.decimals) * p.price_usd) AS usd
      FROM ${moves} m JOIN dim_tokens d ON d.token_id = m.token
      JOIN (SELECT token_id, CAST(arg_max(price_usd, day_ts) AS DOUBLE) AS price_usd FROM rule_day_prices GROUP BY 1) p ON p.token_id = m.token
      WHERE m."timestamp" >= ${w.start} GROUP BY 1 HAVING usd > 0 ORDER BY usd DESC, k LIMIT 10`);
    const [t10] = (await get('/api/top10?type=10')).body;
    expect(t10.data.map((r: { token_id: string }) => r.token_id)).toEqual(usd.map((r) => String(r.k)));
    t10.data.forEach((r: { amount: number }, i: number) => expect(r.amount).toBeCloseTo(Number(usd[i]!.usd), 2));
  });

  it('ranks the newest state (stakes, votes, contract balances) for every time, dated at the head', async () => {
    const head = (await testManifest()).head.timestamp;
    const newest = `(SELECT * FROM snap_account_snapshots s WHERE as_of_block = (SELECT max(as_of_block) FROM snap_account_snapshots x WHERE x.address = s.address))`;
    const frozen = await sql(`
      SELECT address AS k, frozen_v1_bandwidth + frozen_v1_energy + delegated_v1_bandwidth + delegated_v1_energy + frozen_v2_bandwidth + frozen_v2_energy
             + frozen_v2_tron_power + delegated_v2_bandwidth + delegated_v2_energy AS v FROM ${newest}`);
    const votes = await sql(`SELECT address AS k, coalesce((SELECT sum(CAST(json_extract(e.value, '$.count') AS BIGINT)) FROM json_each(votes_json) e), 0) AS v FROM ${newest}`);
    const balances = await sql(`SELECT address AS k, balance AS v FROM ${newest} WHERE address IN (SELECT address FROM dim_contracts)`);
    const top = (rows: Record<string, unknown>[]) => {
      const r = rows.map((x) => ({ k: String(x.k), v: BigInt(x.v as bigint) })).filter((x) => x.v > 0n).sort((a, b) => (b.v > a.v ? 1 : b.v < a.v ? -1 : a.k < b.k ? -1 : 1));
      const whole = r.reduce((a, x) => a + x.v, 0n);
      return r.slice(0, 10).map((x) => [x.k, x.v, share(Number(x.v), Number(whole))]);
    };
    // Not vacuous where the lake has account snapshots (the generated one does).
    const [snap] = await sql('SELECT count(*) AS n FROM snap_account_snapshots');
    if (Number(snap!.n) > 0) expect(top(frozen).length * top(votes).length).toBeGreaterThan(0);
    for (const time of [0, 1, 3]) {
      const { body } = await get(`/api/top10?time=${time}&type=5,6,11`);
      for (const b of body) expect([b.start_time, b.end_time]).toEqual([head, head]);
      expect(body[0].data.map((r: { address: string; freeze: number; percentage: number }) => [r.address, r.freeze, r.percentage])).toEqual(top(frozen).map(([k, v, p]) => [k, trx(v as bigint), p]));
      expect(body[1].data.map((r: { address: string; votes: number; percentage: number }) => [r.address, BigInt(r.votes), r.percentage])).toEqual(top(votes));
      expect(body[2].data.map((r: { contract: string; balance: number; percentage: number }) => [r.contract, r.balance, r.percentage])).toEqual(top(balances).map(([k, v, p]) => [k, trx(v as bigint), p]));
    }
    // Holders: positive balances per token, the largest first (consistency with the token list's own counts).
    const [t7] = (await get('/api/top10?type=7')).body;
    const holders = t7.data.map((r: { holders: number }) => r.holders);
    expect(holders).toEqual([...holders].sort((a: number, b: number) => b - a));
  });

  it('answers the overview (type 0, the default) with each window\'s network figures from the raw transactions', async () => {
    const { status, body } = await get('/api/top10');
    expect(status).toBe(200);
    const week = await window(3);
    expect([body.start_time, body.end_time]).toEqual([week.start, week.end]);
    for (const [time, prefix] of [[1, 'last_hour_'], [2, 'last_day_'], [3, 'last_week_']] as const) {
      const w = await window(time);
      const [f] = await sql(`
        SELECT coalesce(sum(amount) FILTER (WHERE contract_type = 1 AND contract_ret = 'SUCCESS'), 0) AS trx_sun,
               count(*) FILTER (WHERE contract_type = 1 AND contract_ret = 'SUCCESS') AS trx_n,
               count(*) FILTER (WHERE contract_type = 31 AND contract_address IS NOT NULL) AS triggers,
               count(DISTINCT owner_address) FILTER (WHERE contract_type = 31 AND contract_address IS NOT NULL) AS callers,
               coalesce(sum(energy_usage_total), 0) AS energy, coalesce(sum(energy_usage + origin_energy_usage), 0) AS stake,
               coalesce(sum(net_usage), 0) AS net
        FROM raw_transactions WHERE "timestamp" >= ${w.start}`);
      expect([body[`${prefix}trx_transfer_amount`], body[`${prefix}trx_transaction_number`], body[`${prefix}contract_triggers`], body[`${prefix}contract_active_address`]])
        .toEqual([trx(BigInt(f!.trx_sun as bigint)), Number(f!.trx_n), Number(f!.triggers), Number(f!.callers)]);
      expect([body[`${prefix}whole_energy_use`], body[`${prefix}energy_usage`], body[`${prefix}whole_energy_burn`], body[`${prefix}net_usage`]])
        .toEqual([Number(f!.energy), Number(f!.stake), Number(f!.energy) - Number(f!.stake), Number(f!.net)]);
    }
    // Whole-chain token counts (issue 27 defect 2): trc10_all = the trc10_count anchor before the first block (0 from
    // genesis) + the lake's successful AssetIssue, null without it; trc20_all has no source (null); the transfer
    // records are the lake's sums only from genesis, else null.
    const [b] = await sql(`SELECT min(block_number) AS first FROM raw_blocks`);
    const first = BigInt(String(b!.first));
    const anchor = first === 0n ? [{ v: 0 }] : await sql(`SELECT value_raw AS v FROM ref_chain_anchors WHERE name = 'trc10_count' AND as_of_block = ${first - 1n}`);
    const [issued] = await sql(`SELECT count(*) AS n FROM raw_transactions WHERE contract_type = 6 AND contract_ret = 'SUCCESS'`);
    const trc10All = anchor.length === 0 ? null : Number(anchor[0]!.v) + Number(issued!.n);
    expect([body.trc10_all, body.trc20_all, body.token_all]).toEqual([trc10All, null, null]);
    expect(first).toBeGreaterThan(0n);
    expect([body.trc10_record, body.trc20_record, body.token_record]).toEqual([null, null, null]);
  });

  it('the overview\'s state totals are the whole chain\'s or null, never sums over the accounts the lake read', async () => {
    const { body } = await get('/api/top10?type=0');
    // whole_freeze: the node's own chain totals in the newest network snapshot (three weights of whole TRX, disjoint:
    // each stake adds to the weight of its one resource), null without a snapshot.
    const [net] = await sql(`SELECT CAST(total_net_weight AS HUGEINT) + total_energy_weight + total_tron_power_weight AS w
                             FROM snap_network_snapshots ORDER BY as_of_block DESC LIMIT 1`);
    expect(body.whole_freeze).toBe(net ? Number(net.w) : null);
    // whole_vote: every witness's realtime votes (the independent ledger of the vote transactions and the snapshots).
    const rt = await realtimeVotes();
    expect(body.whole_vote === null ? null : BigInt(body.whole_vote)).toBe(rt.size ? [...rt.values()].reduce((a, v) => a + BigInt(v), 0n) : null);
    // contract_whole_balance: only when the lake holds every account of the chain, i.e. its accounts (addresses with a
    // snapshot) = the account_count anchor as of the block before its first one (0 from genesis) + those created since.
    const [b] = await sql('SELECT min(block_number) AS first, min("timestamp") AS first_ts FROM raw_blocks');
    const first = BigInt(String(b!.first));
    const anchor = first === 0n ? [{ v: 0 }] : await sql(`SELECT value_raw AS v FROM ref_chain_anchors WHERE name = 'account_count' AND as_of_block = ${first - 1n}`);
    const [acc] = await sql(`
      WITH newest AS (SELECT * FROM snap_account_snapshots QUALIFY row_number() OVER (PARTITION BY address ORDER BY as_of_block DESC) = 1)
      SELECT count(*) AS n, count(*) FILTER (WHERE create_time >= ${Number(b!.first_ts)}) AS created,
             coalesce(sum(balance) FILTER (WHERE address IN (SELECT address FROM dim_contracts)), 0)::HUGEINT AS contracts
      FROM newest WHERE create_time > 0 OR balance > 0`); // an account: activated (an empty getaccount answer is none)
    const complete = anchor.length > 0 && BigInt(String(acc!.n)) === BigInt(String(anchor[0]!.v)) + BigInt(String(acc!.created));
    expect(body.contract_whole_balance).toBe(complete ? trx(BigInt(acc!.contracts as bigint)) : null);
    // Neither test lake holds every account: the generated one's anchor counts 346 M accounts before its window, the
    // ingested one has no anchor (test/lake/whole-anchors.test.ts loads an anchor that makes a lake complete).
    expect(complete).toBe(false);
  });

  it('time 0 answers the latest hour for windowed rankings, time defaults to 24 hours; types keep their order', async () => {
    const hour = (await get('/api/top10?time=1&type=2,20')).body;
    expect((await get('/api/top10?time=0&type=2,20')).body).toEqual(hour);
    expect((await get('/api/top10?type=20,2,20')).body).toEqual((await get('/api/top10?time=2&type=20,2')).body);
    expect((await get('/api/top10?type=0')).body).toEqual((await get('/api/top10?time=3')).body);
  });

  it('bad input is a 400 naming the parameter', async () => {
    for (const [q, param] of [['type=21', 'type'], ['type=0,1', 'type'], ['type=a', 'type'], ['time=5', 'time'], ['time=-1', 'time'], ['time=x', 'time']] as const) {
      const r = await get(`/api/top10?${q}`);
      expect([r.status, r.body.param], q).toEqual([400, param]);
    }
  });
});
