-- One contract's lifetime calls and distinct callers (contract_callers: one row per caller).
-- @param address VARCHAR
SELECT count(*) AS caller_count, CAST(coalesce(sum(call_count), 0) AS BIGINT) AS call_count
FROM contract_callers
WHERE contract_address = $address
