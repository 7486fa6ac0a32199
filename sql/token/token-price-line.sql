-- Recent daily USD prices of the given tokens (tokenPriceLine of /api/token_trc20 and /api/token), oldest first, by
-- the price rule (token_day_prices; TRX has no line).
-- @param ids VARCHAR[]
-- @param since_ts BIGINT
SELECT token_id, epoch_ms(CAST(day AS TIMESTAMP)) AS day_ts, CAST(price AS DOUBLE) AS price_usd FROM token_day_prices
WHERE list_contains($ids, token_id) AND epoch_ms(CAST(day AS TIMESTAMP)) >= $since_ts
ORDER BY token_id, day_ts;
