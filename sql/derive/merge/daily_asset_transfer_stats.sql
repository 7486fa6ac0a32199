-- daily_asset_transfer_stats.sql over the new blocks' rows, added to the rewritten days' previous rows (prevdays).
WITH d AS (
  SELECT "date" AS day, epoch_ms(CAST(CAST("date" AS DATE) AS TIMESTAMP)) AS day_ts,
         CASE WHEN contract_type = 1 THEN '_' ELSE token_id END AS asset, count(*) AS transfer_count
  FROM delta.transactions
  WHERE contract_type IN (1, 2)
  GROUP BY ALL
)
SELECT day, day_ts, asset, sum(transfer_count)::BIGINT AS transfer_count
FROM (SELECT * FROM d UNION ALL BY NAME SELECT * FROM prevdays.daily_asset_transfer_stats)
GROUP BY day, day_ts, asset
