-- Additive per-day transfer counts and amounts per token contract.
SELECT CAST(CAST(epoch_ms("timestamp") AS DATE) AS VARCHAR) AS day,
       epoch_ms(CAST(CAST(epoch_ms("timestamp") AS DATE) AS TIMESTAMP)) AS day_ts,
       token_standard,
       contract_address,
       count(*) AS transfer_count,
       sum(amount) AS amount
FROM token_transfers
GROUP BY ALL;
