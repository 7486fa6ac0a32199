-- The contract calls /api/top10 counts distinct callers over (types 0 and 12), since top10_since_ts():
-- TriggerSmartContract transactions, any result (distinct counts do not add up across hours, so not from
-- hourly_address_activity).
SELECT "timestamp", owner_address, contract_address
FROM transactions
WHERE "date" >= top10_since_ts_day() AND "timestamp" >= top10_since_ts()
  AND contract_type = 31 AND contract_address IS NOT NULL
