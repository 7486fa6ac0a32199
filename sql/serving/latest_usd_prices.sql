-- Per priced token its latest daily USD price (price_usd), whether or not TRX has a price that day: token_prices'
-- close, else, for a token token_prices never prices (an ingested lake), the chain's own: dex_prices' latest day close
-- in USD (source sunswap; of several pools the one with the most trades that day). docs/compat.md "## Prices (issue 33)".
-- A serving table, not a view (issue 33): views are made before a derive step has dex_prices; the serving tables that
-- read it (priced_tokens, top10_*) come after it in name order.
WITH chain AS (
  SELECT asset AS token_id, day, CAST(close_usd AS DOUBLE) AS price_usd
  FROM dex_prices WHERE granularity = 'day' AND close_usd IS NOT NULL
  QUALIFY row_number() OVER (PARTITION BY asset, day ORDER BY trade_count DESC, pool) = 1
)
SELECT token_id, arg_max(price_usd, day_ts) AS price_usd FROM token_prices GROUP BY token_id
UNION ALL
SELECT token_id, arg_max(price_usd, day) FROM chain
WHERE token_id NOT IN (SELECT token_id FROM token_prices)
GROUP BY token_id
