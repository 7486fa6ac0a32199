/**
 * The audit's account endpoints (issue 12): votes, TRON Power left, stakes that can be unfrozen and Stake 1.0
 * positions, Stake 2.0 stakes and delegations, and the acquisition cost of a resource, from the newest account
 * snapshot of each address and the newest snapshot of each delegation pair (plain SQL over snap_account_snapshots,
 * snap_resource_delegations and snap_network_snapshots). /api/security/sign/data answers no amount and is not audited.
 */
import { type Ctx, s } from './context.ts';
import { arrayPart, field, objectPart, objects } from './json-text.ts';

/** Newest snapshot row per address. */
const NEWEST = `SELECT * FROM snap_account_snapshots QUALIFY row_number() OVER (PARTITION BY address ORDER BY as_of_block DESC) = 1`;

interface Vote { address: string; count: number | string }

export async function accountChecks({ io, get, check, near }: Ctx): Promise<void> {
  // The five largest voters: their votes per candidate, the votes left of their TRON Power (whole TRX of every stake).
  const voters = await io.sql(`SELECT address, votes_json,
      CAST(frozen_v2_bandwidth + frozen_v2_energy + frozen_v2_tron_power + delegated_v2_bandwidth + delegated_v2_energy
         + frozen_v1_bandwidth + frozen_v1_energy + delegated_v1_bandwidth + delegated_v1_energy AS HUGEINT) // 1000000 AS tp
    FROM (${NEWEST}) WHERE votes_json <> '[]' ORDER BY length(votes_json) DESC, address LIMIT 5`);
  const candidates = new Map<string, bigint>();
  for (const v of voters) {
    const votes = (JSON.parse(s(v.votes_json)) as Vote[]).filter((x) => BigInt(x.count) > 0n);
    const a = s(v.address);
    const map = objectPart(await get(`/api/account/votes?address=${a}`), 'votes');
    for (const x of votes) check('/api/account/votes', `${a} → ${x.address}`, field(map, x.address), s(x.count));
    const used = votes.reduce((t, x) => t + BigInt(x.count), 0n);
    const rows = objects(arrayPart(await get(`/api/vote?voter=${a}&limit=50`), 'data'));
    check('/api/vote', `${a} candidates`, s(rows.length), s(votes.length));
    for (const o of rows) {
      check('/api/vote', `${a} → ${field(o, 'candidateAddress')} votes`, field(o, 'votes'), s(votes.find((x) => x.address === field(o, 'candidateAddress'))?.count ?? '?'));
      check('/api/vote', `${a} voterAvailableVotes`, field(o, 'voterAvailableVotes'), (BigInt(s(v.tp)) - used).toString());
    }
    for (const x of votes) candidates.set(x.address, 0n);
  }
  // Those voters' candidates: every current vote for them, summed.
  if (candidates.size) {
    const all = await io.sql(`SELECT address, votes_json FROM (${NEWEST}) WHERE votes_json <> '[]'`);
    const voterCount = new Map<string, number>();
    for (const r of all) {
      for (const x of JSON.parse(s(r.votes_json)) as Vote[]) {
        if (!candidates.has(x.address) || BigInt(x.count) <= 0n) continue;
        candidates.set(x.address, candidates.get(x.address)! + BigInt(x.count));
        voterCount.set(x.address, (voterCount.get(x.address) ?? 0) + 1);
      }
    }
    const witnessVotes = new Map((await io.sql('SELECT address, CAST(votes AS VARCHAR) v FROM dim_witnesses')).map((r) => [s(r.address), s(r.v)]));
    for (const [c, total] of [...candidates].slice(0, 3)) {
      const text = await get(`/api/vote?candidate=${c}&limit=1`);
      check('/api/vote', `${c} totalVotes`, field(text, 'totalVotes'), total.toString());
      check('/api/vote', `${c} total`, field(text, 'total'), s(voterCount.get(c) ?? 0));
      check('/api/vote', `${c} candidateTotalVotes`, field(objects(arrayPart(text, 'data'))[0] ?? '', 'candidateTotalVotes'), witnessVotes.get(c) ?? '0');
    }
  }

  // Unfreezable balance and Stake 1.0 positions of the largest stakers (Stake 1.0 holders first).
  const [head] = await io.sql('SELECT max("timestamp") t FROM raw_blocks');
  const ts = Number(head!.t);
  const stakers = await io.sql(`SELECT address, frozen_v1_bandwidth bw, frozen_v1_bandwidth_expire bwx, frozen_v1_energy en, frozen_v1_energy_expire enx,
      CAST(frozen_v2_bandwidth + frozen_v2_energy + frozen_v2_tron_power
         + CASE WHEN frozen_v1_bandwidth_expire <= ${ts} THEN frozen_v1_bandwidth ELSE 0 END
         + CASE WHEN frozen_v1_energy_expire <= ${ts} THEN frozen_v1_energy ELSE 0 END AS VARCHAR) AS free
    FROM (${NEWEST}) ORDER BY (frozen_v1_bandwidth + frozen_v1_energy > 0) DESC, frozen_v2_bandwidth + frozen_v2_energy + frozen_v2_tron_power DESC, address LIMIT 6`);
  const [net] = await io.sql('SELECT * FROM snap_network_snapshots ORDER BY as_of_block DESC LIMIT 1');
  for (const a of stakers) {
    const addr = s(a.address);
    check('/api/account/resource/unfreeze', `${addr} balance`, field(await get(`/api/account/resource/unfreeze?address=${addr}`), 'balance'), s(a.free));
    const rows = objects(arrayPart(await get(`/api/account/resource?address=${addr}`), 'data'));
    const own = [['BANDWIDTH', a.bw, net?.total_net_limit, net?.total_net_weight], ['ENERGY', a.en, net?.total_energy_limit, net?.total_energy_weight]].filter(([, b]) => Number(b) > 0);
    check('/api/account/resource', `${addr} positions`, s(rows.length), s(own.length));
    for (const [res, b, limit, weight] of own) {
      const o = rows.find((r) => field(r, 'resource') === res) ?? '';
      check('/api/account/resource', `${addr} ${s(res)} frozenBalance`, field(o, 'frozenBalance'), s(b));
      if (net) near('/api/account/resource', `${addr} ${s(res)} resourceValue`, field(o, 'resourceValue'), (Number(b) / 1e6) * Number(limit) / Number(weight), 6);
    }
  }

  // Stake 2.0 (/api/account/resourcev2): the largest stakers' own stakes per resource (type 0), and the delegations
  // given by the largest delegator (type 2): count and the balance of every pair.
  const own = await io.sql(`SELECT address, CAST(frozen_v2_bandwidth AS VARCHAR) b, CAST(frozen_v2_energy AS VARCHAR) e, CAST(frozen_v2_tron_power AS VARCHAR) t
    FROM (${NEWEST}) WHERE frozen_v2_bandwidth + frozen_v2_energy + frozen_v2_tron_power > 0
    ORDER BY frozen_v2_bandwidth + frozen_v2_energy + frozen_v2_tron_power DESC, address LIMIT 4`);
  for (const a of own) {
    const addr = s(a.address);
    const rows = objects(arrayPart(await get(`/api/account/resourcev2?address=${addr}&limit=50`), 'data'));
    const want = [['0', s(a.b)], ['1', s(a.e)], ['2', s(a.t)]].filter(([, b]) => b !== '0');
    check('/api/account/resourcev2', `${addr} own stakes`, s(rows.length), s(want.length));
    for (const [res, b] of want) check('/api/account/resourcev2', `${addr} resource ${res} balance`, field(rows.find((o) => field(o, 'resource') === res) ?? '', 'balance'), b!);
  }
  const PAIRS = `SELECT * FROM snap_resource_delegations WHERE version = 2
    QUALIFY row_number() OVER (PARTITION BY from_address, to_address, resource ORDER BY as_of_block DESC) = 1`;
  const [giver] = await io.sql(`SELECT from_address a, count(*) n FROM (${PAIRS}) WHERE balance > 0 GROUP BY 1 ORDER BY n DESC, a LIMIT 1`);
  if (giver) {
    const pairs = await io.sql(`SELECT to_address, CASE resource WHEN 'ENERGY' THEN '1' ELSE '0' END res, CAST(balance AS VARCHAR) bal
      FROM (${PAIRS}) WHERE from_address = '${s(giver.a)}' AND balance > 0`);
    const text = await get(`/api/account/resourcev2?address=${s(giver.a)}&type=2&limit=200`);
    check('/api/account/resourcev2', `${s(giver.a)} delegations total`, field(text, 'total'), s(pairs.length));
    // One page per receiver (`toAddress`): the giver's pairs can be more than one page holds.
    for (const p of pairs.slice(0, 20)) {
      const rows = objects(arrayPart(await get(`/api/account/resourcev2?address=${s(giver.a)}&type=2&toAddress=${s(p.to_address)}&limit=50`), 'data'));
      const o = rows.find((r) => field(r, 'receiverAddress') === s(p.to_address) && field(r, 'resource') === s(p.res)) ?? '';
      check('/api/account/resourcev2', `${s(giver.a)} → ${s(p.to_address)} ${s(p.res)} balance`, field(o, 'balance'), s(p.bal));
    }
  }

  // Acquisition cost on the last day before the head's (nothing is staked after it, so its weight is the newest
  // network snapshot's): stake cost = weight / limit, burn cost = the resource price in force at the day's end, in TRX.
  if (net) {
    const last = new Date(io.head - 86_400_000).toISOString().slice(0, 10);
    const [moved] = await io.sql(`SELECT count(*) n FROM raw_transactions WHERE contract_type IN (11, 12, 54, 55, 59)
      AND "timestamp" >= epoch_ms(DATE '${last}' + 1) AND "timestamp" <= ${Number(net.timestamp)}`);
    const text = await get(`/api/acquisition_cost_statistic?start_timestamp=${Date.parse(`${last}T00:00:00Z`)}&end_timestamp=${io.head}&limit=10000`);
    const row = objects(arrayPart(text, 'data')).find((o) => field(o, 'day') === last) ?? '';
    if (Number(moved!.n) === 0) {
      near('/api/acquisition_cost_statistic', `${last} total_energy_cost`, field(row, 'total_energy_cost'), Number(net.total_energy_weight) / Number(net.total_energy_limit), 7);
      near('/api/acquisition_cost_statistic', `${last} total_net_cost`, field(row, 'total_net_cost'), Number(net.total_net_weight) / Number(net.total_net_limit), 7);
    }
    const end = Date.parse(`${last}T00:00:00Z`) + 86_400_000 - 1;
    const [price] = await io.sql(`SELECT CAST(price_sun AS VARCHAR) p FROM dim_resource_prices WHERE resource = 'energy' AND from_ts <= ${end} ORDER BY from_ts DESC LIMIT 1`);
    if (price) near('/api/acquisition_cost_statistic', `${last} burn_energy_cost`, field(row, 'burn_energy_cost'), Number(price.p) / 1e6, 9);
  }
}
