-- Net balance change per (holder, token, block), exact: TRC20 moves (fragments/trc20-balance-moves: Transfer logs,
-- each side, and the stablecoin moves without a Transfer), successful TRC10 transfers (TransferAssetContract, as
-- trc10_balances counts them) and TRX flows (trx_flows, one row per movement: its sign says in or out). The zero
-- address is no holder (as in the ledgers). Run over the new blocks only at a publish (growth runs).
WITH {{> fragments/trc20-balance-moves token_transfers stablecoin_events}},
moves AS (
  SELECT holder_address, token_id, 'trc20' AS token_standard, block_number, "timestamp", delta, is_in, is_out
  FROM trc20_balance_moves
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
