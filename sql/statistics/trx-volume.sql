-- /api/trx/volume's download (format=csv): TRX's daily USD candles of one price source (sql/serving/trx_price_sources.sql),
-- newest first, inside optional time bounds (ms, inclusive, on the day's start). Pages come from the candles held per
-- version (trx-volume.all.sql).
-- @param source VARCHAR
-- @param start_ts BIGINT
-- @param end_ts BIGINT
-- @param lim BIGINT
-- @param off BIGINT
SELECT "time", open, high, low, close, volume, market_cap, source
FROM trx_price_sources
WHERE source = $source
  AND ($start_ts IS NULL OR "time" >= $start_ts)
  AND ($end_ts IS NULL OR "time" <= $end_ts)
ORDER BY "time" DESC
LIMIT $lim OFFSET $off
