-- /api/tokenholders' count for one token (token/tokenholders.ranked): its positive balances, from the per-token stats.
-- @param token_id VARCHAR
SELECT holder_count AS n FROM token_stats WHERE token_id = $token_id AND token_standard = 'trc10'
