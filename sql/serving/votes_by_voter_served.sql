-- @rows-of votes_by_voter
-- votes_by_voter held in memory (see votes_by_candidate_served.sql), in the file's order (by voter).
SELECT * FROM votes_by_voter
