-- TRX's USD price per UTC day as exact decimal text (/api/account/analysis type 0): the close of the price_candles
-- reference (asset '_', quote USD; of several sources, the first by name), else token_prices' daily close (a DOUBLE,
-- printed as its shortest exact text). A day with neither has no row: its USD fields are left out, never 0.
WITH candles AS (
  SELECT strftime(epoch_ms("time"), '%Y-%m-%d') AS day, arg_min(close, source) AS price
  FROM price_candles WHERE asset = '_' AND quote = 'USD'
  GROUP BY 1
),
closes AS (
  SELECT day, CAST(price_usd AS VARCHAR) AS price FROM token_prices WHERE token_id = '_' AND price_usd IS NOT NULL
)
SELECT coalesce(c.day, p.day) AS day, coalesce(c.price, p.price) AS price,
       CASE WHEN c.price IS NOT NULL THEN 'price_candles' ELSE 'token_prices' END AS priced_by
FROM candles c FULL JOIN closes p USING (day)
ORDER BY 1
