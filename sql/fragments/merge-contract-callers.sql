-- The distinct callers of a per-day contract dataset's rewritten days (its argument: daily_contract_call_stats or
-- daily_contract_resources), for its per-day merge: the day's count plus the new blocks' callers the day's set did not
-- hold for the contract; a contract of a rewritten day not called in the new blocks keeps its row. The summed measures
-- are combined by derive.ts (measuredMerge) from the catalog.
WITH d AS (
  SELECT day, day_ts, contract_address FROM newrows.{{1}}
), fresh AS (
  {{> fragments/new-contract-callers}}
)
SELECT d.day, d.day_ts, d.contract_address,
       coalesce(p.caller_count, 0) + coalesce(f.callers, 0) AS caller_count
FROM d
LEFT JOIN prevdays.{{1}} p ON p.day = d.day AND p.contract_address = d.contract_address
LEFT JOIN fresh f ON f.day = d.day AND f.contract_address = d.contract_address
UNION ALL BY NAME
-- A contract of a rewritten day not called in the new blocks keeps its row.
SELECT p.day, p.day_ts, p.contract_address, p.caller_count FROM prevdays.{{1}} p
WHERE NOT EXISTS (SELECT 1 FROM d WHERE d.day = p.day AND d.contract_address = p.contract_address)
