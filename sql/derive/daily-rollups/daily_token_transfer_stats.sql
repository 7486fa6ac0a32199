-- Additive per-day transfer counts and exact amounts (smallest units, DECIMAL(38,0): Parquet keeps it exact) per
-- token contract. Summed in HUGEINT, which DuckDB lets wrap silently past 2^127: amounts are never negative, so a
-- day whose DOUBLE sum stays below 9e37 cannot wrap and fits DECIMAL(38,0); a bigger one stops the publish instead
-- of being stored wrong.
SELECT CAST(CAST(epoch_ms("timestamp") AS DATE) AS VARCHAR) AS day,
       epoch_ms(CAST(CAST(epoch_ms("timestamp") AS DATE) AS TIMESTAMP)) AS day_ts,
       token_standard,
       contract_address,
       count(*) AS transfer_count,
       CASE WHEN sum(CAST(amount_raw AS DOUBLE)) < 9e37 THEN CAST(sum(CAST(amount_raw AS HUGEINT)) AS DECIMAL(38,0))
            ELSE error('daily_token_transfer_stats: one day of a token moves 9e37 units or more') END AS amount
FROM token_transfers
GROUP BY ALL;
