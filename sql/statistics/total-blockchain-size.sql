-- The chain's serialized block size at the end of each UTC day of [$start_day, $end_day], bytes (daily_network_series:
-- pre-window size + the lake's so far; counted_from when the lake has no pre-window totals and does not start at genesis).
-- @param start_day VARCHAR
-- @param end_day VARCHAR
SELECT day, chain_size_bytes AS chain_total, counted_from
FROM daily_network_series
WHERE day BETWEEN $start_day AND $end_day
