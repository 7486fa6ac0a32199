-- One contract's calls on the UTC days from $start_day on (the recent window; daily_contract_call_stats).
-- @param address VARCHAR
-- @param start_day VARCHAR
SELECT CAST(coalesce(sum(call_count), 0) AS BIGINT) AS call_count
FROM daily_contract_call_stats
WHERE contract_address = $address AND day >= $start_day
