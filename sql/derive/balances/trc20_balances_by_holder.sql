-- The positive TRC20 balances of trc20_balances (same rows, same ranks: a positive balance is the one with a
-- holder_rank), clustered by holder: the tokens of one address read a few row groups.
SELECT contract_address, holder_address, balance_raw, balance, update_block, update_ts, holder_rank
FROM trc20_balances
WHERE holder_rank IS NOT NULL
