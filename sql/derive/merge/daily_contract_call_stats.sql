-- daily_contract_call_stats.sql over the new blocks (schema delta first on the search path), merged into the
-- rewritten days' previous rows (prevdays.daily_contract_call_stats): counts and sums add up, the distinct callers add
-- the new blocks' callers the day's set did not hold for the contract.
WITH d AS (
  {{> derive/daily_contract_call_stats}}
), fresh AS (
  {{> fragments/new-contract-callers}}
)
SELECT d.day, d.day_ts, d.contract_address,
       coalesce(p.call_count, 0) + d.call_count AS call_count,
       coalesce(p.caller_count, 0) + coalesce(f.callers, 0) AS caller_count,
       CAST(coalesce(p.call_value, 0) + d.call_value AS DECIMAL(38,0)) AS call_value,
       coalesce(p.energy_usage_total, 0) + d.energy_usage_total AS energy_usage_total,
       coalesce(p.fee, 0) + d.fee AS fee
FROM d
LEFT JOIN prevdays.daily_contract_call_stats p ON p.day = d.day AND p.contract_address = d.contract_address
LEFT JOIN fresh f ON f.day = d.day AND f.contract_address = d.contract_address
UNION ALL BY NAME
-- A contract of a rewritten day not called in the new blocks keeps its row.
SELECT p.* FROM prevdays.daily_contract_call_stats p
WHERE NOT EXISTS (SELECT 1 FROM d WHERE d.day = p.day AND d.contract_address = p.contract_address)
