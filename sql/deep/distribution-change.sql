-- /api/stableCoin/distribution/change: one stablecoin contract's points from daily_stablecoin_distribution (its rules:
-- sql/derive/daily-rollups/daily_stablecoin_distribution.sql), one row per category total and per top holder of each
-- day, in day order, the top holders by rank.
-- @param token VARCHAR
SELECT "day", kind, coalesce(category, holder_address) AS "key", amount_raw AS value, rank AS rn
FROM daily_stablecoin_distribution
WHERE contract_address = $token
ORDER BY "day", kind, rn, "key";
