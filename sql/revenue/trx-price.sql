-- TRX closing prices in USD per UTC day of [$start_day, $end_day] (token_prices; none on a lake without prices).
-- @param start_day VARCHAR
-- @param end_day VARCHAR
SELECT day, price_usd
FROM token_prices
WHERE token_id = '_' AND day BETWEEN $start_day AND $end_day
