-- Contracts called on one UTC day ranked by the energy their calls used (daily_contract_resources); names and flags from the contracts dimension.
-- @param day VARCHAR
-- @param lim INTEGER
SELECT r.contract_address, coalesce(c.name, '') AS name, coalesce(c.is_token, false) AS is_token, coalesce(c.tag, '') AS tag,
       r.energy_usage_total, r.energy_usage, r.origin_energy_usage, r.energy_burn_units, r.energy_fee
FROM daily_contract_resources r
LEFT JOIN contracts c ON c.address = r.contract_address
WHERE r.day = $day
ORDER BY r.energy_usage_total DESC, r.contract_address
LIMIT $lim;
