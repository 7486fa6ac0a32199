-- Additive per-day block measures per producer.
SELECT CAST(CAST(epoch_ms("timestamp") AS DATE) AS VARCHAR) AS day,
       epoch_ms(CAST(CAST(epoch_ms("timestamp") AS DATE) AS TIMESTAMP)) AS day_ts,
       witness_address,
       count(*) AS block_count,
       min(block_number) AS first_block,
       max(block_number) AS last_block,
       sum(tx_count)::BIGINT AS tx_count,
       sum(fee)::BIGINT AS fee,
       sum(size_bytes)::BIGINT AS size_bytes
FROM blocks
GROUP BY ALL;
