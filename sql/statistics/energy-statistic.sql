-- Energy per UTC day of [$start_day, $end_day] by who paid it (daily_network_series). Series templates are plain
-- scans of a serving table: the kit orders the rows by day (src/endpoints/statistics/README.md).
-- @param start_day VARCHAR
-- @param end_day VARCHAR
SELECT day, energy_usage_total, energy_usage, origin_energy_usage, energy_burn_units, energy_fee
FROM daily_network_series
WHERE day BETWEEN $start_day AND $end_day
