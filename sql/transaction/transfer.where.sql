-- Filters of /api/transfer shared by the fact table and the copy clustered by address (alias {{1}}): TRX
-- (contract_type 1, tokenName '_') and TRC10 (type 2, tokenName = token_id) transfers. $tokens holds '_' for TRX and
-- TRC10 ids (the token of a transfer row is '_' or its token_id: no contract column is read, measured faster than
-- the token column of fragments); $min_amount is a threshold in sun / raw TRC10 units; $confirm keeps the listed states.
-- @param from_address VARCHAR
-- @param to_address VARCHAR
-- @param block BIGINT
-- @param tokens VARCHAR[]
-- @param confirm INTEGER[]
-- @param min_amount DOUBLE
{{1}}.contract_type IN (1, 2)
AND ($from_address IS NULL OR {{1}}.owner_address = $from_address)
AND ($to_address IS NULL OR {{1}}.to_address = $to_address)
AND ($block IS NULL OR {{1}}.block_number = $block)
AND ($tokens IS NULL OR list_contains($tokens, asset_id({{1}}.contract_type, {{1}}.token_id)))
AND ($min_amount IS NULL OR {{1}}.amount >= $min_amount)
AND ($confirm IS NULL OR list_contains($confirm, tx_state({{1}}.contract_ret, {{1}}.block_number)))
