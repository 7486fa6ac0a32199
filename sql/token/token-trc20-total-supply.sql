-- /api/token_trc20/totalSupply: supply of a token contract (minted minus burned, derived) and its decimals.
-- @param contract VARCHAR
SELECT s.supply_raw, t.decimals
FROM token_stats s JOIN tokens t ON t.token_id = s.token_id AND t.token_standard = s.token_standard
WHERE s.token_id = $contract AND s.token_standard <> 'trc10';
