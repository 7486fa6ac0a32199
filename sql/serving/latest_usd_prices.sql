-- Per priced token its latest daily USD price (price_usd), whether or not TRX has a price that day. token_prices'
-- close where token_prices prices the token (a generated lake: its answers unchanged); a token it never prices (every
-- ingested lake) takes the latest day of the price rule (docs/compat.md "## Prices (issue 33)"): the price_candles
-- close (quote USD, first source by name), else the chain's own, dex_prices' day close in USD (source sunswap; of
-- several pools the one with the most trades that day). token_day_prices holds the same rule per day; it is written
-- here again because serving tables are made in name order (this one is read by priced_tokens, made before it).
-- A serving table, not a view (issue 33): views are made before a derive step has dex_prices.
WITH candles AS (
  SELECT asset AS token_id, strftime(epoch_ms("time"), '%Y-%m-%d') AS day, CAST(arg_min(close, source) AS DOUBLE) AS price_usd
  FROM price_candles WHERE quote = 'USD'
  GROUP BY 1, 2
), chain AS (
  SELECT asset AS token_id, day, CAST(close_usd AS DOUBLE) AS price_usd
  FROM dex_prices WHERE granularity = 'day' AND close_usd IS NOT NULL
  QUALIFY row_number() OVER (PARTITION BY asset, day ORDER BY trade_count DESC, pool) = 1
), ruled AS (
  SELECT token_id, day, coalesce(c.price_usd, x.price_usd) AS price_usd
  FROM candles c FULL JOIN chain x USING (token_id, day)
)
SELECT token_id, arg_max(price_usd, day_ts) AS price_usd FROM token_prices GROUP BY token_id
UNION ALL
SELECT token_id, arg_max(price_usd, day) FROM ruled
WHERE token_id NOT IN (SELECT token_id FROM token_prices)
GROUP BY token_id
