-- /api/vote: current votes (newest snapshots) of one candidate or one voter, with the SR's name, URL and total votes
-- and the voter's unused TRON Power.
-- @param lim BIGINT
-- @param off BIGINT
SELECT v.voter_address, v.candidate_address, v.votes, v.vote_ts, w.name AS candidate_name, w.url AS candidate_url,
       w.votes AS candidate_total_votes, p.tron_power, p.votes_used
FROM votes_by_candidate v
LEFT JOIN witnesses w ON w.address = v.candidate_address
LEFT JOIN stake_positions p ON p.address = v.voter_address
WHERE {{> account/vote.where v}}
ORDER BY {{order_by}}
LIMIT $lim OFFSET $off
