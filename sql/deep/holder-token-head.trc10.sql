-- An account's balance of a TRC10 token at the head (raw, as text) for /api/account/holderToken/*: a positive
-- position from token_holdings_by_holder (clustered by holder), a negative one (history older than the lake) from
-- trc10_balances, else 0 (holder-token-head.trc20.sql says why one statement per kind).
-- @param address VARCHAR
-- @param token_id VARCHAR
SELECT coalesce(
  (SELECT balance_raw FROM token_holdings_by_holder
   WHERE bucket = address_bucket($address) AND holder_address = $address AND token_id = $token_id AND token_standard = 'trc10'),
  (SELECT balance_raw FROM trc10_balances WHERE token_id = $token_id AND balance < 0 AND holder_address = $address),
  '0') AS head_raw
