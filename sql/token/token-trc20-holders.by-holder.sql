-- /api/token_trc20/holders with holder_address: that address's positive TRC20 balances (optionally one contract),
-- largest first, from the copy clustered by holder.
-- @total
-- @param holder VARCHAR
-- @param contract VARCHAR
-- @param lim BIGINT
-- @param off BIGINT
SELECT b.contract_address, b.holder_address, b.balance_raw, b.update_block, b.update_ts, w.name AS sr_name
FROM trc20_balances_by_holder b
LEFT JOIN witnesses w ON w.address = b.holder_address AND w.witness_type = 1 -- lookup
WHERE b.bucket = address_bucket($holder) AND b.holder_address = $holder AND ($contract IS NULL OR b.contract_address = $contract)
ORDER BY b.balance DESC, b.contract_address
LIMIT $lim OFFSET $off;
