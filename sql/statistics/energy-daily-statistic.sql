-- Contracts called on one UTC day ranked by the energy their calls used, the first $lim places
-- (contract_resources_named: names and flags from the contracts dimension, places computed per version; the
-- endpoint orders by `place`).
-- @param day VARCHAR
-- @param lim INTEGER
SELECT energy_rank AS place, contract_address, name, is_token, tag, energy_usage_total, energy_usage, origin_energy_usage, energy_burn_units, energy_fee
FROM contract_resources_named
WHERE day = $day AND energy_rank <= $lim
