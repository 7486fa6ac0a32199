-- /api/vote: how many votes rows and votes the filter holds.
SELECT count(*) AS n, coalesce(sum(v.votes), 0) AS votes FROM votes_by_candidate v WHERE {{> account/vote.where v}}
