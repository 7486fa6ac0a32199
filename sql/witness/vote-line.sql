-- realtimeVoteLine of /api/vote/witness: each witness's tally at every maintenance from $since to the head's last one
-- (witness_cycle_votes: one file sorted by cycle_ts, so the range prunes; a witness without a row at a maintenance had
-- 0 votes there, filled in by the endpoint). $address NULL: every witness.
-- @param since BIGINT
-- @param address VARCHAR
SELECT cycle_ts, candidate_address, votes FROM witness_cycle_votes
WHERE cycle_ts >= $since AND cycle_ts <= head_ts() AND ($address IS NULL OR candidate_address = $address)
ORDER BY cycle_ts, candidate_address
