-- One contract's energy per UTC day of [$start_day, $end_day] it was called, by who paid (daily_contract_resources).
-- @param address VARCHAR
-- @param start_day VARCHAR
-- @param end_day VARCHAR
SELECT day, energy_usage_total, energy_usage, origin_energy_usage, energy_burn_units
FROM daily_contract_resources
WHERE contract_address = $address AND day BETWEEN $start_day AND $end_day
