-- One token's transfers, distinct senders and receivers and amount moved (smallest unit, exact) per UTC day of
-- [$start_day, $end_day] (daily_token_activity).
-- @param token_id VARCHAR
-- @param start_day VARCHAR
-- @param end_day VARCHAR
SELECT day, day_ts, transfer_count, sender_count, receiver_count, amount_raw
FROM daily_token_activity
WHERE token_id = $token_id AND day BETWEEN $start_day AND $end_day
