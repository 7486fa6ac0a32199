-- Lifetime calls per called contract and method selector (TriggerSmartContract, any result; '' for call data
-- shorter than a selector), /api/contracts/top_call's topMethods.
SELECT contract_address, coalesce(method_id, '') AS method_id, count(*) AS call_count, max("timestamp") AS last_ts
FROM transactions
WHERE contract_type = 31 AND contract_address IS NOT NULL
GROUP BY ALL
