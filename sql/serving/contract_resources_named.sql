-- The contracts called each day (daily_contract_resources) with their names and flags from the contracts dimension
-- ('' / false when unknown) and their places in the day's two rankings (by energy used; by calls, then distinct
-- callers), computed once per version: a ranking request reads the rows ranked up to its limit, no join, no sort.
SELECT r.*, coalesce(c.name, '') AS name, coalesce(c.is_token, false) AS is_token, coalesce(c.tag, '') AS tag,
       row_number() OVER (PARTITION BY r.day ORDER BY r.energy_usage_total DESC, r.contract_address) AS energy_rank,
       row_number() OVER (PARTITION BY r.day ORDER BY r.call_count DESC, r.caller_count DESC, r.contract_address) AS call_rank
FROM daily_contract_resources r
LEFT JOIN contracts c ON c.address = r.contract_address
ORDER BY r.day, r.contract_address
