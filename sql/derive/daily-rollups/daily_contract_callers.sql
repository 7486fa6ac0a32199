-- Per UTC day, called contract and caller (TriggerSmartContract, any result): calls and their energy. Additive: a
-- publish runs this over the new blocks and adds its rows to the day's (growth per-day additive).
SELECT "date" AS day,
       epoch_ms(CAST(CAST("date" AS DATE) AS TIMESTAMP)) AS day_ts,
       contract_address,
       owner_address AS caller_address,
       count(*) AS call_count,
       CAST(sum(energy_usage_total) AS BIGINT) AS energy_usage_total
FROM transactions
WHERE contract_type = 31 AND contract_address IS NOT NULL
GROUP BY ALL
