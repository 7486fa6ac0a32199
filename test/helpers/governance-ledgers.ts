/**
 * Ledgers of the governance protocol over the raw transactions and the snapshot rows, for the witness endpoint tests
 * (test/endpoints/witness/expected.ts) and the exactness audit (test/exact/governance.ts): plain SQL over the lake's
 * files (`raw_<dataset>`, `snap_<dataset>`, `dim_<dataset>`) read into TypeScript, never the derived datasets the
 * endpoints read (proposal_state, witness_cycle_votes). `sql` is the caller's query function.
 */
import type { Row } from '../../src/duckdb/duck.ts';

export type Sql = (query: string) => Promise<Row[]>;

export interface ExpectedProposal {
  id: number;
  proposer: string;
  params: { key: number; value: number }[];
  create: number;
  expiration: number;
  approvals: string[];
  valid: number;
  state: string;
}

const MAINTENANCE_MS = 21_600_000;
const EXPIRE_MS = 259_200_000;

/**
 * Every proposal, newest first, as a ledger over the raw transactions (types 16-18, in block order) and the rule of
 * the protocol: a ProposalCreate's id continues the ids of the snapshot rows created before it (the chain numbers
 * them in order; matched here on proposer and block time), approvals in force are each approver's last
 * ProposalApprove, the expiration is the first maintenance (every 6 h from UTC midnight) after create + 3 days, and at
 * the head: deleted → CANCELED; not expired → PENDING; else APPROVED exactly with ≥ 18 approvals of SRs (rank 1-27).
 * Proposals created before the lake: the newest snapshot row as it is.
 */
export async function proposalLedger(sql: Sql): Promise<ExpectedProposal[]> {
  const snap = (await sql('SELECT count(*) AS n FROM snap_proposals'))[0]!.n
    ? await sql(`SELECT proposal_id, proposer_address, parameters_json, create_time, expiration_time, approvals_json, state FROM snap_proposals
        QUALIFY row_number() OVER (PARTITION BY proposal_id ORDER BY as_of_block DESC) = 1`)
    : [];
  const txs = await sql(`SELECT contract_type, owner_address, "timestamp" AS ts, parameter_json FROM raw_transactions
    WHERE contract_type IN (16, 17, 18) AND contract_ret = 'SUCCESS' ORDER BY block_number, tx_index`);
  const srs = new Set((await sql('SELECT address FROM dim_witnesses WHERE rank <= 27')).map((r) => String(r.address)));
  const [head] = await sql('SELECT max("timestamp") AS ts FROM raw_blocks');
  const headTs = Number(head!.ts);
  const lake = new Map<number, { proposer: string; params: { key: number; value: number }[]; create: number; approvals: Map<string, boolean>; deleted: boolean }>();
  let lastId: number | undefined;
  for (const t of txs) {
    const pj = JSON.parse(String(t.parameter_json ?? '{}')) as Record<string, any>;
    if (Number(t.contract_type) === 16) {
      const ts = Number(t.ts);
      const match = snap.find((s) => String(s.proposer_address) === String(t.owner_address) && Number(s.create_time) <= ts && Number(s.create_time) > ts - 6000);
      const id = match ? Number(match.proposal_id) : (lastId ?? Math.max(0, ...snap.map((s) => Number(s.proposal_id)))) + 1;
      lastId = id;
      lake.set(id, { proposer: String(t.owner_address), params: (pj.parameters ?? []).map((x: any) => ({ key: Number(x.key ?? 0), value: Number(x.value ?? 0) })), create: ts, approvals: new Map(), deleted: false });
      continue;
    }
    const p = lake.get(Number(pj.proposal_id ?? 0));
    if (!p) continue;
    if (Number(t.contract_type) === 18) p.deleted = true;
    else {
      p.approvals.delete(String(t.owner_address));
      p.approvals.set(String(t.owner_address), pj.is_add_approval === true);
    }
  }
  const out: ExpectedProposal[] = [...lake].map(([id, p]) => {
    const approvals = [...p.approvals].filter(([, add]) => add).map(([a]) => a);
    const valid = approvals.filter((a) => srs.has(a)).length;
    const expiration = (Math.floor(p.create / MAINTENANCE_MS) + 1) * MAINTENANCE_MS + EXPIRE_MS;
    const state = p.deleted ? 'CANCELED' : expiration > headTs ? 'PENDING' : valid >= 18 ? 'APPROVED' : 'DISAPPROVED';
    return { id, proposer: p.proposer, params: p.params, create: p.create, expiration, approvals, valid, state };
  });
  for (const s of snap) {
    if (lake.has(Number(s.proposal_id))) continue;
    const approvals = JSON.parse(String(s.approvals_json)) as string[];
    out.push({
      id: Number(s.proposal_id), proposer: String(s.proposer_address), params: JSON.parse(String(s.parameters_json)), create: Number(s.create_time),
      expiration: Number(s.expiration_time), approvals, valid: approvals.filter((a) => srs.has(a)).length, state: String(s.state),
    });
  }
  return out.sort((a, b) => b.id - a.id);
}

/**
 * The votes tallied at maintenance boundaries, as an independent ledger over the raw transactions and the snapshot
 * rows (never witness_cycle_votes or vote_events). The protocol: a maintenance every 6 h from UTC midnight tallies
 * every voter's votes after the transactions of the maintenance block, the first block at or after the boundary (so a
 * change counts from its own block's boundary when the raw block before it is older than that boundary, else from
 * the next one). A VoteWitness (4) replaces the voter's set, a Stake 1.0 unfreeze (12) cancels it; an account
 * snapshot as of a block tells the set after that block. The tally at a boundary starts from the newest witness
 * snapshot of a period at or before it (its vote_count is the node's tally of that period's maintenance), else from
 * the opening account snapshots (before the first block), and adds each change counted after that start: its new set
 * minus the voter's set before it (nothing known: no votes). Returns a tally per boundary asked for.
 */
export async function cycleTalliesOver(sql: Sql, boundaries: readonly number[]): Promise<Map<number, Map<string, number>>> {
  const P = MAINTENANCE_MS;
  const [lake] = await sql('SELECT min(block_number) AS first FROM raw_blocks');
  const first = Number(lake!.first);
  const ws = await sql('SELECT as_of_block, as_of_ts, address, vote_count FROM snap_witness_snapshots');
  const snaps = await sql('SELECT address, as_of_block, votes_json FROM snap_account_snapshots');
  const txs = await sql(`
    SELECT t.contract_type, t.owner_address, t.block_number, t.tx_index, t."timestamp" AS ts, t.parameter_json, p."timestamp" AS prev_ts
    FROM raw_transactions t LEFT JOIN raw_blocks p ON p.block_number = t.block_number - 1
    WHERE t.contract_type IN (4, 12) AND t.contract_ret = 'SUCCESS'`);
  type Obs = { block: number; index: number; set: Map<string, number>; change?: number };
  const parse = (pairs: [string, number][]): Map<string, number> => {
    const m = new Map<string, number>();
    for (const [a, n] of pairs) m.set(a, (m.get(a) ?? 0) + n);
    return m;
  };
  const byVoter = new Map<string, Obs[]>();
  const add = (voter: string, o: Obs) => (byVoter.get(voter) ?? byVoter.set(voter, []).get(voter)!).push(o);
  for (const s of snaps) {
    const set = parse((JSON.parse(String(s.votes_json)) as { address: string; count: number }[]).map((v) => [v.address, Number(v.count)]));
    add(String(s.address), { block: Number(s.as_of_block), index: Number.MAX_SAFE_INTEGER, set });
  }
  for (const t of txs) {
    const ts = Number(t.ts);
    const t1 = Math.floor(ts / P) * P;
    const cf = t.prev_ts !== null && Number(t.prev_ts) < t1 ? t1 : t1 + P;
    const votes = Number(t.contract_type) === 4 ? ((JSON.parse(String(t.parameter_json)).votes ?? []) as { vote_address: string; vote_count: number }[]) : [];
    add(String(t.owner_address), { block: Number(t.block_number), index: Number(t.tx_index), set: parse(votes.map((v) => [v.vote_address, Number(v.vote_count ?? 0)])), change: cf });
  }
  // Each change's effect: its set minus the set of the observation before it.
  const changes: { cf: number; delta: Map<string, number> }[] = [];
  for (const list of byVoter.values()) {
    list.sort((a, b) => a.block - b.block || a.index - b.index);
    let before = new Map<string, number>();
    for (const o of list) {
      if (o.change !== undefined) {
        const delta = new Map(o.set);
        for (const [a, n] of before) delta.set(a, (delta.get(a) ?? 0) - n);
        changes.push({ cf: o.change, delta });
      }
      before = o.set;
    }
  }
  // Opening votes: each address's newest snapshot before the first block.
  const opening = new Map<string, number>();
  for (const list of byVoter.values()) {
    const open = list.filter((o) => o.change === undefined && o.block < first).pop();
    for (const [a, n] of open?.set ?? []) opening.set(a, (opening.get(a) ?? 0) + n);
  }
  const out = new Map<number, Map<string, number>>();
  for (const T of boundaries) {
    // the newest witness snapshot whose period starts at or before T (the newest block of that period)
    const anchorRows = ws.filter((w) => Math.floor(Number(w.as_of_ts) / P) * P <= T);
    const ta = anchorRows.length ? Math.max(...anchorRows.map((w) => Math.floor(Number(w.as_of_ts) / P) * P)) : -1;
    const tally = new Map<string, number>();
    if (ta >= 0) {
      const inPeriod = anchorRows.filter((w) => Math.floor(Number(w.as_of_ts) / P) * P === ta);
      const newest = Math.max(...inPeriod.map((w) => Number(w.as_of_block)));
      for (const w of inPeriod.filter((x) => Number(x.as_of_block) === newest)) tally.set(String(w.address), Number(w.vote_count));
    } else for (const [a, n] of opening) tally.set(a, n);
    for (const c of changes) if (c.cf > ta && c.cf <= T) for (const [a, n] of c.delta) tally.set(a, (tally.get(a) ?? 0) + n);
    out.set(T, tally);
  }
  return out;
}

/**
 * The last cycle's votes the witness endpoints show: the tally at the head's boundary (cycleTallies), or, when the
 * lake's blocks cross no boundary, the witnesses dimension's votes.
 */
export async function lastCycleVotesOver(sql: Sql): Promise<Map<string, number>> {
  const [b] = await sql('SELECT min("timestamp") AS lo, max("timestamp") AS hi FROM raw_blocks');
  const T = Math.floor(Number(b!.hi) / MAINTENANCE_MS) * MAINTENANCE_MS;
  if (T <= Number(b!.lo)) return new Map((await sql('SELECT address, votes FROM dim_witnesses')).map((w) => [String(w.address), Number(w.votes)]));
  return (await cycleTalliesOver(sql, [T])).get(T)!;
}
