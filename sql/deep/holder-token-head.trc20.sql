-- An account's positive balance of a TRC20 token at the head (raw, as text) for /api/account/holderToken/*:
-- token_holdings_by_holder (clustered by holder, one bucket's file). No row: the endpoint asks
-- deep/holder-token-head.trc20-negative, then takes 0. One small read per statement, asked only when needed: DuckDB
-- runs every scalar subquery of a statement, so a coalesce of both read both for every account.
-- @param address VARCHAR
-- @param token_id VARCHAR
SELECT balance_raw AS head_raw FROM token_holdings_by_holder
WHERE bucket = address_bucket($address) AND holder_address = $address AND token_id = $token_id AND token_standard = 'trc20'
