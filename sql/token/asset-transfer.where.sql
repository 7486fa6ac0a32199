-- Filters of /api/asset/transfer shared by the fact table and the copy clustered by address (alias {{1}}): TRX
-- (type 1, tokenName '_') and TRC10 (type 2) transfers. $tokens holds '_' and / or TRC10 ids (NULL = all); $confirm
-- keeps 0 solidified / 1 not yet (NULL = all).
-- @param tokens VARCHAR[]
-- @param confirm INTEGER[]
-- @param min_amount DOUBLE
{{1}}.contract_type IN (1, 2)
AND ($tokens IS NULL OR list_contains($tokens, asset_id({{1}}.contract_type, {{1}}.token_id)))
AND ($min_amount IS NULL OR {{1}}.amount >= $min_amount)
AND ($confirm IS NULL OR list_contains($confirm, block_state({{1}}.block_number)))
