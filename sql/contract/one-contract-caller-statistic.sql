-- One contract's distinct callers per UTC day of [$start_day, $end_day] it was called (daily_contract_call_stats).
-- @param address VARCHAR
-- @param start_day VARCHAR
-- @param end_day VARCHAR
SELECT day, caller_count
FROM daily_contract_call_stats
WHERE contract_address = $address AND day BETWEEN $start_day AND $end_day
