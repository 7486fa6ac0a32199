-- The callers of one contract on one UTC day, most calls first (then address), from daily_contract_callers.
-- @total
-- @param address VARCHAR
-- @param day VARCHAR
-- @param lim BIGINT
-- @param off BIGINT
SELECT caller_address, call_count
FROM daily_contract_callers
WHERE contract_address = $address AND day = $day
ORDER BY {{order_by}}
LIMIT $lim OFFSET $off;
