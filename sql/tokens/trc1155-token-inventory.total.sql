-- /api/trc1155/token/inventory: number of holders with a positive quantity of the token id (rangeTotal).
-- @param contract VARCHAR
-- @param token_id VARCHAR
SELECT count(*) AS n FROM trc1155_balances b WHERE b.contract_address = $contract AND b.token_id = $token_id AND b.balance > 0;
