-- Filters of the token-transfer lists (/api/token_trc20/transfers, /api/token_trc1155/transfers) shared by the
-- fact table and the copy clustered by address (alias {{1}}). A confirm filter arrives as block bounds around the
-- solid block ($min_block / $max_block), which prune row groups.
-- @param contract VARCHAR
-- @param block BIGINT
-- @param min_block BIGINT
-- @param max_block BIGINT
-- @param min_amount DOUBLE
($contract IS NULL OR {{1}}.contract_address = $contract)
AND ($block IS NULL OR {{1}}.block_number = $block)
AND ($min_block IS NULL OR {{1}}.block_number >= $min_block) AND ($max_block IS NULL OR {{1}}.block_number <= $max_block)
AND ($min_amount IS NULL OR {{1}}.amount >= $min_amount)
