-- Each token's day rows (daily_token_activity) with the token's decimals (6 for TRX; NULL when the tokens dimension
-- does not know it) and its USD price of that day (price_usd; NULL when the lake has none), joined once per version:
-- token_prices' close where it prices the token that day (a generated lake: its answers unchanged), else the price
-- rule (token_day_prices, made before this table: serving tables are made in name order; docs/compat.md
-- "## Prices (issue 33)").
SELECT a.*, coalesce(p.price_usd, CAST(r.price AS DOUBLE)) AS price_usd,
       CASE WHEN a.token_id = '_' THEN 6 ELSE t.decimals END AS decimals
FROM daily_token_activity a
LEFT JOIN token_prices p ON p.token_id = a.token_id AND p.day = a.day
LEFT JOIN token_day_prices r ON r.token_id = a.token_id AND r.day = a.day
LEFT JOIN (SELECT token_id, max(decimals) AS decimals FROM tokens GROUP BY token_id) t ON t.token_id = a.token_id
ORDER BY a.token_id, a.day
