-- Transactions per UTC day of [$start_day, $end_day] (daily_network_series; weeks, months, quarters: sums of days).
-- @param start_day VARCHAR
-- @param end_day VARCHAR
SELECT day, tx_count
FROM daily_network_series
WHERE day BETWEEN $start_day AND $end_day
