-- The previous version's tallies up to its last maintenance, then that maintenance and the new ones computed again
-- from it (sql/fragments/cycle-votes.sql): the previous tally at its last boundary is the anchor (unless a witnesses
-- snapshot of that period or a later one is newer), so only the vote changes from that boundary on are read.
-- A previous version whose blocks held no boundary yet: every boundary from the lake's first one (as a full derive).
WITH prev_last AS (
  SELECT CASE WHEN t > (SELECT min("timestamp") FROM blocks) THEN t ELSE -1 END AS t
  FROM (SELECT max("timestamp") // 21600000 * 21600000 AS t FROM blocks WHERE block_number = derive_prev_head())
),
scope AS (SELECT coalesce((SELECT t FROM prev_last), -1)::BIGINT AS from_t, derive_head_ts() AS to_t),
carried AS (SELECT candidate_address, votes FROM prev.witness_cycle_votes WHERE cycle_ts = (SELECT from_t FROM scope)),
{{> fragments/cycle-votes}}
SELECT cycle_ts, candidate_address, votes FROM prev.witness_cycle_votes WHERE cycle_ts < (SELECT from_t FROM scope)
UNION ALL
SELECT cycle_ts, candidate AS candidate_address, votes FROM tally WHERE votes <> 0
