-- /api/vote: the page (CTE `page`, carrying the voter's TRON Power and votes used from the derive) joined with the
-- SR's name, URL and total votes (the witnesses dimension, in memory). The page is cut first, then joined.
SELECT page.voter_address, page.candidate_address, page.votes, page.vote_ts, w.name AS candidate_name, w.url AS candidate_url,
       w.votes AS candidate_total_votes, page.voter_tron_power AS tron_power, page.voter_votes_used AS votes_used
FROM page LEFT JOIN witnesses w ON w.address = page.candidate_address
