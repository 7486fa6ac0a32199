-- CTE `trc20_balance_moves`: every TRC20 balance move of the token_transfers relation {{1}} and the stablecoin_events
-- relation {{2}}, one row per side: (holder_address, token_id, block_number, "timestamp", delta HUGEINT, is_in,
-- is_out). A Transfer moves both sides (to oneself: one in and one out, delta 0); the stablecoin moves without a
-- Transfer (USDJ Mint / Burn, USDT DestroyedBlackFunds; issue 31) move one side, as trc20_balances has them. The zero
-- address is kept (callers drop it: it is no holder). One rule for token_balance_history and
-- daily_stablecoin_distribution.
trc20_balance_moves AS (
  SELECT to_address AS holder_address, contract_address AS token_id, block_number, "timestamp",
         CAST(amount_raw AS HUGEINT) AS delta, 1 AS is_in, 0 AS is_out
  FROM {{1}} WHERE token_standard = 'trc20'
  UNION ALL
  SELECT from_address, contract_address, block_number, "timestamp", -CAST(amount_raw AS HUGEINT), 0, 1
  FROM {{1}} WHERE token_standard = 'trc20'
  UNION ALL
  SELECT target_address, contract_address, block_number, "timestamp",
         CASE balance_effect WHEN 'credit' THEN 1 ELSE -1 END * CAST(amount_raw AS HUGEINT),
         CASE balance_effect WHEN 'credit' THEN 1 ELSE 0 END, CASE balance_effect WHEN 'credit' THEN 0 ELSE 1 END
  FROM {{2}} WHERE balance_effect IS NOT NULL
)
