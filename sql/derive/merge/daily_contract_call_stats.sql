-- The columns of the rewritten days that do not add up, for derive.ts to join with the measures it combines from the
-- catalog (calls, TRX, energy, fees: growth per-day `merge`, derive.ts measuredMerge): the distinct callers add the
-- new blocks' callers (newrows: daily_contract_call_stats.sql over schema delta) the day's set did not hold for the
-- contract.
WITH d AS (
  SELECT day, day_ts, contract_address FROM newrows.daily_contract_call_stats
), fresh AS (
  {{> fragments/new-contract-callers}}
)
SELECT d.day, d.day_ts, d.contract_address,
       coalesce(p.caller_count, 0) + coalesce(f.callers, 0) AS caller_count
FROM d
LEFT JOIN prevdays.daily_contract_call_stats p ON p.day = d.day AND p.contract_address = d.contract_address
LEFT JOIN fresh f ON f.day = d.day AND f.contract_address = d.contract_address
UNION ALL BY NAME
-- A contract of a rewritten day not called in the new blocks keeps its row.
SELECT p.day, p.day_ts, p.contract_address, p.caller_count FROM prevdays.daily_contract_call_stats p
WHERE NOT EXISTS (SELECT 1 FROM d WHERE d.day = p.day AND d.contract_address = p.contract_address)
