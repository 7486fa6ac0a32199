-- /api/vote?candidate= (and optionally voter=): one SR's voters from votes_by_candidate, sorted by candidate, so
-- the equality on the sort key prunes row groups. A separate statement, not `candidate = $c OR $c IS NULL`: with
-- the OR a prepared statement cannot push the filter into the Parquet scan and read every row group.
-- @param candidate VARCHAR
-- @param voter VARCHAR
-- @param lim BIGINT
-- @param off BIGINT
WITH page AS (
  SELECT v.voter_address, v.candidate_address, v.votes, v.vote_ts, v.voter_tron_power, v.voter_votes_used FROM votes_by_candidate_served v
  WHERE v.candidate_address = $candidate AND (v.voter_address = $voter OR $voter IS NULL)
  ORDER BY {{order_by}}
  LIMIT $lim OFFSET $off
)
{{> account/vote.join}}
