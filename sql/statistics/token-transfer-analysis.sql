-- One token's amount moved per UTC day of [$start_day, $end_day] (exact) with its transfers, the token's decimals and
-- its USD price of that day (NULL when the lake has none; token_volume_priced, the price rule): the endpoint values
-- the day in USD.
-- @param token_id VARCHAR
-- @param start_day VARCHAR
-- @param end_day VARCHAR
SELECT day, amount_raw, transfer_count, price_usd, decimals
FROM token_volume_priced
WHERE token_id = $token_id AND day BETWEEN $start_day AND $end_day
