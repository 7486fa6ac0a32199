-- An account's positive balance of a TRC10 token at the head (raw, as text) for /api/account/holderToken/*:
-- token_holdings_by_holder (clustered by holder). No row: the endpoint asks deep/holder-token-head.trc10-negative,
-- then takes 0 (holder-token-head.trc20.sql says why one statement each).
-- @param address VARCHAR
-- @param token_id VARCHAR
SELECT balance_raw AS head_raw FROM token_holdings_by_holder
WHERE bucket = address_bucket($address) AND holder_address = $address AND token_id = $token_id AND token_standard = 'trc10'
