-- Contracts called on one UTC day ranked by calls (then distinct callers), the first $lim places, with the TRX sent
-- with the calls (sun; contract_resources_named: names and flags from the contracts dimension, places computed per
-- version; the endpoint orders by `place`).
-- @param day VARCHAR
-- @param lim INTEGER
SELECT call_rank AS place, contract_address, name, is_token, tag, call_count, caller_count, call_value_raw
FROM contract_resources_named
WHERE day = $day AND call_rank <= $lim
