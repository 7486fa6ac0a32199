-- /api/vote?voter=: one account's candidates from votes_by_voter (sorted by voter: the equality prunes row groups;
-- see vote-by-candidate.sql).
-- @param voter VARCHAR
-- @param lim BIGINT
-- @param off BIGINT
WITH page AS (
  SELECT v.voter_address, v.candidate_address, v.votes, v.vote_ts, v.voter_tron_power, v.voter_votes_used FROM votes_by_voter_served v
  WHERE v.voter_address = $voter
  ORDER BY {{order_by}}
  LIMIT $lim OFFSET $off
)
{{> account/vote.join}}
