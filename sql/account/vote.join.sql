-- /api/vote: the page (CTE `page`, carrying the voter's TRON Power and votes used from the derive) joined with the
-- SR's name, URL and total votes (the witnesses dimension, in memory). The page is cut first, then joined; the join
-- does not keep the page's order, so the order is given again (the same whitelisted constant, over `page v`): a
-- download streams these rows as they come.
SELECT v.voter_address, v.candidate_address, v.votes, v.vote_ts, w.name AS candidate_name, w.url AS candidate_url,
       w.votes AS candidate_total_votes, v.voter_tron_power AS tron_power, v.voter_votes_used AS votes_used
FROM page v LEFT JOIN witnesses w ON w.address = v.candidate_address
ORDER BY {{order_by}}
