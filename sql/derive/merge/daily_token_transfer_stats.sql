-- daily_token_transfer_stats.sql over the new blocks' rows, added to the rewritten days' previous rows (prevdays),
-- with the same bound on a day's total.
WITH d AS (
  SELECT CAST(CAST(epoch_ms("timestamp") AS DATE) AS VARCHAR) AS day,
         epoch_ms(CAST(CAST(epoch_ms("timestamp") AS DATE) AS TIMESTAMP)) AS day_ts,
         token_standard, contract_address, count(*) AS transfer_count,
         CASE WHEN sum(CAST(amount_raw AS DOUBLE)) < 9e37 THEN CAST(sum(CAST(amount_raw AS HUGEINT)) AS DECIMAL(38,0))
              ELSE error('daily_token_transfer_stats: one day of a token moves 9e37 units or more') END AS amount
  FROM delta.token_transfers
  GROUP BY ALL
)
SELECT day, day_ts, token_standard, contract_address, sum(transfer_count)::BIGINT AS transfer_count,
       CASE WHEN sum(CAST(u.amount AS DOUBLE)) < 9e37 THEN CAST(sum(CAST(u.amount AS HUGEINT)) AS DECIMAL(38,0))
            ELSE error('daily_token_transfer_stats: one day of a token moves 9e37 units or more') END AS amount
FROM (SELECT * FROM d UNION ALL BY NAME SELECT * FROM prevdays.daily_token_transfer_stats) u
GROUP BY day, day_ts, token_standard, contract_address
