-- /api/transaction-info step 2: the transaction, pruned to its block by row-group statistics.
-- @param hash VARCHAR
-- @param block BIGINT
-- @param day VARCHAR
SELECT t.*, t.block_number <= s.solid_block AS confirmed, s.head_block - t.block_number AS confirmations
FROM transactions t
CROSS JOIN chain_state s
WHERE t."date" = $day AND t.block_number = $block AND t.tx_hash = $hash;
