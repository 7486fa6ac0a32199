-- /api/token_trc20/holders for a contract: its holder count (positive balances), from the per-token stats.
-- @param contract VARCHAR
SELECT holder_count AS n FROM token_stats WHERE token_id = $contract AND token_standard = 'trc20';
