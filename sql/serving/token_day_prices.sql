-- Every priced token's USD price per UTC day as exact decimal text (token_id '_' = TRX), by the one price rule
-- (docs/compat.md "## Prices (issue 33)"): token_prices' daily close (a DOUBLE, printed as its shortest exact text: the
-- generator's synthetic feed, which no ingested lake has), else the close of the price_candles reference (quote USD; of
-- several sources, the first by name), else the chain's own
-- price: dex_prices' day close in USD (source sunswap; of several pools, the one with the most trades that day, then by
-- pool), so an ingested lake without a price feed gets USD values from its own swaps. A day with none has no row: its
-- USD fields are left out, never 0. The price rule of every per-day USD figure (trx_day_prices,
-- /api/account/holderToken/asset/valueInfo and basicInfo, /api/tokenTvc); bounded by the lake's days × the priced
-- tokens. In memory, a token's days are a filtered scan (a request read token_prices' files for them: 5-9 ms on the
-- default lake).
WITH candles AS (
  SELECT asset AS token_id, strftime(epoch_ms("time"), '%Y-%m-%d') AS day, arg_min(close, source) AS price
  FROM price_candles WHERE quote = 'USD'
  GROUP BY 1, 2
),
closes AS (
  SELECT token_id, day, CAST(price_usd AS VARCHAR) AS price FROM token_prices WHERE price_usd IS NOT NULL
),
chain AS (
  SELECT asset AS token_id, day, close_usd AS price
  FROM dex_prices WHERE granularity = 'day' AND close_usd IS NOT NULL
  QUALIFY row_number() OVER (PARTITION BY asset, day ORDER BY trade_count DESC, pool) = 1
)
SELECT token_id, day, coalesce(p.price, c.price, x.price) AS price,
       CASE WHEN p.price IS NOT NULL THEN 'token_prices' WHEN c.price IS NOT NULL THEN 'price_candles' ELSE 'sunswap' END AS priced_by
FROM candles c FULL JOIN closes p USING (token_id, day) FULL JOIN chain x USING (token_id, day)
ORDER BY 1, 2
