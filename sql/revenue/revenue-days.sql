-- Burned sun by kind and stake-valued sun per UTC day of [$start_day, $end_day] (daily_network_series): the revenue
-- series and their summary windows (yesterday, the last 30, 90 and 365 days and the windows before them).
-- @param start_day VARCHAR
-- @param end_day VARCHAR
SELECT day, fee, energy_fee, net_fee, energy_stake_sun, net_stake_sun
FROM daily_network_series
WHERE day BETWEEN $start_day AND $end_day
