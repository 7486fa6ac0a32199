-- Recent daily USD prices of the given tokens (tokenPriceLine of /api/token_trc20 and /api/token), oldest first.
-- @param ids VARCHAR[]
-- @param since_ts BIGINT
SELECT token_id, day_ts, price_usd FROM token_prices
WHERE list_contains($ids, token_id) AND day_ts >= $since_ts
ORDER BY token_id, day_ts;
