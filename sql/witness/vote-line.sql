-- realtimeVoteLine of /api/vote/witness: the serving table sql/serving/witness_vote_line.sql, one witness ($address)
-- or all (NULL).
-- @param address VARCHAR
SELECT candidate_address, points FROM witness_vote_line WHERE $address IS NULL OR candidate_address = $address
