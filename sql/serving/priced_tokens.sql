-- Every token that has a price (TRX excluded: not a token row), with its latest daily USD price, in the order
-- /api/getAssetWithPriceList lists them; joined once per version instead of per request. Bounded by the tokens.
SELECT t.token_id, t.name, t.symbol, t.logo_url, t.token_standard, t.vip, l.price_usd
FROM latest_usd_prices l JOIN tokens t ON t.token_id = l.token_id
ORDER BY t.token_standard, t.token_id
