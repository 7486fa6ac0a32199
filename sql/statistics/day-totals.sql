-- The network's calls, distinct callers and energy of one UTC day, and the contracts called that day (the totals of
-- the daily contract rankings, whatever their limit; daily_network_series). No row for a day outside the lake.
-- @param day VARCHAR
SELECT trigger_count, caller_count, energy_usage_total, contracts_called AS contracts
FROM daily_network_series
WHERE day = $day
