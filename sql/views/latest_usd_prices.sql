-- Per priced token its latest daily USD price (price_usd), whether or not TRX has a price that day.
SELECT token_id, arg_max(price_usd, day_ts) AS price_usd FROM token_prices GROUP BY token_id;
