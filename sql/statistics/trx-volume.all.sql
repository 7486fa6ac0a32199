-- /api/trx/volume's candles of every source, read once per version (bounded by the lake's sources × days; the
-- endpoint filters, counts and pages them in memory, and takes the change ratios from a source's two newest days).
-- The download streams sql/statistics/trx-volume.sql instead.
SELECT "time", open, high, low, close, volume, market_cap, source
FROM trx_price_sources
ORDER BY source, "time" DESC
