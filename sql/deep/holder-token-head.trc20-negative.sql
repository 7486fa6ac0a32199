-- An account's negative balance of a TRC20 token at the head (raw, as text; history older than the lake) for
-- /api/account/holderToken/*: trc20_balances' unranked rows. Asked only when deep/holder-token-head.trc20 has no row.
-- @param address VARCHAR
-- @param token_id VARCHAR
SELECT balance_raw AS head_raw FROM trc20_balances WHERE contract_address = $token_id AND holder_rank IS NULL AND holder_address = $address
