-- /api/vote without candidate or voter: every current vote (newest snapshots), largest first.
-- @param lim BIGINT
-- @param off BIGINT
WITH page AS (
  SELECT v.voter_address, v.candidate_address, v.votes, v.vote_ts, v.voter_tron_power, v.voter_votes_used FROM votes_by_candidate_served v
  ORDER BY {{order_by}}
  LIMIT $lim OFFSET $off
)
{{> account/vote.join}}
