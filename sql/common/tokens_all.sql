-- Every token's metadata for tokenInfo objects (the lookups' per-version map, src/endpoints/kit/lookups.ts): the
-- columns of token_info.sql, all rows.
SELECT token_id, token_standard, name, symbol, decimals, issuer_address, logo_url, level, vip, can_show
FROM tokens;
