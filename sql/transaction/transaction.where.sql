-- Filters of /api/transaction shared by the fact table and the copy clustered by address (alias {{1}}).
-- @param block BIGINT
-- @param types INTEGER[]
-- @param tokens VARCHAR[]
-- @param confirm INTEGER[]
($block IS NULL OR {{1}}.block_number = $block)
AND ($types IS NULL OR list_contains($types, {{1}}.contract_type))
AND ($tokens IS NULL OR list_contains($tokens, coalesce(asset_id({{1}}.contract_type, {{1}}.token_id), {{1}}.contract_address)))
AND ($confirm IS NULL OR list_contains($confirm, tx_state({{1}}.contract_ret, {{1}}.block_number)))
