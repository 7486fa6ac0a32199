-- /api/vote?voter=: how many vote rows and votes (see vote-by-voter.sql).
-- @param voter VARCHAR
SELECT count(*) AS n, coalesce(sum(v.votes), 0) AS votes FROM votes_by_voter_served v WHERE v.voter_address = $voter
