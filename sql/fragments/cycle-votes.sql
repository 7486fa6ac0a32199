-- The rows of witness_cycle_votes from the maintenance boundary `scope.from_t` on (docs/compat.md "Witnesses",
-- src/lake/README.md). The caller's WITH defines `scope` (one row: from_t, the first boundary to compute, -1 for all
-- of them; to_t, the last: the head's time for the maintenances held, the next boundary after the head for the tally
-- the next maintenance will make of the votes as they stand, witness_realtime_votes) and `carried` (candidate_address, votes: the tally at from_t kept from the previous version; no rows on a
-- full derive). Unqualified names are the new version's (schema main).
-- The protocol: the node tallies every voter's votes at each maintenance (every 6 h from UTC midnight), after the
-- transactions of the maintenance block (the first block at or after the boundary). A vote change (VoteWitness: the
-- set replaces the voter's previous one; a Stake 1.0 unfreeze: every vote cancelled) therefore counts from the
-- boundary of its own block when that block is the maintenance block (its predecessor, in the lake, is before the
-- boundary), else from the next boundary. The tally at a boundary = the newest anchor at or before it + the changes
-- counted after the anchor and up to the boundary, each change being its new set minus the voter's previous set (its
-- latest earlier observation: a vote change, or an account snapshot as of an earlier block; none known = no votes).
-- Anchors, newest first at a boundary: a witnesses snapshot (listwitnesses' voteCount, as of a block of the period
-- that boundary opens: the node's own tally), the tally carried from the previous version, and the account snapshots
-- before the lake's first block (the opening votes; the only anchor of a lake without a witnesses snapshot).
lake AS (
  SELECT min(block_number) AS first_block, min("timestamp") AS first_ts FROM blocks
), bound AS (
  SELECT unnest(range(greatest((SELECT from_t FROM scope), (first_ts // 21600000 + 1) * 21600000), (SELECT to_t FROM scope) + 1, 21600000)) AS cycle_ts
  FROM lake
), chg AS (
  SELECT voter_address AS voter, block_number, tx_index, "timestamp" AS ts, candidate_address AS candidate, votes
  FROM vote_events WHERE "timestamp" >= (SELECT from_t FROM scope)
  UNION ALL
  SELECT owner_address, block_number, tx_index, "timestamp", NULL, 0
  FROM stake_events WHERE operation = 'unfreeze_v1' AND "timestamp" >= (SELECT from_t FROM scope)
), chg_key AS (
  SELECT DISTINCT voter, block_number, tx_index, ts, block_number * 4194304 + tx_index AS pos FROM chg
), snap_votes AS (
  SELECT address AS voter, as_of_block, votes_json FROM account_snapshots WHERE address IN (SELECT voter FROM chg_key)
), obs_rows AS (
  -- what each changing voter's set was after an earlier observation (a snapshot as of a block: after all its
  -- transactions, hence the last position of the block)
  SELECT voter_address AS voter, block_number * 4194304 + tx_index AS pos, candidate_address AS candidate, votes
  FROM vote_events WHERE voter_address IN (SELECT voter FROM chg_key)
  UNION ALL
  SELECT s.voter, s.as_of_block * 4194304 + 4194303, x.v.address, x.v.count
  FROM snap_votes s, LATERAL (SELECT unnest(from_json(s.votes_json, '[{"address":"VARCHAR","count":"BIGINT"}]')) AS v) x
), obs_key AS (
  SELECT DISTINCT voter, pos FROM obs_rows
  UNION SELECT owner_address, block_number * 4194304 + tx_index FROM stake_events
  WHERE operation = 'unfreeze_v1' AND owner_address IN (SELECT voter FROM chg_key)
  UNION SELECT voter, as_of_block * 4194304 + 4194303 FROM snap_votes
), pred AS (
  SELECT block_number + 1 AS next_block, "timestamp" AS ts FROM blocks
  WHERE "timestamp" >= (SELECT from_t FROM scope) - 21600000
    AND block_number + 1 IN (SELECT block_number FROM chg_key)
), keyed AS (
  SELECT k.voter, k.block_number, k.tx_index, o.pos AS prev_pos,
         CASE WHEN p.ts < k.ts // 21600000 * 21600000 THEN k.ts // 21600000 * 21600000
              ELSE (k.ts // 21600000 + 1) * 21600000 END AS cf
  FROM chg_key k
  ASOF LEFT JOIN obs_key o ON o.voter = k.voter AND k.pos > o.pos
  LEFT JOIN pred p ON p.next_block = k.block_number
), d AS (
  SELECT cf, candidate, sum(dv)::BIGINT AS dv FROM (
    SELECT k.cf, c.candidate, c.votes AS dv FROM chg c JOIN keyed k USING (voter, block_number, tx_index) WHERE c.candidate IS NOT NULL
    UNION ALL
    SELECT k.cf, r.candidate, -r.votes FROM keyed k JOIN obs_rows r ON r.voter = k.voter AND r.pos = k.prev_pos
  ) GROUP BY ALL
), ws AS (
  SELECT as_of_ts // 21600000 * 21600000 AS t_a, address AS candidate, vote_count AS votes FROM witness_snapshots
  QUALIFY as_of_block = max(as_of_block) OVER (PARTITION BY as_of_ts // 21600000)
), opening AS (
  SELECT x.v.address AS candidate, sum(x.v.count)::BIGINT AS votes
  FROM (SELECT votes_json FROM account_snapshots WHERE as_of_block < (SELECT first_block FROM lake)
        QUALIFY row_number() OVER (PARTITION BY address ORDER BY as_of_block DESC) = 1) s,
       LATERAL (SELECT unnest(from_json(s.votes_json, '[{"address":"VARCHAR","count":"BIGINT"}]')) AS v) x
  GROUP BY ALL
), anchor_rows AS (
  -- akey orders anchors: its boundary, then witnesses snapshot (2) over carried tally (1) over opening votes (0)
  SELECT t_a * 4 + 2 AS akey, candidate, votes FROM ws WHERE t_a >= (SELECT from_t FROM scope)
  UNION ALL SELECT (SELECT from_t FROM scope) * 4 + 1, candidate_address, votes FROM carried WHERE (SELECT from_t FROM scope) >= 0
  UNION ALL SELECT -4, candidate, votes FROM opening WHERE (SELECT from_t FROM scope) < 0
), anchor_keys AS (
  SELECT DISTINCT t_a * 4 + 2 AS akey FROM ws WHERE t_a >= (SELECT from_t FROM scope)
  UNION SELECT (SELECT from_t FROM scope) * 4 + CASE WHEN (SELECT from_t FROM scope) < 0 THEN 0 ELSE 1 END
), pick AS (
  SELECT b.cycle_ts, max(k.akey) AS akey FROM bound b JOIN anchor_keys k ON k.akey // 4 <= b.cycle_ts GROUP BY ALL
), grid AS (
  SELECT p.cycle_ts, p.akey, c.candidate FROM pick p, (SELECT candidate FROM anchor_rows UNION SELECT candidate FROM d) c
), tally AS (
  SELECT g.cycle_ts, g.candidate,
         coalesce(a.votes, 0) + sum(coalesce(d.dv, 0)) OVER (PARTITION BY g.akey, g.candidate ORDER BY g.cycle_ts) AS votes
  FROM grid g
  LEFT JOIN anchor_rows a ON a.akey = g.akey AND a.candidate = g.candidate
  -- a change counts after its anchor: a witnesses snapshot of the period already holds the changes up to the boundary
  LEFT JOIN d ON d.cf = g.cycle_ts AND d.candidate = g.candidate AND d.cf > g.akey // 4
)
