-- /api/vote: the page (CTE `page`) joined with the SR's name, URL and total votes and the voter's TRON Power. The
-- page is cut first, then joined: joined before, the stake_positions scan covered every account.
, pos AS (
  SELECT address, tron_power, votes_used FROM stake_positions WHERE address IN (SELECT voter_address FROM page)
)
SELECT page.*, w.name AS candidate_name, w.url AS candidate_url, w.votes AS candidate_total_votes, pos.tron_power, pos.votes_used
FROM page LEFT JOIN witnesses w ON w.address = page.candidate_address LEFT JOIN pos ON pos.address = page.voter_address
