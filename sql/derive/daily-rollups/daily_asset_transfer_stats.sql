-- Per UTC day and asset: TRX transfers (TransferContract, asset '_') and TRC10 transfers (TransferAssetContract,
-- asset = token id), whatever their result. The rollup behind /api/asset/transfer totals by token or issuer.
SELECT "date" AS day,
       epoch_ms(CAST(CAST("date" AS DATE) AS TIMESTAMP)) AS day_ts,
       CASE WHEN contract_type = 1 THEN '_' ELSE token_id END AS asset,
       count(*) AS transfer_count
FROM transactions
WHERE contract_type IN (1, 2)
GROUP BY ALL;
