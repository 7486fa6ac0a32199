-- An account's negative balance of a TRC10 token at the head (raw, as text; history older than the lake) for
-- /api/account/holderToken/*: trc10_balances. Asked only when deep/holder-token-head.trc10 has no row.
-- @param address VARCHAR
-- @param token_id VARCHAR
SELECT balance_raw AS head_raw FROM trc10_balances WHERE token_id = $token_id AND balance < 0 AND holder_address = $address
