-- TriggerSmartContract transactions per UTC day of [$start_day, $end_day] and the day before's (daily_network_series).
-- @param start_day VARCHAR
-- @param end_day VARCHAR
SELECT day, trigger_count, prev_trigger_count
FROM daily_network_series
WHERE day BETWEEN $start_day AND $end_day
