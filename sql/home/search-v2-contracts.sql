-- /api/search/v2 contracts: the contract at the term's address or whose name equals the term (case-insensitive), then
-- those whose name starts with it; within each, by address. Reads the in-memory contracts dimension only.
-- @param term VARCHAR
-- @param lim INTEGER
-- @param off INTEGER
SELECT address, name, tag,
       CASE WHEN address = $term OR lower(name) = lower($term) THEN 0 ELSE 1 END AS match_rank
FROM contracts
WHERE address = $term OR (name <> '' AND starts_with(lower(name), lower($term)))
ORDER BY match_rank, address
LIMIT $lim OFFSET $off
