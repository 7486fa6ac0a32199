-- /api/transaction-info step 2: the transaction, pruned to its block by row-group statistics.
-- @param hash VARCHAR
-- @param block BIGINT
-- @param day VARCHAR
SELECT t.*, is_confirmed(t.block_number) AS confirmed, head_block() - t.block_number AS confirmations
FROM transactions t
WHERE t."date" = $day AND t.block_number = $block AND t.tx_hash = $hash;
