-- An account's balance of a TRC20 token at the head (raw, as text) for /api/account/holderToken/*: a positive
-- position from token_holdings_by_holder (clustered by holder), a negative one (history older than the lake) from
-- trc20_balances' unranked rows, else 0. One lookup per kind: DuckDB runs every scalar subquery of a statement, so a
-- statement for all three kinds read five tables (~20 ms on the default lake) where this reads two.
-- @param address VARCHAR
-- @param token_id VARCHAR
SELECT coalesce(
  (SELECT balance_raw FROM token_holdings_by_holder
   WHERE bucket = address_bucket($address) AND holder_address = $address AND token_id = $token_id AND token_standard = 'trc20'),
  (SELECT balance_raw FROM trc20_balances WHERE contract_address = $token_id AND holder_rank IS NULL AND holder_address = $address),
  '0') AS head_raw
