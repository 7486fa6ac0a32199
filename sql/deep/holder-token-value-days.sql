-- /api/account/holderToken/asset/valueInfo: the lake days of [$start_day, $end_day] with $token_id's USD price of each,
-- by the price rule of trx_day_prices: the close of the price_candles reference (quote USD; of several sources the
-- first by name), else token_prices' daily close (a DOUBLE, printed as its shortest exact text); NULL with neither.
-- @param start_day VARCHAR
-- @param end_day VARCHAR
-- @param token_id VARCHAR
WITH candles AS (
  SELECT strftime(epoch_ms("time"), '%Y-%m-%d') AS day, arg_min(close, source) AS price
  FROM price_candles WHERE asset = $token_id AND quote = 'USD'
  GROUP BY 1
),
closes AS (
  SELECT day, CAST(price_usd AS VARCHAR) AS price FROM token_prices WHERE token_id = $token_id AND price_usd IS NOT NULL
),
prices AS (
  SELECT coalesce(c.day, p.day) AS day, coalesce(c.price, p.price) AS price FROM candles c FULL JOIN closes p USING (day)
)
SELECT d.day, p.price
FROM (SELECT day FROM daily_network_series WHERE day BETWEEN $start_day AND $end_day) d
LEFT JOIN prices p ON p.day = d.day
