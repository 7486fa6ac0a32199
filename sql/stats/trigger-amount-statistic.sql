-- Contracts called on one UTC day ranked by calls (daily_contract_resources), with distinct callers, the TRX sent
-- with the calls (sun); names and flags from the contracts dimension.
-- @param day VARCHAR
-- @param lim INTEGER
SELECT r.contract_address, coalesce(c.name, '') AS name, coalesce(c.is_token, false) AS is_token, coalesce(c.tag, '') AS tag,
       r.call_count, r.caller_count, r.call_value_raw
FROM daily_contract_resources r
LEFT JOIN contracts c ON c.address = r.contract_address
WHERE r.day = $day
ORDER BY r.call_count DESC, r.caller_count DESC, r.contract_address
LIMIT $lim;
