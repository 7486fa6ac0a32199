-- Every priced token's USD price per UTC day as exact decimal text (token_id '_' = TRX): the close of the
-- price_candles reference (quote USD; of several sources, the first by name), else token_prices' daily close (a
-- DOUBLE, printed as its shortest exact text). A day with neither has no row: its USD fields are left out, never 0.
-- The price rule of every per-day USD figure (trx_day_prices, /api/account/holderToken/asset/valueInfo and
-- basicInfo); bounded by the lake's days × the priced tokens. In memory, a token's days are a filtered scan (a
-- request read token_prices' files for them: 5-9 ms on the default lake).
WITH candles AS (
  SELECT asset AS token_id, strftime(epoch_ms("time"), '%Y-%m-%d') AS day, arg_min(close, source) AS price
  FROM price_candles WHERE quote = 'USD'
  GROUP BY 1, 2
),
closes AS (
  SELECT token_id, day, CAST(price_usd AS VARCHAR) AS price FROM token_prices WHERE price_usd IS NOT NULL
)
SELECT token_id, day, coalesce(c.price, p.price) AS price,
       CASE WHEN c.price IS NOT NULL THEN 'price_candles' ELSE 'token_prices' END AS priced_by
FROM candles c FULL JOIN closes p USING (token_id, day)
ORDER BY 1, 2
