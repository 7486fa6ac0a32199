-- /api/token_trc20/holders for a contract: the page is a range of holder_rank (largest balance first), which the
-- ledger's (contract, rank) order prunes to one row group. Its count is token-trc20-holders.by-contract.total.sql.
-- A CSV download without limit binds $lim NULL (every holder from $off), as LIMIT NULL means no limit elsewhere.
-- @param contract VARCHAR
-- @param lim BIGINT
-- @param off BIGINT
SELECT b.contract_address, b.holder_address, b.balance_raw, b.update_block, b.update_ts, w.name AS sr_name
FROM trc20_balances b
LEFT JOIN witnesses w ON w.address = b.holder_address AND w.witness_type = 1
WHERE b.contract_address = $contract AND b.holder_rank > $off AND ($lim IS NULL OR b.holder_rank <= $off + $lim)
ORDER BY b.holder_rank;
