-- /api/token_trc20/holders: number of positive balances matching the same filters (rangeTotal).
-- @param contract VARCHAR
-- @param holder VARCHAR
SELECT count(*) AS n
FROM trc20_balances b
WHERE ($contract IS NULL OR b.contract_address = $contract)
  AND ($holder IS NULL OR b.holder_address = $holder)
  AND b.balance > 0;
