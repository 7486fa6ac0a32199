-- Additive per-day measures by contract type. amount_sun counts TRX-valued types only (TRC10 amounts are not sun).
SELECT CAST(CAST(epoch_ms("timestamp") AS DATE) AS VARCHAR) AS day,
       epoch_ms(CAST(CAST(epoch_ms("timestamp") AS DATE) AS TIMESTAMP)) AS day_ts,
       contract_type,
       count(*) AS tx_count,
       sum(CASE WHEN contract_type IN (2, 9) THEN 0 ELSE amount END)::DOUBLE AS amount_sun,
       sum(fee)::BIGINT AS fee,
       sum(energy_usage_total)::BIGINT AS energy_usage_total,
       sum(net_usage)::BIGINT AS net_usage,
       count(*) FILTER (WHERE contract_ret <> 'SUCCESS') AS failed_count
FROM transactions
GROUP BY ALL;
