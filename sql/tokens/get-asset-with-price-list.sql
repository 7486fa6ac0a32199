-- /api/getAssetWithPriceList: every token with a price, at its latest day (TRX excluded: not a token row).
SELECT t.token_id, t.name, t.symbol, t.logo_url, t.token_standard, t.vip, l.price_usd
FROM latest_usd_prices l JOIN tokens t ON t.token_id = l.token_id
ORDER BY t.token_standard, t.token_id;
