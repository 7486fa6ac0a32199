-- /api/vote?candidate= (and optionally voter=): how many vote rows and votes (see vote-by-candidate.sql).
-- @param candidate VARCHAR
-- @param voter VARCHAR
SELECT count(*) AS n, coalesce(sum(v.votes), 0) AS votes FROM votes_by_candidate_served v
WHERE v.candidate_address = $candidate AND (v.voter_address = $voter OR $voter IS NULL)
