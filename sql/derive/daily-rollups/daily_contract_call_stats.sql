-- Contract calls per UTC day and contract (TriggerSmartContract only).
SELECT CAST(CAST(epoch_ms("timestamp") AS DATE) AS VARCHAR) AS day,
       epoch_ms(CAST(CAST(epoch_ms("timestamp") AS DATE) AS TIMESTAMP)) AS day_ts,
       contract_address,
       count(*) AS call_count,
       count(DISTINCT owner_address) AS caller_count,
       CAST(sum(amount) AS DECIMAL(38,0)) AS call_value,
       sum(energy_usage_total)::BIGINT AS energy_usage_total,
       sum(fee)::BIGINT AS fee
FROM transactions
WHERE contract_type = 31 AND contract_address IS NOT NULL
GROUP BY ALL
