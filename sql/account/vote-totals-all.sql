-- /api/vote without candidate or voter: every current vote row and their sum.
SELECT count(*) AS n, coalesce(sum(v.votes), 0) AS votes FROM votes_by_candidate_served v
