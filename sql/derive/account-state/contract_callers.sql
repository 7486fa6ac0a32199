-- Lifetime calls per called contract and caller (TriggerSmartContract, any result), /api/contracts/top_call's
-- topAddress and totalAddress, and the first and last call (the distinct callers of a range open on one side).
SELECT contract_address, owner_address AS caller_address, count(*) AS call_count, min("timestamp") AS first_ts, max("timestamp") AS last_ts
FROM transactions
WHERE contract_type = 31 AND contract_address IS NOT NULL
GROUP BY ALL
