-- One contract's $lim method selectors with the most calls over the lake (contract_methods).
-- @param address VARCHAR
-- @param lim BIGINT
SELECT method_id, call_count
FROM contract_methods
WHERE contract_address = $address
ORDER BY call_count DESC, method_id
LIMIT $lim
