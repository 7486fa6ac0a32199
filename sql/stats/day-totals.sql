-- The network's calls, distinct callers and energy of one UTC day, and the contracts called that day (the totals of
-- the daily contract rankings, whatever their limit).
-- @param day VARCHAR
SELECT n.trigger_count, n.caller_count, n.energy_usage_total,
       (SELECT count(*) FROM daily_contract_resources r WHERE r.day = $day) AS contracts
FROM (SELECT 1) one
LEFT JOIN daily_network_stats n ON n.day = $day;
