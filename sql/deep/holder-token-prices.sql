-- /api/account/holderToken/basicInfo and asset/valueInfo: every priced token's USD price per day (token_day_prices,
-- the service's per-day price rule), read once per version when the table is small enough to keep
-- (deep/holder-token-price-count; else deep/holder-token-value-days per request).
SELECT token_id, day, price FROM token_day_prices WHERE price IS NOT NULL
