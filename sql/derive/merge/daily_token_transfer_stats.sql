-- daily_token_transfer_stats.sql over the new blocks' rows, added to the rewritten days' previous rows (prevdays).
WITH d AS (
  SELECT CAST(CAST(epoch_ms("timestamp") AS DATE) AS VARCHAR) AS day,
         epoch_ms(CAST(CAST(epoch_ms("timestamp") AS DATE) AS TIMESTAMP)) AS day_ts,
         token_standard, contract_address, count(*) AS transfer_count, sum(amount) AS amount
  FROM delta.token_transfers
  GROUP BY ALL
)
SELECT day, day_ts, token_standard, contract_address, sum(transfer_count)::BIGINT AS transfer_count, sum(amount)::DOUBLE AS amount
FROM (SELECT * FROM d UNION ALL BY NAME SELECT * FROM prevdays.daily_token_transfer_stats)
GROUP BY day, day_ts, token_standard, contract_address
