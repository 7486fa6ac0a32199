-- /api/trc1155/inventory: number of token ids matching the same filters (rangeTotal).
-- @param contract VARCHAR
-- @param token_id VARCHAR
SELECT count(*) AS n FROM trc1155_tokens k WHERE k.contract_address = $contract AND ($token_id IS NULL OR k.token_id = $token_id);
