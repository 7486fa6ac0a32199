-- Per address, block and token: the transfers it sent or received (/api/account/analysis type 1: transfers and
-- distinct tokens per day). Tokens: TRX ('_', TransferContract), TRC10 (its id, TransferAssetContract), TRC20 / 721 /
-- 1155 (the contract, token_transfers); successful transfers only (a failed one moved nothing). A transfer to oneself
-- counts once. One row per (address, block, token), so rows never depend on where a publish split a day.
WITH moves AS (
  SELECT block_number, "timestamp", asset_id(contract_type, token_id) AS token_id, owner_address AS from_address, to_address
  FROM transactions
  WHERE contract_type IN (1, 2) AND contract_ret = 'SUCCESS' AND to_address IS NOT NULL
  UNION ALL
  SELECT block_number, "timestamp", contract_address, from_address, to_address FROM token_transfers
),
sides AS (
  SELECT from_address AS address, block_number, "timestamp", token_id FROM moves
  UNION ALL
  SELECT to_address, block_number, "timestamp", token_id FROM moves WHERE to_address <> from_address
)
SELECT address, block_number, max("timestamp") AS "timestamp", token_id, count(*) AS transfer_count
FROM sides
GROUP BY address, block_number, token_id
