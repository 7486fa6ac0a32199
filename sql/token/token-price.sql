-- /api/token/price: the two latest daily prices of every priced token (for the 24 h change), with what the
-- market cap needs (supply, decimals). Small: one row per priced token and day kept.
WITH ranked AS (
  SELECT p.*, row_number() OVER (PARTITION BY p.token_id ORDER BY p.day_ts DESC) AS rn FROM token_prices p
)
SELECT r.token_id, r.rn, r.day_ts, r.price_usd, r.price_trx, r.volume_usd, t.symbol, t.decimals, s.supply
FROM ranked r
LEFT JOIN tokens t ON t.token_id = r.token_id
LEFT JOIN token_stats s ON s.token_id = r.token_id AND s.token_standard = t.token_standard
WHERE r.rn <= 2
ORDER BY r.token_id, r.rn;
