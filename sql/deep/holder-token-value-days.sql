-- /api/account/holderToken/basicInfo and asset/valueInfo on a lake whose token_day_prices is too large to keep per
-- version (deep/holder-token-prices): the lake days of [$start_day, $end_day] with $token_id's USD price of each
-- (token_day_prices, the service's per-day price rule; NULL on a day without a price).
-- @param start_day VARCHAR
-- @param end_day VARCHAR
-- @param token_id VARCHAR
SELECT d.day, p.price
FROM (SELECT day FROM daily_network_series WHERE day BETWEEN $start_day AND $end_day) d
LEFT JOIN (SELECT day, price FROM token_day_prices WHERE token_id = $token_id) p ON p.day = d.day
