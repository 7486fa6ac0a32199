-- Per token its latest daily USD and TRX price (usd, trx) and that day (day_ts, ms), the day before's USD price and
-- volume (prev_usd, prev_volume_usd, prev_day_ts: the 24 h changes), and the latest volume in USD and in TRX at that
-- day's TRX price (volume_usd, volume_trx). Read by the token lists and /api/token/price. From token_prices where it
-- prices the token (a generated lake: its answers unchanged); a token it never prices (every ingested lake) takes the
-- price rule per day (docs/compat.md "## Prices (issue 33)", written again here as in latest_usd_prices: serving tables
-- are made in name order): the price_candles close (quote USD, first source by name) with its volume, else the
-- chain's own, dex_prices' day row (source sunswap; of several pools the one with the most trades that day): close_usd,
-- close_trx (the chain's own TRX price), volume_usd and the WTRX traded. A candle's TRX price and TRX volume are its USD
-- figures ÷ TRX's USD price of that day by the same rule (none without one).
WITH pr AS (
  SELECT p.token_id, p.day_ts, p.price_usd, p.price_trx, p.volume_usd, x.price_usd AS trx_usd,
         row_number() OVER (PARTITION BY p.token_id ORDER BY p.day_ts DESC) AS rn
  FROM token_prices p JOIN token_prices x ON x.token_id = '_' AND x.day_ts = p.day_ts
), candles AS (
  SELECT asset AS token_id, "time" AS day_ts, CAST(arg_min(close, source) AS DOUBLE) AS price_usd,
         CAST(arg_min(volume, source) AS DOUBLE) AS volume_usd
  FROM price_candles WHERE quote = 'USD'
  GROUP BY 1, 2
), chain AS (
  SELECT asset AS token_id, epoch_ms(CAST(day AS TIMESTAMP)) AS day_ts, CAST(close_usd AS DOUBLE) AS price_usd,
         CAST(close_trx AS DOUBLE) AS price_trx, CAST(volume_usd AS DOUBLE) AS volume_usd,
         CAST(volume_sun AS DOUBLE) / 1e6 AS volume_trx
  FROM dex_prices WHERE granularity = 'day' AND close_usd IS NOT NULL
  QUALIFY row_number() OVER (PARTITION BY asset, day ORDER BY trade_count DESC, pool) = 1
), trx_usd AS (
  SELECT day_ts, coalesce(c.price_usd, p.price_usd, x.price_usd) AS usd
  FROM (SELECT * FROM candles WHERE token_id = '_') c
  FULL JOIN (SELECT day_ts, price_usd FROM token_prices WHERE token_id = '_') p USING (day_ts)
  FULL JOIN (SELECT * FROM chain WHERE token_id = '_') x USING (day_ts)
), ruled AS (
  SELECT token_id, day_ts,
         CASE WHEN c.price_usd IS NOT NULL THEN c.price_usd ELSE x.price_usd END AS price_usd,
         CASE WHEN c.price_usd IS NOT NULL THEN (CASE WHEN token_id = '_' THEN 1 ELSE c.price_usd / t.usd END) ELSE x.price_trx END AS price_trx,
         CASE WHEN c.price_usd IS NOT NULL THEN c.volume_usd ELSE x.volume_usd END AS volume_usd,
         CASE WHEN c.price_usd IS NOT NULL THEN c.volume_usd / t.usd ELSE x.volume_trx END AS volume_trx,
         row_number() OVER (PARTITION BY token_id ORDER BY day_ts DESC) AS rn
  FROM candles c FULL JOIN chain x USING (token_id, day_ts) LEFT JOIN trx_usd t USING (day_ts)
  WHERE token_id NOT IN (SELECT token_id FROM token_prices)
)
SELECT token_id, max(price_usd) FILTER (WHERE rn = 1) AS usd, max(price_trx) FILTER (WHERE rn = 1) AS trx,
       max(day_ts) FILTER (WHERE rn = 1) AS day_ts,
       max(price_usd) FILTER (WHERE rn = 2) AS prev_usd, max(volume_usd) FILTER (WHERE rn = 2) AS prev_volume_usd,
       max(day_ts) FILTER (WHERE rn = 2) AS prev_day_ts,
       max(volume_usd) FILTER (WHERE rn = 1) AS volume_usd, max(volume_usd / trx_usd) FILTER (WHERE rn = 1) AS volume_trx
FROM pr WHERE rn <= 2 GROUP BY token_id
UNION ALL
SELECT token_id, max(price_usd) FILTER (WHERE rn = 1), max(price_trx) FILTER (WHERE rn = 1), max(day_ts) FILTER (WHERE rn = 1),
       max(price_usd) FILTER (WHERE rn = 2), max(volume_usd) FILTER (WHERE rn = 2), max(day_ts) FILTER (WHERE rn = 2),
       max(volume_usd) FILTER (WHERE rn = 1), max(volume_trx) FILTER (WHERE rn = 1)
FROM ruled WHERE rn <= 2 GROUP BY token_id;
