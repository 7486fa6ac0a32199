-- Token metadata for tokenInfo objects, by TRC10 id or contract address.
-- @param ids VARCHAR[]
SELECT token_id, token_standard, name, symbol, decimals, issuer_address, logo_url, level, vip, can_show
FROM tokens
WHERE token_id IN (SELECT unnest($ids));
