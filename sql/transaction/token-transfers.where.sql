-- Filters of the token-transfer lists (/api/token_trc20/transfers, /api/token_trc1155/transfers) shared by the
-- fact table and the copy clustered by address (alias {{1}}). A confirm filter arrives as block bounds around the
-- solid block ($min_block / $max_block), which prune row groups. An amount threshold is exact (docs/compat.md
-- "Numbers"): $min_amount_raw is the integer as text, compared with the canonical amount_raw by length then digits;
-- $min_amount, a double never above it, only prunes.
-- @param contract VARCHAR
-- @param block BIGINT
-- @param min_block BIGINT
-- @param max_block BIGINT
-- @param min_amount DOUBLE
-- @param min_amount_raw VARCHAR
($contract IS NULL OR {{1}}.contract_address = $contract)
AND ($block IS NULL OR {{1}}.block_number = $block)
AND ($min_block IS NULL OR {{1}}.block_number >= $min_block) AND ($max_block IS NULL OR {{1}}.block_number <= $max_block)
AND ($min_amount_raw IS NULL OR ({{1}}.amount >= $min_amount AND (length({{1}}.amount_raw) > length($min_amount_raw)
  OR (length({{1}}.amount_raw) = length($min_amount_raw) AND {{1}}.amount_raw >= $min_amount_raw))))
