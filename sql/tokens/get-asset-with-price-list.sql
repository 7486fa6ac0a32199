-- /api/getAssetWithPriceList: every token with a price, at its latest day (TRX excluded: not a token row).
WITH latest AS (SELECT token_id, arg_max(price_usd, day_ts) AS price_usd FROM token_prices GROUP BY token_id)
SELECT t.token_id, t.name, t.symbol, t.logo_url, t.token_standard, t.vip, l.price_usd
FROM latest l JOIN tokens t ON t.token_id = l.token_id
ORDER BY t.token_standard, t.token_id;
