-- The network's calls, distinct callers and energy of one UTC day (the totals of the daily contract rankings).
-- @param day VARCHAR
SELECT trigger_count, caller_count, energy_usage_total
FROM daily_network_stats
WHERE day = $day;
