-- Net balance change per (holder, token, block), exact: TRC20 Transfer logs (each side; a transfer to oneself is
-- one in and one out, delta 0), successful TRC10 transfers (TransferAssetContract, as trc10_balances counts them) and
-- TRX flows (trx_flows, one row per movement: its sign says in or out). The zero address is no holder (as in the
-- ledgers). Run over the new blocks only at a publish (growth runs).
WITH moves AS (
  SELECT to_address AS holder_address, contract_address AS token_id, 'trc20' AS token_standard, block_number, "timestamp",
         CAST(amount_raw AS HUGEINT) AS delta, 1 AS is_in, 0 AS is_out
  FROM token_transfers WHERE token_standard = 'trc20'
  UNION ALL
  SELECT from_address, contract_address, 'trc20', block_number, "timestamp", -CAST(amount_raw AS HUGEINT), 0, 1
  FROM token_transfers WHERE token_standard = 'trc20'
  UNION ALL
  -- Stablecoin moves without a Transfer (USDJ Mint / Burn, USDT DestroyedBlackFunds; issue 31), as trc20_balances has them.
  SELECT target_address, contract_address, 'trc20', block_number, "timestamp",
         CASE balance_effect WHEN 'credit' THEN 1 ELSE -1 END * CAST(amount_raw AS HUGEINT),
         CASE balance_effect WHEN 'credit' THEN 1 ELSE 0 END, CASE balance_effect WHEN 'credit' THEN 0 ELSE 1 END
  FROM stablecoin_events WHERE balance_effect IS NOT NULL
  UNION ALL
  SELECT to_address, token_id, 'trc10', block_number, "timestamp", CAST(amount AS HUGEINT), 1, 0
  FROM transactions WHERE contract_type = 2 AND contract_ret = 'SUCCESS' AND token_id IS NOT NULL
  UNION ALL
  SELECT owner_address, token_id, 'trc10', block_number, "timestamp", -CAST(amount AS HUGEINT), 0, 1
  FROM transactions WHERE contract_type = 2 AND contract_ret = 'SUCCESS' AND token_id IS NOT NULL
  UNION ALL
  SELECT address, '_', 'trx', block_number, "timestamp", CAST(delta AS HUGEINT),
         CASE WHEN delta > 0 THEN 1 ELSE 0 END, CASE WHEN delta < 0 THEN 1 ELSE 0 END
  FROM trx_flows
)
SELECT holder_address, token_id, any_value(token_standard) AS token_standard, block_number, any_value("timestamp") AS "timestamp",
       strftime(epoch_ms(any_value("timestamp")), '%Y-%m-%d') AS day,
       CAST(sum(delta) AS VARCHAR) AS delta_raw, sum(is_in) AS in_count, sum(is_out) AS out_count
FROM moves
WHERE holder_address IS NOT NULL AND holder_address <> zero_address()
GROUP BY holder_address, token_id, block_number
