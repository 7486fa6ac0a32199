-- /api/trx/volume/sourceList (and the source check of /api/trx/volume): the price sources of TRX's USD candles the
-- lake has, by name, with their days.
SELECT source, count(*) AS days, min("time") AS first_time, max("time") AS last_time
FROM trx_price_sources GROUP BY source ORDER BY source
