-- /api/token_trc20/holders with holder_address: number of rows matching the same filters (rangeTotal).
-- @param holder VARCHAR
-- @param contract VARCHAR
SELECT count(*) AS n FROM trc20_balances_by_holder b
WHERE b.holder_address = $holder AND ($contract IS NULL OR b.contract_address = $contract);
