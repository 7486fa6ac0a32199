-- One contract's $lim callers with the most calls over the lake (contract_callers, sorted by calls inside the contract).
-- @param address VARCHAR
-- @param lim BIGINT
SELECT caller_address, call_count
FROM contract_callers
WHERE contract_address = $address
ORDER BY call_count DESC, caller_address
LIMIT $lim
