-- /api/system/homepage-bundle tickers: TRX's latest daily close in USD, EUR and ETH from the price_candles reference
-- (exact decimal text; of several sources on a day the first by name, as the price rule), each with its day. No
-- candle of a quote: no row for it. Read once per version.
SELECT quote, arg_max(close, "time") AS close, max("time") AS "time"
FROM (SELECT quote, "time", arg_min(close, source) AS close FROM price_candles WHERE asset = '_' GROUP BY quote, "time")
GROUP BY quote
ORDER BY quote
