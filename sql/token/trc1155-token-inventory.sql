-- /api/trc1155/token/inventory: holders of one TRC1155 token id with their positive net quantity, largest first.
-- @total
-- @param contract VARCHAR
-- @param token_id VARCHAR
-- @param lim BIGINT
-- @param off BIGINT
SELECT b.holder_address, b.balance_raw, b.token_id, t.name
FROM trc1155_balances b
LEFT JOIN tokens t ON t.token_id = b.contract_address AND t.token_standard = 'trc1155' -- lookup
WHERE b.contract_address = $contract AND b.token_id = $token_id AND b.balance > 0
ORDER BY {{order_by}}
LIMIT $lim OFFSET $off;
