-- Blocks and their serialized size per UTC day of [$start_day, $end_day] (daily_network_series).
-- @param start_day VARCHAR
-- @param end_day VARCHAR
SELECT day, block_count, size_bytes
FROM daily_network_series
WHERE day BETWEEN $start_day AND $end_day
