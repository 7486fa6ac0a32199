-- The token transfers /api/top10 ranks (types 0, 8-10, 18), since top10_since_ts(): TRC20 Transfer logs (of
-- successful transactions, as token_transfers holds them) and successful TRC10 transfers (TransferAssetContract),
-- with the token's standard and the exact amount in its smallest unit.
SELECT "timestamp", contract_address AS token_id, 'trc20' AS token_standard, from_address, to_address,
       CAST(amount_raw AS HUGEINT) AS amount
FROM token_transfers
WHERE "date" >= top10_since_ts_day() AND "timestamp" >= top10_since_ts()
  AND token_standard = 'trc20'
UNION ALL
SELECT "timestamp", token_id, 'trc10', owner_address, to_address, CAST(amount AS HUGEINT)
FROM transactions
WHERE "date" >= top10_since_ts_day() AND "timestamp" >= top10_since_ts()
  AND contract_type = 2 AND contract_ret = 'SUCCESS' AND token_id IS NOT NULL AND to_address IS NOT NULL
