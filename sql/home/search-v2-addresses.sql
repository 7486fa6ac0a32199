-- /api/search/v2 addresses: the term itself when it is an account (accounts: one bucket) or a labelled address, then
-- the addresses whose public label equals the term (case-insensitive), then those whose label starts with it; within
-- each, by address. Account names are not searched (a scan of every account); labels are the address_labels
-- reference (a small operator file).
-- @param term VARCHAR
-- @param lim INTEGER
-- @param off INTEGER
WITH labels AS (
  SELECT address, min(public_tag) AS public_tag,
         CASE WHEN address = $term OR bool_or(lower(public_tag) = lower($term)) THEN 0 ELSE 1 END AS match_rank
  FROM address_labels
  WHERE address = $term OR starts_with(lower(public_tag), lower($term))
  GROUP BY address
), own AS (
  SELECT address, NULL::VARCHAR AS public_tag, 0 AS match_rank
  FROM accounts WHERE bucket = address_bucket($term) AND address = $term
)
SELECT address, max(public_tag) AS public_tag, min(match_rank) AS match_rank
FROM (SELECT * FROM labels UNION ALL SELECT * FROM own)
GROUP BY address
ORDER BY match_rank, address
LIMIT $lim OFFSET $off
