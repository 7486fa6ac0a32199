-- /api/account/votes: the current votes of an account (its newest snapshot).
-- @param address VARCHAR
SELECT candidate_address, votes FROM votes_by_voter_served WHERE voter_address = $address ORDER BY candidate_address
