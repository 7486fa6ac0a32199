-- /api/trx/volume: TRX's daily USD candles of one price source (sql/serving/trx_price_sources.sql), newest first,
-- inside optional time bounds (ms, inclusive, on the day's start). The count rides on the page (count(*) OVER ()).
-- @param source VARCHAR
-- @param start_ts BIGINT
-- @param end_ts BIGINT
-- @param lim BIGINT
-- @param off BIGINT
SELECT "time", open, high, low, close, volume, market_cap, source, count(*) OVER () AS n_rows
FROM trx_price_sources
WHERE source = $source
  AND ($start_ts IS NULL OR "time" >= $start_ts)
  AND ($end_ts IS NULL OR "time" <= $end_ts)
ORDER BY "time" DESC
LIMIT $lim OFFSET $off
