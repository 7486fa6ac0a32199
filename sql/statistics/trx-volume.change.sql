-- /api/trx/volume's change ratios: the source's two newest days (close and market cap), newest first, whatever the
-- requested page or bounds.
-- @param source VARCHAR
SELECT "time", close, market_cap FROM trx_price_sources WHERE source = $source ORDER BY "time" DESC LIMIT 2
