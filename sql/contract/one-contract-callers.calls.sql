-- All calls of one contract on one UTC day (the callers' envelope's totalCallerAmount; daily_contract_call_stats).
-- @param address VARCHAR
-- @param day VARCHAR
SELECT call_count
FROM daily_contract_call_stats
WHERE contract_address = $address AND day = $day
