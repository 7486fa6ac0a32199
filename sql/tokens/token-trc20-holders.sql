-- /api/token_trc20/holders: positive TRC20 balances of a contract and/or a holder, largest first. Reads the ledger
-- sorted by (contract, balance desc), so a contract's page touches its own row groups only.
-- @param contract VARCHAR
-- @param holder VARCHAR
-- @param lim BIGINT
-- @param off BIGINT
SELECT b.contract_address, b.holder_address, b.balance_raw, b.update_block, b.update_ts, w.name AS sr_name
FROM trc20_balances b
LEFT JOIN witnesses w ON w.address = b.holder_address AND w.witness_type = 1
WHERE ($contract IS NULL OR b.contract_address = $contract)
  AND ($holder IS NULL OR b.holder_address = $holder)
  AND b.balance > 0
ORDER BY b.balance DESC, b.contract_address, b.holder_address
LIMIT $lim OFFSET $off;
