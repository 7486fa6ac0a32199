-- /api/deep/account/relatedAccount and /api/deep/account/transferAmount: the addresses a version keeps a ranking for
-- (src/endpoints/shapes/counterparty-shape.ts keptRankings): those with at least $min_rows rows of
-- address_counterparty_daily in the default window [start_ts, end_ts] (the 90 days ending at the head), the busiest
-- first, at most $max_addresses. Read once per version.
-- @param start_ts BIGINT
-- @param end_ts BIGINT
-- @param min_rows BIGINT
-- @param max_addresses BIGINT
SELECT f.address, count(*) AS row_count
FROM address_counterparty_daily f
WHERE f."timestamp" >= $start_ts AND f."timestamp" <= $end_ts
GROUP BY f.address
HAVING count(*) >= $min_rows
ORDER BY row_count DESC, f.address
LIMIT $max_addresses
