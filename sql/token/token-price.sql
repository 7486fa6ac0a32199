-- /api/token/price: the two latest daily prices of every priced token (for the 24 h change; latest_prices, the price
-- rule's latest day), with what the market cap needs (supply, decimals). Small: one row per priced token and day kept.
WITH days AS (
  SELECT token_id, 1 AS rn, day_ts, usd AS price_usd, trx AS price_trx, volume_usd FROM latest_prices
  UNION ALL
  SELECT token_id, 2, prev_day_ts, prev_usd, NULL, prev_volume_usd FROM latest_prices WHERE prev_day_ts IS NOT NULL
)
SELECT r.token_id, r.rn, r.day_ts, r.price_usd, r.price_trx, r.volume_usd, t.symbol, t.decimals, s.supply
FROM days r
LEFT JOIN tokens t ON t.token_id = r.token_id
LEFT JOIN token_stats s ON s.token_id = r.token_id AND s.token_standard = t.token_standard
ORDER BY r.token_id, r.rn;
