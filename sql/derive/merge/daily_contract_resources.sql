-- daily_contract_resources.sql over the new blocks (schema delta first on the search path), merged into the rewritten
-- days' previous rows (prevdays.daily_contract_resources): counts and sums add up, a NULL burn figure (a burn without
-- a price) stays NULL, the distinct callers add the new blocks' callers the day's set did not hold for the contract.
WITH d AS (
  {{> derive/daily_contract_resources}}
), fresh AS (
  {{> fragments/new-contract-callers}}
)
SELECT d.day, d.day_ts, d.contract_address,
       coalesce(p.call_count, 0) + d.call_count AS call_count,
       coalesce(p.caller_count, 0) + coalesce(f.callers, 0) AS caller_count,
       CAST(CAST(coalesce(p.call_value_raw, '0') AS HUGEINT) + CAST(d.call_value_raw AS HUGEINT) AS VARCHAR) AS call_value_raw,
       coalesce(p.energy_usage_total, 0) + d.energy_usage_total AS energy_usage_total,
       coalesce(p.energy_usage, 0) + d.energy_usage AS energy_usage,
       coalesce(p.origin_energy_usage, 0) + d.origin_energy_usage AS origin_energy_usage,
       coalesce(p.energy_fee, 0) + d.energy_fee AS energy_fee,
       CASE WHEN p.day IS NULL THEN d.energy_burn_units ELSE p.energy_burn_units + d.energy_burn_units END AS energy_burn_units
FROM d
LEFT JOIN prevdays.daily_contract_resources p ON p.day = d.day AND p.contract_address = d.contract_address
LEFT JOIN fresh f ON f.day = d.day AND f.contract_address = d.contract_address
UNION ALL BY NAME
-- A contract of a rewritten day not called in the new blocks keeps its row.
SELECT p.* FROM prevdays.daily_contract_resources p
WHERE NOT EXISTS (SELECT 1 FROM d WHERE d.day = p.day AND d.contract_address = p.contract_address)
