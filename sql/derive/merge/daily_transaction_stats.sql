-- daily_transaction_stats.sql over the new blocks' rows, added to the rewritten days' previous rows (prevdays):
-- every measure is a count or a sum, so a publish costs the new rows, not the day.
WITH d AS (
  SELECT CAST(CAST(epoch_ms("timestamp") AS DATE) AS VARCHAR) AS day,
         epoch_ms(CAST(CAST(epoch_ms("timestamp") AS DATE) AS TIMESTAMP)) AS day_ts,
         contract_type,
         count(*) AS tx_count,
         CAST(sum(amount) AS DECIMAL(38,0)) AS amount,
         sum(fee)::BIGINT AS fee,
         sum(energy_usage_total)::BIGINT AS energy_usage_total,
         sum(net_usage)::BIGINT AS net_usage,
         count(*) FILTER (WHERE contract_ret <> 'SUCCESS') AS failed_count,
         CAST(coalesce(sum(list_sum(list_transform(json_extract(parameter_json, '$.votes[*].vote_count'), x -> CAST(x AS BIGINT))))
              FILTER (WHERE contract_type = 4), 0) AS DECIMAL(38,0)) AS vote_count
  FROM delta.transactions
  GROUP BY ALL
)
SELECT day, day_ts, contract_type, sum(tx_count)::BIGINT AS tx_count, CAST(sum(amount) AS DECIMAL(38,0)) AS amount, sum(fee)::BIGINT AS fee,
       sum(energy_usage_total)::BIGINT AS energy_usage_total, sum(net_usage)::BIGINT AS net_usage, sum(failed_count)::BIGINT AS failed_count,
       CAST(sum(vote_count) AS DECIMAL(38,0)) AS vote_count
FROM (SELECT * FROM d UNION ALL BY NAME SELECT * FROM prevdays.daily_transaction_stats)
GROUP BY day, day_ts, contract_type
