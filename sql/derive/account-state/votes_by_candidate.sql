-- votes_by_voter clustered by candidate.
SELECT * FROM votes_by_voter
