-- One TRC20 token's holders at the end of the days it moved up to $end_day, and on the lake's first day
-- (daily_token_holders; a day without a row has its last earlier row's count: the endpoint carries it forward).
-- @param token_id VARCHAR
-- @param end_day VARCHAR
SELECT day, holder_count
FROM daily_token_holders
WHERE token_id = $token_id AND day <= $end_day
