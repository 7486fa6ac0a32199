-- /api/security/token/data: the token's listing fields (tokens), whether the lake saw it minted (token_stats.minted_raw:
-- Transfers from the zero address; a stablecoin's Issue / Mint events), blacklist events on it (stablecoin_events in
-- memory) and the DEX pools holding it (dex_pools, project_contracts' tokens). One token's rows; n = 0 when unknown.
-- @param token VARCHAR
SELECT count(*) AS n, any_value(t.token_standard) AS token_standard, any_value(t.vip) AS vip, any_value(t.level) AS level,
       any_value(t.name) AS name, any_value(t.symbol) AS symbol,
       (SELECT coalesce(max(minted_raw), '0') FROM token_stats WHERE token_id = $token) AS minted_raw,
       (SELECT count(*) FROM stablecoin_events_served WHERE contract_address = $token AND supply_effect = 'mint') AS stable_mints,
       (SELECT count(*) FROM stablecoin_events_served WHERE contract_address = $token AND blacklist_effect IS NOT NULL) AS blacklist_events,
       (SELECT count(*) FROM dex_pools WHERE token0 = $token OR token1 = $token)
         + (SELECT count(*) FROM project_contracts WHERE list_contains(string_split(coalesce(tokens, ''), ','), $token)) AS pools
FROM tokens t
WHERE t.token_id = $token
