-- /api/token/all (SPEC §2.1): every token of the lake with its derived counters and latest USD price, most held first.
-- @param lim BIGINT
-- @param off BIGINT
SELECT t.token_id, t.token_standard, t.name, t.symbol, t.decimals, t.logo_url, t.level, t.project_name, t.aggregators,
       s.holder_count, s.transfer_count, s.transfer_count_24h, s.supply_raw, p.price_usd,
       -- the token's whole life's transfers only when it was created inside the lake (sql/macros/began_in_window.sql)
       CASE WHEN began_in_window(t.created_ts) THEN s.transfer_count END AS lifetime_transfers
FROM tokens t
JOIN token_stats s ON s.token_id = t.token_id AND s.token_standard = t.token_standard
LEFT JOIN latest_usd_prices p ON p.token_id = t.token_id
ORDER BY s.holder_count DESC, t.token_id
LIMIT $lim OFFSET $off;
