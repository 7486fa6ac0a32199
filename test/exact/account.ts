/**
 * The audit's account endpoints (issue 12): votes, TRON Power left, stakes that can be unfrozen and Stake 1.0
 * positions, from the newest account snapshot of each address (plain SQL over snap_account_snapshots and
 * snap_network_snapshots). /api/security/sign/data answers no amount and is not audited.
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
}
