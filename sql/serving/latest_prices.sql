-- Per token its latest daily USD and TRX price (usd, trx), the day before's USD price (prev_usd, for the 24 h gain),
-- and the latest volume in USD and in TRX at that day's TRX price (volume_usd, volume_trx). Read by the token lists.
-- From token_prices; a token token_prices never prices (an ingested lake) takes the chain's own prices, dex_prices'
-- day rows (source sunswap; of several pools the one with the most trades that day): close_usd, close_trx, the day
-- before's close_usd, volume_usd and the WTRX traded. docs/compat.md "## Prices (issue 33)".
WITH pr AS (
  SELECT p.token_id, p.price_usd, p.price_trx, p.volume_usd, x.price_usd AS trx_usd,
         row_number() OVER (PARTITION BY p.token_id ORDER BY p.day_ts DESC) AS rn
  FROM token_prices p JOIN token_prices x ON x.token_id = '_' AND x.day_ts = p.day_ts
), chain_days AS (
  SELECT asset AS token_id, day, CAST(close_usd AS DOUBLE) AS price_usd, CAST(close_trx AS DOUBLE) AS price_trx,
         CAST(volume_usd AS DOUBLE) AS volume_usd, CAST(volume_sun AS DOUBLE) / 1e6 AS volume_trx
  FROM dex_prices WHERE granularity = 'day' AND asset NOT IN (SELECT token_id FROM token_prices)
  QUALIFY row_number() OVER (PARTITION BY asset, day ORDER BY trade_count DESC, pool) = 1
), chain AS (
  SELECT *, row_number() OVER (PARTITION BY token_id ORDER BY day DESC) AS rn FROM chain_days
)
SELECT token_id, max(price_usd) FILTER (WHERE rn = 1) AS usd, max(price_trx) FILTER (WHERE rn = 1) AS trx,
       max(price_usd) FILTER (WHERE rn = 2) AS prev_usd, max(volume_usd) FILTER (WHERE rn = 1) AS volume_usd,
       max(volume_usd / trx_usd) FILTER (WHERE rn = 1) AS volume_trx
FROM pr WHERE rn <= 2 GROUP BY token_id
UNION ALL
SELECT token_id, max(price_usd) FILTER (WHERE rn = 1), max(price_trx) FILTER (WHERE rn = 1),
       max(price_usd) FILTER (WHERE rn = 2), max(volume_usd) FILTER (WHERE rn = 1), max(volume_trx) FILTER (WHERE rn = 1)
FROM chain WHERE rn <= 2 GROUP BY token_id;
