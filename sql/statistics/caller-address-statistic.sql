-- Distinct contract callers per UTC day of [$start_day, $end_day] and the day before's (daily_network_series).
-- @param start_day VARCHAR
-- @param end_day VARCHAR
SELECT day, caller_count, prev_caller_count
FROM daily_network_series
WHERE day BETWEEN $start_day AND $end_day
