-- Distinct contract callers and calls per UTC day of [$start_day, $end_day], each with the day before's (daily_network_series).
-- @param start_day VARCHAR
-- @param end_day VARCHAR
SELECT day, caller_count, prev_caller_count, trigger_count, prev_trigger_count
FROM daily_network_series
WHERE day BETWEEN $start_day AND $end_day
