-- /api/getAssetWithPriceList: every token with a price, at its latest day (TRX excluded: not a token row), from the
-- serving table sql/serving/priced_tokens.sql.
SELECT token_id, name, symbol, logo_url, token_standard, vip, price_usd
FROM priced_tokens
ORDER BY token_standard, token_id;
