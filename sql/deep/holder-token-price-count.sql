-- /api/account/holderToken/*: how many day prices token_day_prices holds (whether deep/holder-token-prices is kept
-- per version).
SELECT count(*) AS n FROM token_day_prices
