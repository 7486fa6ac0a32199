-- daily_block_stats.sql over the new blocks, added to the rewritten days' previous rows (prevdays): counts and sums
-- add up, the first and last block of a day are a min and a max.
WITH d AS (
  SELECT CAST(CAST(epoch_ms("timestamp") AS DATE) AS VARCHAR) AS day,
         epoch_ms(CAST(CAST(epoch_ms("timestamp") AS DATE) AS TIMESTAMP)) AS day_ts,
         witness_address, count(*) AS block_count, min(block_number) AS first_block, max(block_number) AS last_block,
         sum(tx_count)::BIGINT AS tx_count, sum(fee)::BIGINT AS fee, sum(size_bytes)::BIGINT AS size_bytes
  FROM delta.blocks
  GROUP BY ALL
)
SELECT day, day_ts, witness_address, sum(block_count)::BIGINT AS block_count, min(first_block) AS first_block, max(last_block) AS last_block,
       sum(tx_count)::BIGINT AS tx_count, sum(fee)::BIGINT AS fee, sum(size_bytes)::BIGINT AS size_bytes
FROM (SELECT * FROM d UNION ALL BY NAME SELECT * FROM prevdays.daily_block_stats)
GROUP BY day, day_ts, witness_address
