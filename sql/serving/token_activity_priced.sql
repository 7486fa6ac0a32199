-- Each token's day rows (daily_token_activity) with the token's decimals (6 for TRX; NULL when the tokens dimension
-- does not know it) and its USD closing price of that day (NULL when the lake has none), joined once per version.
SELECT a.*, p.price_usd,
       CASE WHEN a.token_id = '_' THEN 6 ELSE t.decimals END AS decimals
FROM daily_token_activity a
LEFT JOIN token_prices p ON p.token_id = a.token_id AND p.day = a.day
LEFT JOIN (SELECT token_id, max(decimals) AS decimals FROM tokens GROUP BY token_id) t ON t.token_id = a.token_id
ORDER BY a.token_id, a.day
