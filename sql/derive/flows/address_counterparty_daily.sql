-- Flows per (address, counterparty, asset, direction, block), exact: each movement once from each side. TRC20 Transfer
-- logs (token_transfers keeps successful transactions only), successful TRX transfers (TransferContract) and TRC10
-- transfers (TransferAssetContract), TRX internal transactions that moved value (not rejected, inside a successful
-- transaction: a reverted call's sub-calls moved nothing). Run over the new blocks only at a publish (growth runs).
WITH moves AS (
  SELECT block_number, "timestamp", from_address AS sender, to_address AS receiver, contract_address AS token_id,
         'trc20' AS token_standard, CAST(amount_raw AS HUGEINT) AS amount_exact
  FROM token_transfers WHERE token_standard = 'trc20'
  UNION ALL
  SELECT block_number, "timestamp", owner_address, to_address, '_', 'trx', CAST(amount AS HUGEINT)
  FROM transactions WHERE contract_type = 1 AND contract_ret = 'SUCCESS' AND to_address IS NOT NULL
  UNION ALL
  SELECT block_number, "timestamp", owner_address, to_address, token_id, 'trc10', CAST(amount AS HUGEINT)
  FROM transactions WHERE contract_type = 2 AND contract_ret = 'SUCCESS' AND to_address IS NOT NULL AND token_id IS NOT NULL
  UNION ALL
  SELECT i.block_number, i."timestamp", i.caller_address, i.to_address, '_', 'trx', CAST(i.call_value AS HUGEINT)
  FROM internal_transactions i
  WHERE i.token_id = '_' AND i.call_value > 0 AND NOT i.rejected
    AND EXISTS (SELECT 1 FROM transactions t WHERE t.tx_hash = i.tx_hash AND t.block_number = i.block_number AND t.contract_ret = 'SUCCESS')
),
sides AS (
  SELECT sender AS address, receiver AS counterparty, token_id, token_standard, 'out' AS direction, block_number, "timestamp", amount_exact FROM moves
  UNION ALL
  SELECT receiver, sender, token_id, token_standard, 'in', block_number, "timestamp", amount_exact FROM moves
)
SELECT address, counterparty, token_id, any_value(token_standard) AS token_standard, direction,
       strftime(epoch_ms(any_value("timestamp")), '%Y-%m-%d') AS day, block_number,
       any_value("timestamp") AS "timestamp", count(*) AS transfer_count, CAST(sum(amount_exact) AS VARCHAR) AS amount_raw
FROM sides
WHERE address IS NOT NULL AND counterparty IS NOT NULL
GROUP BY address, counterparty, token_id, direction, block_number
