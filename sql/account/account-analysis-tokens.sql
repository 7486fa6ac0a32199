-- /api/account/analysis type 1: one address's transfers and distinct tokens per UTC day number (ms // 86400000) of
-- [$start_ts, $end_ts] (address_block_tokens, the range files holding the address, pruned by time); days without a transfer have no row.
-- @param address VARCHAR
-- @param start_ts BIGINT
-- @param end_ts BIGINT
SELECT "timestamp" // 86400000 AS day_n, CAST(sum(transfer_count) AS BIGINT) AS transfer_count, count(DISTINCT token_id) AS token_count
FROM {{> fragments/address-copy address_block_tokens t}}
WHERE {{> fragments/address-rows t}} AND "timestamp" BETWEEN $start_ts AND $end_ts
GROUP BY 1
