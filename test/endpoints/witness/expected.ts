/**
 * Independent expectations of the witness endpoints, in plain SQL over the raw blocks, the witnesses dimension and
 * the account snapshots (never the derived tables the endpoints read).
 */
import { sql, testManifest } from '../../helpers/lake.ts';
import { type ExpectedProposal, cycleTalliesOver, lastCycleVotesOver, proposalLedger } from '../../helpers/governance-ledgers.ts';

export type { ExpectedProposal };

/**
 * Realtime votes per candidate: the votes every voter holds at the head, i.e. the tally the next maintenance (the first
 * 6-hour boundary after the head) will make, from the independent ledger of helpers/governance-ledgers.ts over the raw
 * vote transactions and the snapshots (the last maintenance's anchor + every change since). Zero entries left out.
 */
export async function realtimeVotes(): Promise<Map<string, number>> {
  const [b] = await sql('SELECT max("timestamp") AS hi FROM raw_blocks');
  const next = (Math.floor(Number(b!.hi) / 21_600_000) + 1) * 21_600_000;
  const tally = (await cycleTalliesOver(sql, [next])).get(next)!;
  return new Map([...tally].filter(([, n]) => n !== 0));
}

/** The votes each voter's newest account snapshot holds, per candidate (what /api/vote lists). */
export async function snapshotVotes(): Promise<Map<string, number>> {
  const m = await testManifest();
  if (!m.tables.account_snapshots) return new Map();
  const rows = await sql(`
    WITH newest AS (
      SELECT address, votes_json FROM snap_account_snapshots
      QUALIFY row_number() OVER (PARTITION BY address ORDER BY as_of_block DESC) = 1
    )
    SELECT v.address AS candidate, sum(v.count)::BIGINT AS votes
    FROM newest, LATERAL (SELECT unnest(from_json(votes_json, '[{"address":"VARCHAR","count":"BIGINT"}]'), recursive := true)) v
    WHERE v.count > 0 GROUP BY 1`);
  return new Map(rows.map((r) => [String(r.candidate), Number(r.votes)]));
}

/**
 * The fields of issue 27 per witness, in plain SQL over the raw blocks and transactions and the witnesses dimension:
 * the header version of its highest block (null without a block in the lake), its UpdateBrokerage (49) transactions
 * in block order (absent brokerage in the node JSON = 0), and the lowest commission among those and the current one.
 */
export async function witnessFields(): Promise<Map<string, { version: number | null; changes: { brokerage: number; ts: number; hash: string }[]; lowest: number }>> {
  const versions = new Map((await sql('SELECT witness_address AS a, arg_max(version, block_number) AS v FROM raw_blocks GROUP BY 1')).map((r) => [String(r.a), Number(r.v)]));
  const txs = await sql(`SELECT owner_address AS a, coalesce(TRY_CAST(json_extract(parameter_json, '$.brokerage') AS INTEGER), 0) AS b, "timestamp" AS ts, tx_hash
    FROM raw_transactions WHERE contract_type = 49 AND contract_ret = 'SUCCESS' ORDER BY block_number, tx_index`);
  const out = new Map<string, { version: number | null; changes: { brokerage: number; ts: number; hash: string }[]; lowest: number }>();
  for (const w of await sql('SELECT address, brokerage FROM dim_witnesses')) {
    const a = String(w.address);
    const changes = txs.filter((t) => t.a === a).map((t) => ({ brokerage: Number(t.b), ts: Number(t.ts), hash: String(t.tx_hash) }));
    const current = changes.at(-1)?.brokerage ?? Number(w.brokerage);
    out.set(a, { version: versions.get(a) ?? null, changes, lowest: Math.min(current, ...changes.map((c) => c.brokerage)) });
  }
  return out;
}

/**
 * Lifetime blocks and missed slots per witness: the newest witness snapshot (the node's totals as of its block) plus
 * the lake's blocks after that block and its missed slots after that block's time. A witness without a snapshot row
 * (or a lake without witness snapshots): the whole lake's when the lake is its whole life (its application time in the
 * witnesses dimension at or after the lake's first block, or a lake from genesis), else null (docs/compat.md
 * "Whole-chain figures"). A missed slot: a multiple of 3 s strictly between two blocks of consecutive heights, not
 * within the first 6 s of a 6-hour maintenance period, owned by the producer seen most often at the same position
 * modulo 27 of the same period. `tx` is the lake's under the same rule (the node does not count transactions), null
 * otherwise; `last` the latest block, the lake's or else the snapshot's.
 */
export async function production(): Promise<Map<string, { produced: number | null; missed: number | null; tx: number | null; last: number; inLake: number }>> {
  const rows = await sql(`
    WITH snap AS (
      SELECT * FROM snap_witness_snapshots WHERE as_of_block = (SELECT max(as_of_block) FROM snap_witness_snapshots)
    ), cut AS (
      SELECT coalesce(max(as_of_block), -1) AS block, coalesce(max(as_of_ts), -1) AS ts FROM snap
    ), lake AS (
      SELECT min(block_number) AS first, min("timestamp") AS first_ts FROM raw_blocks
    ), owners AS (
      SELECT "timestamp" // 21600000 AS period, ("timestamp" // 3000) % 27 AS pos, mode(witness_address) AS who
      FROM raw_blocks GROUP BY ALL
    ), slots AS (
      SELECT unnest(generate_series(a."timestamp" + 3000, b."timestamp" - 3000, 3000)) AS ts
      FROM raw_blocks a JOIN raw_blocks b ON b.block_number = a.block_number + 1
      WHERE b."timestamp" - a."timestamp" > 3000
    ), misses AS (
      SELECT o.who, count(*) FILTER (WHERE s.ts > (SELECT ts FROM cut)) AS n, count(*) AS n_all
      FROM slots s JOIN owners o ON o.period = s.ts // 21600000 AND o.pos = (s.ts // 3000) % 27
      WHERE s.ts % 21600000 >= 6000 GROUP BY 1
    ), made AS (
      SELECT witness_address AS who, count(*) FILTER (WHERE block_number > (SELECT block FROM cut)) AS n, count(*) AS in_lake,
             sum(tx_count) AS tx, max(block_number) AS last
      FROM raw_blocks GROUP BY 1
    ), who AS (
      SELECT who FROM made UNION SELECT who FROM misses UNION SELECT address FROM snap UNION SELECT address FROM dim_witnesses
    ), whole AS (
      SELECT who.who, (SELECT first FROM lake) = 0 OR coalesce(d.created_ts > 0 AND d.created_ts >= (SELECT first_ts FROM lake), false) AS began
      FROM who LEFT JOIN dim_witnesses d ON d.address = who.who
    )
    SELECT who.who,
           CASE WHEN snap.address IS NOT NULL THEN snap.total_produced + coalesce(made.n, 0) WHEN whole.began THEN coalesce(made.in_lake, 0) END AS produced,
           CASE WHEN snap.address IS NOT NULL THEN snap.total_missed + coalesce(misses.n, 0) WHEN whole.began THEN coalesce(misses.n_all, 0) END AS missed,
           coalesce(made.in_lake, 0) AS in_lake, CASE WHEN whole.began THEN coalesce(made.tx, 0) END AS tx,
           coalesce(made.last, snap.latest_block_num, 0) AS last
    FROM who JOIN whole ON whole.who = who.who LEFT JOIN made ON made.who = who.who LEFT JOIN misses ON misses.who = who.who
    LEFT JOIN snap ON snap.address = who.who`);
  const orNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
  return new Map(rows.map((r) => [String(r.who), { produced: orNull(r.produced), missed: orNull(r.missed), tx: orNull(r.tx), last: Number(r.last), inLake: Number(r.in_lake) }]));
}

/**
 * The witnesses dimension, with each witness's commission as its last UpdateBrokerage (type 49) among the raw
 * transactions says (absent in the node JSON = 0), else the dimension's.
 */
export async function witnessDim(): Promise<{ address: string; rank: number; votes: number; brokerage: number; name: string; created_ts: number }[]> {
  const rows = await sql(`
    WITH cm AS (
      SELECT owner_address, arg_max(coalesce(TRY_CAST(json_extract(parameter_json, '$.brokerage') AS INTEGER), 0), block_number * 1000000 + tx_index) AS b
      FROM raw_transactions WHERE contract_type = 49 AND contract_ret = 'SUCCESS' GROUP BY 1
    )
    SELECT address, rank, votes, coalesce(cm.b, brokerage) AS brokerage, name, created_ts
    FROM dim_witnesses LEFT JOIN cm ON cm.owner_address = address ORDER BY rank`);
  return rows.map((r) => ({ address: String(r.address), rank: Number(r.rank), votes: Number(r.votes), brokerage: Number(r.brokerage), name: String(r.name), created_ts: Number(r.created_ts) }));
}

/** Every proposal newest first, as the ledger of the raw governance transactions gives it (helpers/governance-ledgers.ts). */
export const expectedProposals = (): Promise<ExpectedProposal[]> => proposalLedger(sql);

/** The votes tallied at the given maintenance boundaries (helpers/governance-ledgers.ts). */
export const cycleTallies = (boundaries: readonly number[]): Promise<Map<number, Map<string, number>>> => cycleTalliesOver(sql, boundaries);

/** The last cycle's votes the witness endpoints show (helpers/governance-ledgers.ts). */
export const lastCycleVotes = (): Promise<Map<string, number>> => lastCycleVotesOver(sql);
