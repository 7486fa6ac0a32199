-- Bandwidth per UTC day of [$start_day, $end_day] by how it was paid (daily_network_series).
-- @param start_day VARCHAR
-- @param end_day VARCHAR
SELECT day, net_usage, net_burn_bytes, net_fee
FROM daily_network_series
WHERE day BETWEEN $start_day AND $end_day
