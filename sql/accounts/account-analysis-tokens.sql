-- /api/account/analysis type 1: one address's transfers and distinct tokens per UTC day of [$start_day, $end_day]
-- (address_block_tokens, its bucket only); days without a transfer have no row (the endpoint lists them as 0).
-- @param address VARCHAR
-- @param start_day VARCHAR
-- @param end_day VARCHAR
SELECT strftime(epoch_ms("timestamp"), '%Y-%m-%d') AS day, CAST(sum(transfer_count) AS BIGINT) AS transfer_count,
       count(DISTINCT token_id) AS token_count
FROM address_block_tokens
WHERE bucket = address_bucket($address) AND address = $address
  AND "timestamp" >= epoch_ms(CAST($start_day AS DATE)::TIMESTAMP) AND "timestamp" < epoch_ms((CAST($end_day AS DATE) + 1)::TIMESTAMP)
GROUP BY 1
